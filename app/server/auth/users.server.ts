import crypto from "node:crypto";
import { and, asc, count, desc, eq, ne, sql } from "drizzle-orm";
import type { Actor } from "~/lib/activity";
import { RULE } from "~/lib/ui-text";
import type { Role } from "~/lib/auth/roles";
import { account, accountLockouts, session, user } from "../db/auth-tables.server";
import type { Db } from "../db/database.server";
import { recordActivity } from "../activity/activity.server";
import { RuleError } from "../rule-error.server";
import { hashPassword, verifyPassword } from "./password.server";
import { sessionIsLive } from "./session-limits.server";

export interface TeamMember {
  id: string;
  name: string;
  email: string;
  role: Role;
  createdAt: Date;
  activeSessions: number;
  twoFactorEnabled: boolean;
  /** Until when too many failed sign-ins keep the account out (null: not locked). */
  lockedUntil: Date | null;
}

/** The team, with each member's live sessions (neither ended nor idle past `idleSeconds`). */
export async function listTeam(db: Db, idleSeconds: number): Promise<TeamMember[]> {
  const rows = await db
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      role: user.role,
      createdAt: user.createdAt,
      twoFactorEnabled: user.twoFactorEnabled,
      // Written out in full: inside a subquery the column names must be qualified.
      activeSessions: sql<number>`(select count(*)::int from "session" s where s.user_id = "user".id and s.expires_at > now() and s.updated_at > now() - make_interval(secs => ${idleSeconds}))`,
      lockedUntil: sql<Date | null>`(select l.locked_until from "account_lockouts" l where l.user_id = "user".id and l.locked_until > now())`,
    })
    .from(user)
    // Pending first: they are what an owner comes here to act on.
    .orderBy(
      sql`case ${user.role} when 'pending' then 0 when 'owner' then 1 else 2 end`,
      asc(user.createdAt),
    );
  return rows.map((row) => ({
    ...row,
    activeSessions: Number(row.activeSessions),
    // A raw subquery comes back as text on some drivers.
    lockedUntil: row.lockedUntil === null ? null : new Date(row.lockedUntil),
  }));
}

export async function countUsers(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(user);
  return Number(row?.n ?? 0);
}

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db.select().from(user).where(eq(user.email, email.trim().toLowerCase()));
  return row;
}

/** Whether `password` is this account's (an account without one costs the same time). */
export async function passwordMatches(db: Db, userId: string, password: string): Promise<boolean> {
  const [row] = await db
    .select({ hash: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, "credential")));
  if (!row?.hash) {
    await hashPassword(password);
    return false;
  }
  return verifyPassword({ hash: row.hash, password });
}

/**
 * Runs a change to one member with every owner's row and the member's row locked, so two
 * owners demoting or removing each other at the same moment cannot leave none.
 */
async function changeMember(
  db: Db,
  targetId: string,
  change: (tx: Db, target: { role: Role } | undefined, owners: number) => Promise<void>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const owners = await tx
      .select({ id: user.id })
      .from(user)
      .where(eq(user.role, "owner"))
      .for("update");
    const [target] = await tx
      .select({ role: user.role })
      .from(user)
      .where(eq(user.id, targetId))
      .for("update");
    await change(tx, target, owners.length);
  });
}

async function logRoleChange(tx: Db, actor: Actor, targetId: string, from: Role, to: Role) {
  await recordActivity(tx, {
    actor,
    entity: "user",
    entityId: targetId,
    action: "role_changed",
    before: { role: from },
    after: { role: to },
  });
}

/**
 * Changes a member's role (logged). Demoting to pending ends their sessions at once; the
 * last owner keeps the role.
 */
export async function setRole(db: Db, targetId: string, role: Role, actor: Actor): Promise<void> {
  await changeMember(db, targetId, async (tx, target, owners) => {
    if (!target) throw new RuleError(RULE.accountGone);
    if (target.role === "owner" && role !== "owner" && owners <= 1) {
      throw new RuleError(RULE.lastOwner);
    }
    if (target.role === role) return;
    await tx.update(user).set({ role }).where(eq(user.id, targetId));
    if (role === "pending") await tx.delete(session).where(eq(session.userId, targetId));
    await logRoleChange(tx, actor, targetId, target.role, role);
  });
}

/**
 * Approves a sign-up: pending becomes admin, and nothing else (logged). A stale Approve
 * button (or a forged one) on an owner or admin changes no one's role.
 */
