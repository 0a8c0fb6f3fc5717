import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { AUTH } from "~/lib/messages";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import { user } from "../db/auth-tables.server";
import { parseEnv } from "../env.server";
import { createAuth, CLIENT_IP_HEADER } from "./auth.server";
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

  it("gives the spec's messages first, then the length limit", () => {
    expect(newPasswordProblem("aaaaaaaa")).toBe(AUTH.passwordTooWeak);
    expect(newPasswordProblem("Ab1")).toBe(AUTH.passwordTooShort);
    expect(newPasswordProblem(`Ab1${"x".repeat(126)}`)).toBe(
      "Password must be at most 128 characters long",
    );
  });
});

describeEachDatabase("the auth API refuses what the forms refuse", (t) => {
  const env = parseEnv({ SITE_URL: "http://localhost:3000" });
  const uniqueEmail = () => `api-${crypto.randomUUID().slice(0, 8)}@example.com`;

  function post(path: string, body: unknown, headers: Record<string, string> = {}) {
    const auth = createAuth(t.handle.db, env, "test-secret-test-secret-test-secret");
    return auth.handler(
      new Request(`http://localhost:3000/api/auth${path}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          origin: "http://localhost:3000",
          // A fresh IP each time, so the per-IP sign-up limit does not interfere.
          [CLIENT_IP_HEADER]: `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
          ...headers,
        },
        body: JSON.stringify(body),
      }),
    );
  }

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
      expect(await refusal(await post("/sign-up/email", body))).toBe(message);
      expect(await accountExists(body.email)).toBe(false);
    }
  });

  it("sign-up accepts a good password; change-password refuses weak and common ones", async () => {
    const email = uniqueEmail();
    const signUp = await post("/sign-up/email", {
      name: "Ana Díaz",
      email,
      password: "Brass-Van-42",
    });
    expect(signUp.status).toBe(200);
    const cookie = signUp.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    for (const [newPassword, message] of [
      ["aaaaaaaa", AUTH.passwordTooWeak],
      ["Password1", AUTH.passwordTooCommon],
    ] as const) {
      const response = await post(
        "/change-password",
        { currentPassword: "Brass-Van-42", newPassword },
        { cookie },
      );
      expect(await refusal(response)).toBe(message);
    }
    const renamed = await post("/update-user", { name: "n".repeat(10_000) }, { cookie });
    expect(await refusal(renamed)).toBe(AUTH.nameTooLong);
  });

  it("reset-password refuses a common password before looking at the token", async () => {
    const response = await post("/reset-password", { newPassword: "Password1", token: "x" });
    expect(await refusal(response)).toBe(AUTH.passwordTooCommon);
  });
});
