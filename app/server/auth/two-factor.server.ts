import { eq } from "drizzle-orm";
import QRCode from "qrcode";
import type { Actor } from "~/lib/activity";
import { readSetting, writeSetting } from "../db/app-settings.server";
import { session, twoFactor, user } from "../db/auth-tables.server";
import type { Database } from "../db/database.server";
import { recordActivity } from "../models/activity.server";
import { RuleError } from "../rule-error.server";
import { RULE } from "~/lib/messages";

/*
 * Two-factor sign-in around better-auth's plugin (decision 0030): the plugin keeps the
 * encrypted secret and recovery codes and runs the sign-in challenge; this module adds what
 * the team needs around it — the QR code drawn on the server, the owner's "required for
 * everyone" setting, an owner's reset of a member who lost their phone, and the log.
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
export async function isTwoFactorRequired(db: Database): Promise<boolean> {
  return (await readSetting<boolean>(db, REQUIRED_KEY)) === true;
}

export async function setTwoFactorRequired(
  db: Database,
  required: boolean,
  actor: Actor,
): Promise<void> {
  await db.transaction(async (tx) => {
    await writeSetting(tx as unknown as Database, REQUIRED_KEY, required);
    await recordActivity(tx as unknown as Database, {
      actor,
      entity: "settings",
      entityId: REQUIRED_KEY,
      action: required ? "two_factor_required" : "two_factor_optional",
    });
  });
}

/**
 * An owner's reset for a member who lost their authenticator: the secret and recovery codes
 * go, two-factor is off, and every session of that member ends (whoever holds one may be
 * the reason for the reset). Logged.
 */
export async function resetTwoFactor(db: Database, userId: string, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const [member] = await tx
      .update(user)
      .set({ twoFactorEnabled: false })
      .where(eq(user.id, userId))
      .returning({ id: user.id });
    if (!member) throw new RuleError(RULE.accountGone);
    await tx.delete(twoFactor).where(eq(twoFactor.userId, userId));
    await tx.delete(session).where(eq(session.userId, userId));
    await recordActivity(tx as unknown as Database, {
      actor,
      entity: "user",
      entityId: userId,
      action: "two_factor_reset",
    });
  });
}

/** Logs a member's own two-factor change (the plugin made it). */
export async function recordTwoFactorChange(
  db: Database,
  actor: Actor & { id: string },
  action: "two_factor_enabled" | "two_factor_disabled",
): Promise<void> {
  await recordActivity(db, { actor, entity: "user", entityId: actor.id, action });
}
