import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { AUTH } from "~/lib/ui-text";
import { authClient, uniqueEmail } from "../../../tests/helpers/auth-client";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import { user } from "../db/auth-tables.server";
import { isCommonPassword, newPasswordProblem } from "./password-policy.server";

describe("new-password rules", () => {
  it("refuses common breached passwords whatever their case", () => {
    expect(isCommonPassword("Password1")).toBe(true);
    expect(isCommonPassword("password")).toBe(true);
    expect(newPasswordProblem("Password1")).toBe("This password is too common. Choose another.");
    expect(newPasswordProblem("Brass-Van-42")).toBeNull();
  });

  it("refuses the business's own words anywhere in the password", () => {
    expect(newPasswordProblem("MyLockline2026")).toBe(AUTH.passwordTooCommon);
    expect(newPasswordProblem("bestLOCKSMITH9")).toBe(AUTH.passwordTooCommon);
  });

  // The messages of docs/spec/back-office.md §5 (sign-up).
  it("gives the spec's messages first, then the length limit", () => {
    expect(newPasswordProblem("aaaaaaaa")).toBe(AUTH.passwordTooWeak);
    expect(newPasswordProblem("Ab1")).toBe(AUTH.passwordTooShort);
    expect(newPasswordProblem(`Ab1${"x".repeat(126)}`)).toBe(
      "Password must be at most 128 characters long",
    );
  });
});

describeEachDatabase("the auth API refuses what the forms refuse", (t) => {
  const client = () => authClient(t.handle.db);

  async function refusal(response: Response) {
    expect(response.status).toBe(400);
    return ((await response.json()) as { message: string }).message;
  }

  async function accountExists(email: string) {
    const rows = await t.handle.db.select().from(user).where(eq(user.email, email));
    return rows.length > 0;
  }

  it("sign-up refuses aaaaaaaa, Password1, a 129-character password, a long name or email", async () => {
    const cases: [Record<string, string>, string][] = [
      [{ password: "aaaaaaaa" }, AUTH.passwordTooWeak],
      [{ password: "Password1" }, AUTH.passwordTooCommon],
      [{ password: `Ab1${"x".repeat(126)}` }, AUTH.passwordTooLong],
      [{ name: "n".repeat(10_000) }, AUTH.nameTooLong],
      [{ email: `${"e".repeat(10_000)}@example.com` }, AUTH.emailTooLong],
    ];
    for (const [change, message] of cases) {
      const body = {
        name: "Ana Díaz",
        email: uniqueEmail(),
        password: "Brass-Van-42",
        ...change,
      };
      expect(await refusal(await client().post("/sign-up/email", body))).toBe(message);
      expect(await accountExists(body.email)).toBe(false);
    }
  });

  it("change-password and update-user refuse for a signed-in account what the forms refuse", async () => {
    const api = client();
    const email = uniqueEmail();
    const cookie = await api.signUpAndIn({ name: "Ana Díaz", email, password: "Brass-Van-42" });
    for (const [newPassword, message] of [
      ["aaaaaaaa", AUTH.passwordTooWeak],
      ["Password1", AUTH.passwordTooCommon],
      [`Ab1${"x".repeat(126)}`, AUTH.passwordTooLong],
    ] as const) {
      const response = await api.post(
        "/change-password",
        { currentPassword: "Brass-Van-42", newPassword },
        { cookie },
      );
      expect(await refusal(response)).toBe(message);
    }
    const renamed = await api.post("/update-user", { name: "n".repeat(10_000) }, { cookie });
    expect(await refusal(renamed)).toBe(AUTH.nameTooLong);
    // The session is real: a good new password is taken.
    const changed = await api.post(
      "/change-password",
      { currentPassword: "Brass-Van-42", newPassword: "Copper-Owl-73" },
      { cookie },
    );
    expect(changed.status).toBe(200);
  });

  it("better-auth's own reset endpoints are closed: resets go through our one-time links", async () => {
    for (const path of ["/reset-password", "/request-password-reset"]) {
      const response = await client().post(path, {
        newPassword: "Password1",
        token: "x",
        email: "a@example.com",
      });
      expect(response.status, path).toBe(404);
    }
  });
});
