import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { expect, it } from "vitest";
import { describeEachDatabase } from "../helpers/test-database";
import { userContext, type ApprovedUser } from "~/server/auth/session.server";
import { createUserWithPassword } from "~/server/auth/users.server";
import { session, user } from "~/server/db/auth-tables.server";
import { parseEnv } from "~/server/env.server";
import { servicesContext } from "~/server/route-helpers/context.server";
import type { AppServices } from "~/server/services.server";
import { action } from "~/routes/admin/settings";

/*
 * Settings → Team's action as the server runs it: a role change from a session whose
 * password is more than 10 minutes old is not made; the owner is sent to confirm first.
 */

describeEachDatabase("Settings → Team asks for a recent password", (t) => {
  async function ownerContext(provedMinutesAgo: number) {
    const email = `owner-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const { id } = await createUserWithPassword(t.handle.db, {
      email,
      name: "Stale Owner",
      password: "Brass-Van-42",
      role: "owner",
    });
    const sessionId = crypto.randomUUID();
    await t.handle.db.insert(session).values({
      id: sessionId,
      userId: id,
      token: crypto.randomUUID(),
      expiresAt: new Date(Date.now() + 86_400_000),
      authenticatedAt: sql`now() - make_interval(mins => ${provedMinutesAgo})`,
    });
    const owner: ApprovedUser = {
      id,
      name: "Stale Owner",
      email,
      role: "owner",
      sessionId,
      twoFactorEnabled: false,
    };
    const context = new RouterContextProvider();
    context.set(servicesContext, {
      database: t.handle,
      env: parseEnv({ SITE_URL: "https://lockline.example" }),
    } as unknown as AppServices);
    context.set(userContext, owner);
    return context;
  }

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
