import crypto from "node:crypto";
import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import { RULE } from "~/lib/messages";
import type { Role } from "~/lib/roles";
import { account, session, user } from "../db/auth-tables.server";
import type { Database } from "../db/database.server";
import { RuleError } from "../rule-error.server";
import { hashPassword } from "./password.server";

export interface TeamMember {
  id: string;
  name: string;
  email: string;
  role: Role;
  createdAt: Date;
  activeSessions: number;
  twoFactorEnabled: boolean;
}

export async function listTeam(db: Database): Promise<TeamMember[]> {
  const rows = await db
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      role: user.role,
      createdAt: user.createdAt,
      twoFactorEnabled: user.twoFactorEnabled,
      // Written out in full: inside a subquery the column names must be qualified.
      activeSessions: sql<number>`(select count(*)::int from "session" s where s.user_id = "user".id and s.expires_at > now())`,
    })
    .from(user)
    // Pending first: they are what an owner comes here to act on.
    .orderBy(
      sql`case ${user.role} when 'pending' then 0 when 'owner' then 1 else 2 end`,
      asc(user.createdAt),
    );
  return rows.map((row) => ({ ...row, activeSessions: Number(row.activeSessions) }));
}

export async function countUsers(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(user);
  return Number(row?.n ?? 0);
}

export async function findUserByEmail(db: Database, email: string) {
  const [row] = await db.select().from(user).where(eq(user.email, email.trim().toLowerCase()));
  return row;
}

/**
 * Runs a change to one member with every owner's row and the member's row locked, so two
 * owners demoting or removing each other at the same moment cannot leave none.
 */
async function changeMember(
  db: Database,
  targetId: string,
  change: (tx: Database, target: { role: Role } | undefined, owners: number) => Promise<void>,
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
    await change(tx as unknown as Database, target, owners.length);
  });
}

/**
 * Changes a member's role. Demoting to pending ends their sessions at once; the last
 * owner keeps the role.
 */
export async function setRole(db: Database, targetId: string, role: Role): Promise<void> {
  await changeMember(db, targetId, async (tx, target, owners) => {
    if (!target) throw new RuleError(RULE.accountGone);
    if (target.role === "owner" && role !== "owner" && owners <= 1) {
      throw new RuleError(RULE.lastOwner);
    }
    await tx.update(user).set({ role }).where(eq(user.id, targetId));
    if (role === "pending") await tx.delete(session).where(eq(session.userId, targetId));
  });
}

/**
 * Approves a sign-up: pending becomes admin, and nothing else. A stale Approve button (or
 * a forged one) on an owner or admin changes no one's role.
 */
export async function approveMember(db: Database, targetId: string): Promise<void> {
  const [approved] = await db
    .update(user)
    .set({ role: "admin" })
    .where(and(eq(user.id, targetId), eq(user.role, "pending")))
    .returning({ id: user.id });
  if (approved) return;
  const [exists] = await db.select({ id: user.id }).from(user).where(eq(user.id, targetId));
  throw new RuleError(exists ? RULE.notPending : RULE.accountGone);
}

/** Deletes an account (its sessions and password go with it); never the last owner. */
export async function removeUser(db: Database, targetId: string): Promise<void> {
  await changeMember(db, targetId, async (tx, target, owners) => {
    if (!target) return;
    if (target.role === "owner" && owners <= 1) throw new RuleError(RULE.lastOwner);
    await tx.delete(user).where(eq(user.id, targetId));
  });
}

/** Creates an account with a password directly (CLI, demo owner): no session, no rate limit. */
export async function createUserWithPassword(
  db: Database,
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

/** Sets a new password and ends every session of that account. */
export async function resetPassword(db: Database, userId: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await tx
      .update(account)
      .set({ password: passwordHash })
      .where(and(eq(account.userId, userId), eq(account.providerId, "credential")));
    await tx.delete(session).where(eq(session.userId, userId));
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

/** A member's live sessions, newest first; tokens never leave the server. */
export async function listSessions(db: Database, userId: string): Promise<SessionSummary[]> {
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
    .where(and(eq(session.userId, userId), sql`${session.expiresAt} > now()`))
    .orderBy(desc(session.updatedAt));
}

export async function revokeSession(
  db: Database,
  userId: string,
  sessionId: string,
): Promise<boolean> {
  const deleted = await db
    .delete(session)
    .where(and(eq(session.id, sessionId), eq(session.userId, userId)))
    .returning({ id: session.id });
  return deleted.length > 0;
}

export async function updateDisplayName(db: Database, userId: string, name: string): Promise<void> {
  await db.update(user).set({ name }).where(eq(user.id, userId));
}