export async function approveMember(db: Db, targetId: string, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const [approved] = await tx
      .update(user)
      .set({ role: "admin" })
      .where(and(eq(user.id, targetId), eq(user.role, "pending")))
      .returning({ id: user.id });
    if (approved) return logRoleChange(tx, actor, targetId, "pending", "admin");
    const [exists] = await tx.select({ id: user.id }).from(user).where(eq(user.id, targetId));
    throw new RuleError(exists ? RULE.notPending : RULE.accountGone);
  });
}

/**
 * Deletes an account (its sessions and password go with it; logged); never the last owner.
 */
export async function removeUser(db: Db, targetId: string, actor: Actor): Promise<void> {
  await changeMember(db, targetId, async (tx, target, owners) => {
    if (!target) return;
    if (target.role === "owner" && owners <= 1) throw new RuleError(RULE.lastOwner);
    const [removed] = await tx
      .delete(user)
      .where(eq(user.id, targetId))
      .returning({ email: user.email, name: user.name });
    await recordActivity(tx, {
      actor,
      entity: "user",
      entityId: targetId,
      action: "removed",
      before: { role: target.role, email: removed?.email, name: removed?.name },
    });
  });
}

/** Creates an account with a password directly (CLI, demo owner): no session, no rate limit. */
export async function createUserWithPassword(
  db: Db,
  input: { email: string; name: string; password: string; role: Role },
): Promise<{ id: string }> {
  const id = crypto.randomUUID();
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await tx.insert(user).values({
      id,
      name: input.name,
      email: input.email.trim().toLowerCase(),
      emailVerified: true,
      role: input.role,
    });
    // better-auth's credential account: accountId is the user id.
    await tx.insert(account).values({
      id: crypto.randomUUID(),
      accountId: id,
      providerId: "credential",
      userId: id,
      password: passwordHash,
    });
  });
  return { id };
}

/**
 * Stores a new password hash inside the caller's transaction, ends every session of that
 * account (whoever holds one may be why the password changes) and lifts a lockout.
 */
export async function writeNewPassword(tx: Db, userId: string, hash: string): Promise<void> {
  await tx
    .update(account)
    .set({ password: hash })
    .where(and(eq(account.userId, userId), eq(account.providerId, "credential")));
  await tx.delete(session).where(eq(session.userId, userId));
  await tx.delete(accountLockouts).where(eq(accountLockouts.userId, userId));
}

/** The CLI's reset: a new password, every session ended, a lockout lifted, logged. */
export async function resetPassword(db: Db, userId: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await writeNewPassword(tx, userId, passwordHash);
    await recordActivity(tx, {
      actor: { kind: "system", name: "Command line" },
      entity: "user",
      entityId: userId,
      action: "password_reset",
      after: { via: "cli" },
    });
  });
}

export interface SessionSummary {
  id: string;
  createdAt: Date;
  updatedAt: Date;
  expiresAt: Date;
  ipAddress: string | null;
  userAgent: string | null;
}

/** A member's live sessions, last used first; tokens never leave the server. */
export async function listSessions(
  db: Db,
  userId: string,
  idleSeconds: number,
): Promise<SessionSummary[]> {
  return db
    .select({
      id: session.id,
      createdAt: session.createdAt,
      updatedAt: session.updatedAt,
      expiresAt: session.expiresAt,
      ipAddress: session.ipAddress,
      userAgent: session.userAgent,
    })
    .from(session)
    .where(and(eq(session.userId, userId), sessionIsLive(idleSeconds)))
    .orderBy(desc(session.updatedAt));
}

export async function revokeSession(db: Db, userId: string, sessionId: string): Promise<boolean> {
  const deleted = await db
    .delete(session)
    .where(and(eq(session.id, sessionId), eq(session.userId, userId)))
    .returning({ id: session.id });
  return deleted.length > 0;
}

/**
 * An owner ends every session of a member (ASVS 7.4.5): a lost laptop, a shared computer.
 * Never the owner's own current one (Log out is for that). Logged.
 */
export async function endSessionsOf(
  db: Db,
  userId: string,
  keepSessionId: string,
  actor: Actor,
): Promise<void> {
  await db.transaction(async (tx) => {
    const ended = await tx
      .delete(session)
      .where(and(eq(session.userId, userId), ne(session.id, keepSessionId)))
      .returning({ id: session.id });
    await recordActivity(tx, {
      actor,
      entity: "user",
      entityId: userId,
      action: "sessions_ended",
      after: { count: ended.length },
    });
  });
}

export async function updateDisplayName(db: Db, userId: string, name: string): Promise<void> {
  await db.update(user).set({ name }).where(eq(user.id, userId));
}
