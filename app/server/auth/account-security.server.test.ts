import { and, eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { AUTH, RULE } from "~/lib/ui-text";
import { authClient, cookiesOf, uniqueEmail } from "../../../tests/helpers/auth-client";
import { TEST_ACTOR } from "../../../tests/helpers/actor";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import { totp } from "../../../tests/helpers/totp";
import { activityLog } from "../db/activity-tables.server";
import { passwordResets, session, twoFactor, user } from "../db/auth-tables.server";
import { liftLockout, lockedUntil, recordFailedSignIn } from "./lockout.server";
import { completePasswordReset, createResetLink, findResetLink } from "./password-reset.server";
import { passwordMatches } from "./users.server";

/*
 * The account rules of decision 0030 over better-auth's HTTP API, as a script would reach
 * it (the forms go through the same endpoints and hooks): sign-up without enumeration, the
 * per-account lockout, idle and absolute session limits, the closed endpoints, two-factor
 * sign-in with one use per code, and password reset links.
 */

const PASSWORD = "Brass-Van-42";

describeEachDatabase("account security over the auth API", (t) => {
  const db = () => t.handle.db;

  async function userIdOf(email: string): Promise<string> {
    const [row] = await db().select({ id: user.id }).from(user).where(eq(user.email, email));
    return row!.id;
  }

  async function actionsOf(userId: string): Promise<string[]> {
    const rows = await db()
      .select({ action: activityLog.action })
      .from(activityLog)
      .where(and(eq(activityLog.entity, "user"), eq(activityLog.entityId, userId)))
      .orderBy(activityLog.at);
    return rows.map((row) => row.action);
  }

  async function sessionsOf(userId: string) {
    return db().select().from(session).where(eq(session.userId, userId));
  }

  /** Profile's first step: the plugin's secret and recovery codes (closed over HTTP). */
  async function enable(api: ReturnType<typeof authClient>, cookie: string) {
    return (await api.auth.api.enableTwoFactor({
      body: { password: PASSWORD },
      headers: api.headers({ cookie }),
    })) as { totpURI: string; backupCodes: string[] };
  }

  async function newMember() {
    const api = authClient(db());
    const email = uniqueEmail("member");
    const cookie = await api.signUpAndIn({ name: "Mia Member", email, password: PASSWORD });
    return { api, email, cookie, id: await userIdOf(email) };
  }

  it("keeps the session token out of the sign-in's JSON; the cookie alone signs in", async () => {
    const api = authClient(db());
    const email = uniqueEmail("token");
    await api.post("/sign-up/email", { name: "Tess Token", email, password: PASSWORD });
    const signIn = await api.post("/sign-in/email", { email, password: PASSWORD });
    expect(signIn.status).toBe(200);
    const text = await signIn.clone().text();
    const answer = await signIn.json();
    expect(answer.user.email).toBe(email);
    expect(answer).not.toHaveProperty("token");
    const cookie = cookiesOf(signIn);
    const stored = await db()
      .select({ token: session.token })
      .from(session)
      .where(eq(session.userId, answer.user.id));
    expect(stored).toHaveLength(1);
    expect(text).not.toContain(stored[0]!.token);
    expect(cookie).toContain(`session_token=${stored[0]!.token}.`);

    // The cookie is the session: it reads it back, and that answer leaves the token out too.
    const seen = await api.get("/get-session", { cookie });
    const current = await seen.json();
    expect(current.user.id).toBe(answer.user.id);
    expect(current.session.userId).toBe(answer.user.id);
    expect(current.session).not.toHaveProperty("token");
    expect(JSON.stringify(current)).not.toContain(stored[0]!.token);
  });

  it("sign-up answers a new and a taken email alike, signs no one in, and changes nothing", async () => {
    const api = authClient(db());
    const email = uniqueEmail("taken");
    const first = await api.post("/sign-up/email", { name: "First", email, password: PASSWORD });
    const again = await api.post("/sign-up/email", {
      name: "Second",
      email,
      password: "Copper-Owl-73",
    });
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    const [a, b] = [await first.json(), await again.json()];
    expect(Object.keys(b.user).sort()).toEqual(Object.keys(a.user).sort());
    // No token in either answer: better-auth's `token: null` is left out (decision 0037).
    expect(a).not.toHaveProperty("token");
    expect(b).not.toHaveProperty("token");
    expect(first.headers.getSetCookie().join()).not.toContain("session_token");
    expect(again.headers.getSetCookie().join()).not.toContain("session_token");
    // The account is the first one, with its own password.
    const id = await userIdOf(email);
    const [row] = await db().select().from(user).where(eq(user.id, id));
    expect(row!.name).toBe("First");
    expect(await passwordMatches(db(), id, PASSWORD)).toBe(true);
    expect(await passwordMatches(db(), id, "Copper-Owl-73")).toBe(false);
  });

  it("10 wrong passwords in 15 minutes lock the account: the right one then gets the wrong-password answer", async () => {
    const { api, email, id } = await newMember();
    const wrong = await api.post("/sign-in/email", { email, password: "Wrong-Pass-1" });
    const wrongBody = await wrong.json();
    expect(wrong.status).toBe(401);
    for (let attempt = 2; attempt <= 10; attempt++) {
      // Each from another IP: the per-IP limit (5 a minute) is not what stops them.
      const response = await api.post("/sign-in/email", {
        email,
        password: `Wrong-Pass-${attempt}`,
      });
      expect(response.status).toBe(401);
    }
    expect(await lockedUntil(db(), id)).not.toBeNull();
    const right = await api.post("/sign-in/email", { email, password: PASSWORD });
    expect(right.status).toBe(401);
    expect(await right.json()).toEqual(wrongBody);
    expect(right.headers.getSetCookie().join()).not.toContain("session_token");
    const actions = await actionsOf(id);
    expect(actions.filter((action) => action === "sign_in_failed")).toHaveLength(11);
    expect(actions).toContain("locked_out");

    await liftLockout(db(), id, TEST_ACTOR);
    expect(await lockedUntil(db(), id)).toBeNull();
    expect((await api.post("/sign-in/email", { email, password: PASSWORD })).status).toBe(200);
    expect(await actionsOf(id)).toEqual(expect.arrayContaining(["lockout_lifted", "signed_in"]));
  });

  it("a wrong current password on change-password counts towards the lockout; a change is logged", async () => {
    const { api, id, cookie } = await newMember();
    const refused = await api.post(
      "/change-password",
      { currentPassword: "Not-Mine-11", newPassword: "Copper-Owl-73" },
      { cookie },
    );
    expect(refused.status).toBe(400);
    expect(await actionsOf(id)).toContain("sign_in_failed");
    const changed = await api.post(
      "/change-password",
      { currentPassword: PASSWORD, newPassword: "Copper-Owl-73", revokeOtherSessions: true },
      { cookie },
    );
    expect(changed.status).toBe(200);
    expect(await actionsOf(id)).toContain("password_changed");
  });

  it("a session unused for longer than the idle limit ends; use moves its last-use time", async () => {
    const { api, id, cookie } = await newMember();
    const [live] = await sessionsOf(id);
    // Used a while ago, within the limit: the next request records the use.
    await db()
      .update(session)
      .set({ updatedAt: sql`now() - interval '2 hours'` })
      .where(eq(session.id, live!.id));
    const seen = await api.get("/get-session", { cookie });
    expect((await seen.json())?.user?.id).toBe(id);
    const [touched] = await sessionsOf(id);
    expect(Date.now() - touched!.updatedAt.getTime()).toBeLessThan(60_000);
    // The absolute end does not move with use.
    expect(touched!.expiresAt.getTime()).toBe(live!.expiresAt.getTime());
    expect(touched!.expiresAt.getTime() - touched!.createdAt.getTime()).toBeCloseTo(
      7 * 86_400_000,
      -4,
    );

    await db()
      .update(session)
      .set({ updatedAt: sql`now() - interval '12 hours 1 minute'` })
      .where(eq(session.id, live!.id));
    const idle = await api.get("/get-session", { cookie });
    expect(await idle.json()).toBeNull();
    expect(await sessionsOf(id)).toHaveLength(0);
    // API endpoints that need a session refuse the idle one too.
    const changed = await api.post(
      "/change-password",
      { currentPassword: PASSWORD, newPassword: "Copper-Owl-73" },
      { cookie },
    );
    expect(changed.status).toBe(401);
  });

  it("a session past its absolute lifetime is over, however recently used", async () => {
    const { api, id, cookie } = await newMember();
    await db()
      .update(session)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(session.userId, id));
    expect(await (await api.get("/get-session", { cookie })).json()).toBeNull();
  });

  it("the idle and absolute limits follow SESSION_IDLE_HOURS and SESSION_MAX_DAYS", async () => {
    const api = authClient(db(), { SESSION_IDLE_HOURS: "1", SESSION_MAX_DAYS: "2" });
    const email = uniqueEmail("short");
    const cookie = await api.signUpAndIn({ name: "Short Lived", email, password: PASSWORD });
    const id = await userIdOf(email);
    const [row] = await sessionsOf(id);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeCloseTo(2 * 86_400_000, -4);
    await db()
      .update(session)
      .set({ updatedAt: sql`now() - interval '61 minutes'` })
      .where(eq(session.userId, id));
    expect(await (await api.get("/get-session", { cookie })).json()).toBeNull();
  });

  it("endpoints outside the app's paths are closed over HTTP", async () => {
    const { api, cookie } = await newMember();
    for (const path of [
      "/verify-password",
      "/two-factor/enable",
      "/two-factor/disable",
      "/two-factor/get-totp-uri",
      "/two-factor/generate-backup-codes",
    ]) {
      const response = await api.post(path, { password: PASSWORD }, { cookie });
      expect(response.status, path).toBe(404);
    }
  });

  it("two-factor: on after a code, then sign-in asks for a code, each code works once, recovery codes once", async () => {
    const { api, email, id, cookie: first } = await newMember();
    const second = await api.signIn(email, PASSWORD);
    const enrolment = await enable(api, first);
    expect(enrolment.backupCodes).toHaveLength(10);
    for (const code of enrolment.backupCodes)
      expect(code).toMatch(/^([0-9a-z]{5}-){4}[0-9a-z]{5}$/);
    const secret = new URL(enrolment.totpURI).searchParams.get("secret")!;

    // Kept as typed: a code computed again later may fall in the next 30-second step.
    const enabling = totp(secret);
    const confirmed = await api.post(
      "/two-factor/verify-totp",
      { code: enabling },
      { cookie: first },
    );
    expect(confirmed.status).toBe(200);
    const [row] = await db().select().from(user).where(eq(user.id, id));
    expect(row!.twoFactorEnabled).toBe(true);
    // This session was renewed; the other one ended.
    const renewed = cookiesOf(confirmed, first);
    expect((await (await api.get("/get-session", { cookie: renewed })).json())?.user?.id).toBe(id);
    expect(await (await api.get("/get-session", { cookie: second })).json()).toBeNull();
    expect(await sessionsOf(id)).toHaveLength(1);

    // The password alone opens nothing now.
    const password = await api.post("/sign-in/email", { email, password: PASSWORD });
    expect(password.status).toBe(200);
    expect(await password.json()).toMatchObject({ twoFactorRedirect: true });
    const challenge = cookiesOf(password);
    expect(challenge).not.toContain("session_token=");
    expect(await sessionsOf(id)).toHaveLength(1);

    // "Trust this device" is not offered.
    const trusting = await api.post(
      "/two-factor/verify-totp",
      { code: totp(secret, Date.now() + 30_000), trustDevice: true },
      { cookie: challenge },
    );
    expect(trusting.status).toBe(400);
    expect((await trusting.json()).message).toBe(AUTH.noTrustedDevices);

    // The code that turned two-factor on was seen: it is not accepted a second time.
    const replay = await api.post(
      "/two-factor/verify-totp",
      { code: enabling },
      { cookie: challenge },
    );
    expect(replay.status).toBe(401);
    const next = totp(secret, Date.now() + 30_000);
    const signedIn = await api.post(
      "/two-factor/verify-totp",
      { code: next },
      { cookie: challenge },
    );
    expect(signedIn.status).toBe(200);
    expect(cookiesOf(signedIn)).toContain("session_token=");
    // The code's answer names the person, not the session's token (decision 0037).
    const completed = await signedIn.json();
    expect(completed.user.id).toBe(id);
    expect(completed).not.toHaveProperty("token");
    expect(await sessionsOf(id)).toHaveLength(2);

    // Only hashes of the recovery codes are stored.
    const [stored] = await db().select().from(twoFactor).where(eq(twoFactor.userId, id));
    for (const code of enrolment.backupCodes) expect(stored!.backupCodes).not.toContain(code);
    expect(JSON.parse(stored!.backupCodes)).toHaveLength(10);

    // A recovery code signs in once (typed in capitals without the dashes, it is the same).
    const recovery = enrolment.backupCodes[0]!;
    const again = cookiesOf(await api.post("/sign-in/email", { email, password: PASSWORD }));
    const byRecovery = await api.post(
      "/two-factor/verify-backup-code",
      { code: recovery.replace(/-/g, "").toUpperCase() },
      { cookie: again },
    );
    expect(byRecovery.status).toBe(200);
    const once = cookiesOf(await api.post("/sign-in/email", { email, password: PASSWORD }));
    const reused = await api.post(
      "/two-factor/verify-backup-code",
      { code: recovery },
      { cookie: once },
    );
    expect(reused.status).toBe(401);

    const actions = await actionsOf(id);
    expect(actions).toEqual(
      expect.arrayContaining(["two_factor_enabled", "signed_in", "sign_in_failed"]),
    );
  });

  it("wrong codes count towards the account's lockout", async () => {
    const { api, email, id, cookie } = await newMember();
    const enrolment = await enable(api, cookie);
    const secret = new URL(enrolment.totpURI).searchParams.get("secret")!;
    await api.post("/two-factor/verify-totp", { code: totp(secret) }, { cookie });
    // Two challenges of five wrong codes each (each challenge takes five): the tenth locks.
    const valid = new Set([-30_000, 0, 30_000].map((shift) => totp(secret, Date.now() + shift)));
    const wrongCodes = Array.from({ length: 12 }, (_, i) => String(100_000 + i * 7919)).filter(
      (code) => !valid.has(code),
    );
    for (let round = 0; round < 2; round++) {
      const challenge = cookiesOf(await api.post("/sign-in/email", { email, password: PASSWORD }));
      for (let i = 0; i < 5; i++) {
        const code = wrongCodes[round * 5 + i]!;
        const wrong = await api.post("/two-factor/verify-totp", { code }, { cookie: challenge });
        expect(wrong.status).toBe(401);
      }
    }
    expect(await lockedUntil(db(), id)).not.toBeNull();
    const locked = await api.post("/sign-in/email", { email, password: PASSWORD });
    expect(locked.status).toBe(401);
  });

  it("a reset link works once, replaces older links, ends every session and lifts a lockout", async () => {
    const { id, api, email } = await newMember();
    await api.signIn(email, PASSWORD);
    expect(await sessionsOf(id)).toHaveLength(2);
    for (let i = 0; i < 10; i++) await recordFailedSignIn(db(), id, { kind: "password", ip: null });
    expect(await lockedUntil(db(), id)).not.toBeNull();
    const older = await createResetLink(db(), id, "email", { kind: "system" });
    const { token } = await createResetLink(db(), id, "owner", TEST_ACTOR);
    expect(await findResetLink(db(), older.token)).toBeNull();
    expect(await findResetLink(db(), token)).toMatchObject({ name: "Mia Member" });
    // Only the hash is stored.
    const stored = await db().select().from(passwordResets).where(eq(passwordResets.userId, id));
    expect(stored.map((row) => row.tokenHash)).not.toContain(token);

    await completePasswordReset(db(), token, "Copper-Owl-73", "10.0.0.9");
    expect(await sessionsOf(id)).toHaveLength(0);
    expect(await lockedUntil(db(), id)).toBeNull();
    expect(await passwordMatches(db(), id, "Copper-Owl-73")).toBe(true);
    await expect(completePasswordReset(db(), token, "Silver-Elm-58", null)).rejects.toThrow(
      RULE.resetLinkGone,
    );
    expect(await passwordMatches(db(), id, "Copper-Owl-73")).toBe(true);
    expect(await actionsOf(id)).toEqual(
      expect.arrayContaining([
        "password_reset_requested",
        "password_reset_link_made",
        "password_reset",
      ]),
    );
  });

  it("an expired reset link opens nothing", async () => {
    const { id } = await newMember();
    const { token } = await createResetLink(db(), id, "email", { kind: "system" });
    await db()
      .update(passwordResets)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordResets.userId, id));
    expect(await findResetLink(db(), token)).toBeNull();
    await expect(completePasswordReset(db(), token, "Copper-Owl-73", null)).rejects.toThrow(
      RULE.resetLinkGone,
    );
    expect(await passwordMatches(db(), id, PASSWORD)).toBe(true);
  });
});
