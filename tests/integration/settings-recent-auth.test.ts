import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { ownerWithSession } from "../helpers/owner-session";
import { describeEachDatabase } from "../helpers/test-database";
import { createUserWithPassword } from "~/server/auth/users.server";
import { user } from "~/server/db/auth-tables.server";
import { parseEnv } from "~/server/env.server";
import { action } from "~/routes/admin/settings";

/*
 * Settings → Team's action as the server runs it: a role change from a session whose
 * password is more than 10 minutes old is not made; the owner is sent to confirm first.
 */

describeEachDatabase("Settings → Team asks for a recent password", (t) => {
  const ownerContext = async (provedMinutesAgo: number) =>
    (
      await ownerWithSession(t.handle, provedMinutesAgo, {
        name: "Stale Owner",
        services: { env: parseEnv({ SITE_URL: "https://lockline.example" }) },
      })
    ).context;

  function post(form: Record<string, string>) {
    return new Request("https://lockline.example/admin/settings", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form).toString(),
    });
  }

  it("sends a stale session to confirm, and changes no role", async () => {
    const member = await createUserWithPassword(t.handle.db, {
      email: `member-${crypto.randomUUID().slice(0, 8)}@example.com`,
      name: "Member",
      password: "Brass-Van-42",
      role: "admin",
    });
    const request = post({ intent: "set-role", userId: member.id, role: "owner" });
    const args = { request, context: await ownerContext(11), params: {} };
    const answer = await action(args as unknown as Parameters<typeof action>[0]).catch(
      (thrown: unknown) => thrown,
    );
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).headers.get("Location")).toBe(
      "/admin/confirm?redirectTo=%2Fadmin%2Fsettings",
    );
    const [row] = await t.handle.db
      .select({ role: user.role })
      .from(user)
      .where(eq(user.id, member.id));
    expect(row!.role).toBe("admin");

    const fresh = post({ intent: "set-role", userId: member.id, role: "owner" });
    const done = { request: fresh, context: await ownerContext(1), params: {} };
    await action(done as unknown as Parameters<typeof action>[0]);
    const [after] = await t.handle.db
      .select({ role: user.role })
      .from(user)
      .where(eq(user.id, member.id));
    expect(after!.role).toBe("owner");
  });
});
