import { and, eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { authClient, cookiesOf, uniqueEmail } from "../../../tests/helpers/auth-client";
import { ownerWithSession as ownerWithProvedSession } from "../../../tests/helpers/owner-session";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import { activityLog } from "../db/activity-tables.server";
import { session } from "../db/auth-tables.server";
import { lockedUntil } from "./lockout.server";
import { checkPasswordAgain, CONFIRM_PATH, requireRecentAuth } from "./recent-auth.server";

/*
 * Re-authentication before sensitive changes: a session whose password (or code) is more
 * than 10 minutes old is sent to "Confirm it's you", and the password typed there is checked
 * like a sign-in (wrong ones count towards the lockout).
 */

describeEachDatabase("recent authentication", (t) => {
  const ownerWithSession = (provedMinutesAgo: number) =>
    ownerWithProvedSession(t.handle, provedMinutesAgo);

  it("lets a change through within 10 minutes of the password", async () => {
    const { context } = await ownerWithSession(9);
    await expect(requireRecentAuth(context, "/admin/settings")).resolves.toBeUndefined();
  });

  it("sends an older session to confirm first, and back to the page after", async () => {
    const { context } = await ownerWithSession(11);
    const answer = await requireRecentAuth(context, "/admin/settings").catch(
      (thrown: unknown) => thrown,
    );
    expect(answer).toBeInstanceOf(Response);
    const response = answer as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`${CONFIRM_PATH}?redirectTo=%2Fadmin%2Fsettings`);
    // With the "Confirm it's you" toast riding along.
    expect(response.headers.get("Set-Cookie")).toContain("lockline_toast=");
  });

  it("a wrong password is refused and counts; the right one renews the session, proved now", async () => {
    const api = authClient(t.handle.db);
    const email = uniqueEmail("renew");
    const cookie = await api.signUpAndIn({ name: "Rita Renew", email, password: "Brass-Van-42" });
    const [old] = await t.handle.db
      .select()
      .from(session)
      .where(eq(session.token, cookie.match(/session_token=([^.;]+)/)![1]!));
    await t.handle.db
      .update(session)
      .set({ authenticatedAt: sql`now() - interval '30 minutes'` })
      .where(eq(session.id, old!.id));

    expect(
      await checkPasswordAgain(t.handle.db, { id: old!.userId }, "Not-Mine-12", "10.1.1.1"),
    ).toBe(false);
    const failures = await t.handle.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.entityId, old!.userId), eq(activityLog.action, "sign_in_failed")));
    expect(failures.map((row) => row.after)).toEqual([{ reason: "password", ip: "10.1.1.1" }]);

    expect(await checkPasswordAgain(t.handle.db, { id: old!.userId }, "Brass-Van-42", null)).toBe(
      true,
    );
    const renewal = await api.auth.api.renewSession({
      headers: api.headers({ cookie }),
      asResponse: true,
    });
    const renewed = cookiesOf(renewal, cookie);
    expect(renewed).not.toBe(cookie);
    expect(await (await api.get("/get-session", { cookie })).json()).toBeNull();
    const now = await (await api.get("/get-session", { cookie: renewed })).json();
    expect(now?.user?.email).toBe(email);
    const [fresh] = await t.handle.db.select().from(session).where(eq(session.userId, old!.userId));
    expect(fresh!.id).not.toBe(old!.id);
    expect(Date.now() - fresh!.authenticatedAt.getTime()).toBeLessThan(60_000);
  });

  it("a locked account cannot confirm, even with the right password", async () => {
    const { user } = await ownerWithSession(30);
    for (let i = 0; i < 10; i++) {
      await checkPasswordAgain(t.handle.db, user, `Wrong-Pass-${i}`, null);
    }
    expect(await lockedUntil(t.handle.db, user.id)).not.toBeNull();
    expect(await checkPasswordAgain(t.handle.db, user, "Brass-Van-42", null)).toBe(false);
  });
});
