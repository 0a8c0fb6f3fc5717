import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Actor } from "~/lib/activity";
import { RULE } from "~/lib/ui-text";
import { passwordResets, user } from "../db/auth-tables.server";
import type { Db } from "../db/database.server";
import { hashLinkToken, isLinkToken, newLinkToken } from "../links/link-tokens.server";
import { recordActivity } from "../activity/activity.server";
import { RuleError } from "../rule-error.server";
import { hashPassword } from "./password.server";
import { writeNewPassword } from "./users.server";

/*
 * Password reset links (decision 0030, ASVS 6.4.3): random 256-bit tokens stored as SHA-256,
 * one use, short-lived, one live link per person (a new one replaces the old). By email from
 * "Forgot password?" (1 hour), or made by an owner in Settings → Team to pass on (24 hours:
 * it may be read the next morning). Setting the new password ends all that person's
 * sessions and lifts a lockout; two-factor stays on, so the next sign-in still asks for the
 * code.
 */

export type ResetKind = "email" | "owner";

export const RESET_LINK_HOURS: Record<ResetKind, number> = { email: 1, owner: 24 };

export function resetLinkUrl(siteUrl: string, token: string): string {
  return `${siteUrl}/auth/reset/${token}`;
}

/** A new link for a person (the old one stops working), logged; returns the token. */
export async function createResetLink(
  db: Db,
  userId: string,
  kind: ResetKind,
  actor: Actor,
): Promise<{ token: string; member: { name: string; email: string }; createdAt: Date }> {
  const { token, hash } = newLinkToken();
  const member = await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ name: user.name, email: user.email })
      .from(user)
      .where(eq(user.id, userId))
      // One at a time per person, so two links asked for at once cannot both stay live.
      .for("update");
    if (!found) throw new RuleError(RULE.accountGone);
    await tx
      .delete(passwordResets)
      .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
    const [made] = await tx
      .insert(passwordResets)
      .values({
        tokenHash: hash,
        userId,
        kind,
        expiresAt: sql`now() + make_interval(hours => ${RESET_LINK_HOURS[kind]})`,
      })
      .returning({ createdAt: passwordResets.createdAt });
    await recordActivity(tx, {
      actor,
      entity: "user",
      entityId: userId,
      action: kind === "owner" ? "password_reset_link_made" : "password_reset_requested",
    });
    return { ...found, createdAt: made!.createdAt };
  });
  return { token, member: { name: member.name, email: member.email }, createdAt: member.createdAt };
}

/** The person a live link resets the password of, or null (unknown, used, replaced, expired). */
export async function findResetLink(
  db: Db,
  token: string,
): Promise<{ email: string; name: string } | null> {
  if (!isLinkToken(token)) return null;
  const [row] = await db
    .select({ email: user.email, name: user.name })
    .from(passwordResets)
    .innerJoin(user, eq(user.id, passwordResets.userId))
    .where(liveLink(token));
  return row ?? null;
}

function liveLink(token: string) {
  return and(
    eq(passwordResets.tokenHash, hashLinkToken(token)),
    isNull(passwordResets.usedAt),
    gt(passwordResets.expiresAt, sql`now()`),
  );
}

/**
 * Sets the new password through a live link, once: the link is spent by a conditional
 * update in the same transaction, so two submissions cannot both succeed. Ends every
 * session of that person and lifts a lockout. The password is checked by the caller.
 */
export async function completePasswordReset(
  db: Db,
  token: string,
  password: string,
  ip: string | null,
): Promise<{ userId: string }> {
  if (!isLinkToken(token)) throw new RuleError(RULE.resetLinkGone, { notFound: true });
  const hash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [spent] = await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(liveLink(token))
      .returning({ userId: passwordResets.userId, kind: passwordResets.kind });
    if (!spent) throw new RuleError(RULE.resetLinkGone, { notFound: true });
    await writeNewPassword(tx, spent.userId, hash);
    await recordActivity(tx, {
      actor: { kind: "system" },
      entity: "user",
      entityId: spent.userId,
      action: "password_reset",
      after: { via: spent.kind === "owner" ? "owner_link" : "email_link", ip },
    });
    return { userId: spent.userId };
  });
}
