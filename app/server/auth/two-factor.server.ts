import { eq } from "drizzle-orm";
import QRCode from "qrcode";
import type { Actor } from "~/lib/activity";
import { RULE } from "~/lib/ui-text";
import { readSetting, writeSetting } from "../db/app-settings.server";
import { session, twoFactor, user } from "../db/auth-tables.server";
import type { Db } from "../db/database.server";
import { recordActivity } from "../activity/activity.server";
import { RuleError } from "../rule-error.server";
import { endOtherSessions } from "./session-limits.server";

/*
 * Two-factor sign-in around better-auth's plugin (decision 0030): the plugin keeps the
 * encrypted secret and recovery codes and runs the sign-in challenge; this module adds what
 * the team needs around it — the QR code drawn on the server, the owner's "required for
 * everyone" setting, turning it off with a code, an owner's reset of a member who lost
 * their phone, and the activity log.
 */

const REQUIRED_KEY = "two_factor_required";

/** What the Profile page shows while an authenticator is being added. */
export interface Enrolment {
  /** The otpauth:// URI as an SVG QR code (drawn here: no third-party service sees it). */
  qrSvg: string;
  /** The secret as text, for typing into an app that cannot scan. */
  secret: string;
  /** Ten one-time recovery codes, shown this once. */
  recoveryCodes: string[];
}

/** The QR code, the typed secret and the recovery codes for an otpauth URI from the plugin. */
export async function enrolmentFrom(totpURI: string, recoveryCodes: string[]): Promise<Enrolment> {
  const secret = new URL(totpURI).searchParams.get("secret") ?? "";
  const qrSvg = await QRCode.toString(totpURI, {
    type: "svg",
    margin: 1,
    errorCorrectionLevel: "M",
  });
  return { qrSvg, secret: groupSecret(secret), recoveryCodes };
}

/** "JBSWY3DPEHPK3PXP" → "JBSW Y3DP EHPK 3PXP": easier to read off and type. */
export function groupSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, "$1 ");
}

/** Whether an owner has required two-factor sign-in for everyone. */
export async function isTwoFactorRequired(db: Db): Promise<boolean> {
  return (await readSetting<boolean>(db, REQUIRED_KEY)) === true;
}

/**
 * An owner requires two-factor for everyone (or makes it optional again), logged. They must
 * have it on themselves first: otherwise the rule would shut them out of their own team page.
 */
export async function setTwoFactorRequired(
  db: Db,
  required: boolean,
  actor: Actor & { id: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    if (required) {
      const [me] = await tx
        .select({ on: user.twoFactorEnabled })
        .from(user)
        .where(eq(user.id, actor.id));
      if (!me?.on) throw new RuleError(RULE.twoFactorYourselfFirst);
    }
    await writeSetting(tx, REQUIRED_KEY, required);
    await recordActivity(tx, {
      actor,
      entity: "settings",
      entityId: REQUIRED_KEY,
      action: required ? "two_factor_required" : "two_factor_optional",
    });
  });
}

/** Two-factor off for one person: the secret and recovery codes go. */
async function removeTwoFactor(tx: Db, userId: string): Promise<boolean> {
  const [member] = await tx
    .update(user)
    .set({ twoFactorEnabled: false })
    .where(eq(user.id, userId))
    .returning({ id: user.id });
  await tx.delete(twoFactor).where(eq(twoFactor.userId, userId));
  return member !== undefined;
}

/**
 * A person turns their own two-factor off (after a code from the app or a recovery code):
 * their other sessions end (ASVS 7.4.3), this one stays. Logged.
 */
export async function turnOffTwoFactor(
  db: Db,
  actor: Actor & { id: string },
  keepSessionId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    await removeTwoFactor(tx, actor.id);
    await endOtherSessions(tx, actor.id, keepSessionId);
    await recordActivity(tx, {
      actor,
      entity: "user",
      entityId: actor.id,
      action: "two_factor_disabled",
    });
  });
}

/**
 * An owner's reset for a member who lost their authenticator (after checking who they are,
 * in person or by phone): the secret and recovery codes go, two-factor is off, and every
 * session of that member ends (whoever holds one may be the reason for the reset). Logged.
 * Never one's own: that is Profile's "turn off", which asks for a code.
 */
export async function resetTwoFactor(
  db: Db,
  userId: string,
  actor: Actor & { id: string },
): Promise<void> {
  if (userId === actor.id) throw new RuleError(RULE.twoFactorOwnInProfile);
  await db.transaction(async (tx) => {
    if (!(await removeTwoFactor(tx, userId))) throw new RuleError(RULE.accountGone);
    await tx.delete(session).where(eq(session.userId, userId));
    await recordActivity(tx, {
      actor,
      entity: "user",
      entityId: userId,
      action: "two_factor_reset",
    });
  });
}

/** Logs a person's own two-factor change (the plugin made it). */
export async function recordTwoFactorChange(
  db: Db,
  person: { id: string; name: string },
  action: "two_factor_enabled" | "two_factor_disabled",
): Promise<void> {
  await recordActivity(db, {
    actor: { kind: "user", id: person.id, name: person.name },
    entity: "user",
    entityId: person.id,
    action,
  });
}
