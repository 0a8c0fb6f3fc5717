import type { Db } from "../db/database.server";
import type { Env } from "../env.server";
import { consumeRateLimit } from "../db/rate-limit.server";
import { hashLinkToken } from "../links/link-tokens.server";
import { logger } from "../logger.server";
import { mailerFor, sendInBackground, type Mail, type SendMail } from "./mailer.server";
import { createResetLink, RESET_LINK_HOURS, resetLinkUrl } from "./password-reset.server";
import { findUserByEmail } from "./users.server";

/* The words of the account mails (plain text: nothing to render, nothing to track). */

/** "26 November 2026 at 01:52:07 UTC": mails can arrive out of order, so each says when. */
export function madeAt(at: Date): string {
  const day = at.toLocaleDateString("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
  const time = at.toLocaleTimeString("en-GB", { hour12: false, timeZone: "UTC" });
  return `${day} at ${time} UTC`;
}

function passwordResetMail(env: Env, to: string, link: string, at: Date): Mail {
  return {
    to,
    subject: `Reset your ${env.BUSINESS_NAME} password`,
    text: [
      `Someone asked to reset the password of the ${env.BUSINESS_NAME} dashboard account for ${to}.`,
      "",
      `To choose a new password, open this link within ${RESET_LINK_HOURS.email} hour (it works once):`,
      link,
      "",
      `This link was made on ${madeAt(at)}. A newer link replaces it: if you asked more than`,
      "once, use the newest mail.",
      "",
      "Setting a new password signs this account out everywhere. If you did not ask for this,",
      "ignore this mail: your password stays as it is.",
    ].join("\n"),
  };
}

function existingAccountMail(env: Env, to: string): Mail {
  return {
    to,
    subject: `Someone tried to sign up with your address at ${env.BUSINESS_NAME}`,
    text: [
      `Someone tried to create a ${env.BUSINESS_NAME} dashboard account with ${to}, which already has one.`,
      "",
      "If it was you: sign in instead, or reset your password if you forgot it:",
      `${env.SITE_URL}/auth/forgot`,
      "",
      "If it was not you, there is nothing to do: no account was created or changed.",
    ].join("\n"),
  };
}

/**
 * better-auth's hook for a sign-up with a taken email (its answer is the same as for a new
 * one): the address's holder hears of it by mail, when there is a mailer.
 */
export function existingAccountSignUp(env: Env) {
  const send = mailerFor(env);
  if (!send) return undefined;
  return async ({ user }: { user: { email: string } }) => {
    sendInBackground(send, existingAccountMail(env, user.email), "existing-account sign-up");
  };
}

/** "Forgot password?" asks: 5 an hour per client IP, and 3 mails an hour per address. */
export const FORGOT_LIMITS = {
  perIp: { window: 3600, max: 5 },
  perEmail: { window: 3600, max: 3 },
} as const;

const AFTER_THE_ANSWER_MS = 100;

/** Each address's mail work, one after another in this process: links are mailed in order. */
const mailing = new Map<string, Promise<void>>();

/**
 * "Forgot password?": mails a one-hour reset link when the address has an account. The
 * answer comes after the same work either way (decision 0032): the per-IP count, nothing
 * else; looking the address up, making the link and mailing it happen after the answer
 * (`settled`, for tests), and past its limit an address is simply not mailed again. Only the
 * per-IP limit is told (it says nothing about the account); `retryAfter` is then its wait.
 */
export async function mailPasswordReset(
  db: Db,
  env: Env,
  send: SendMail,
  email: string,
  ip: string | null,
): Promise<{ retryAfter: number | null; settled: Promise<void> }> {
  const perIp = await consumeRateLimit(db, `forgot:ip:${ip ?? "unknown"}`, FORGOT_LIMITS.perIp);
  if (!perIp.allowed) return { retryAfter: perIp.retryAfter, settled: Promise.resolve() };
  const address = email.trim().toLowerCase();
  const previous = mailing.get(address) ?? Promise.resolve();
  // Begun once the answer is on its way, so its queries do not slow that answer down either.
  const settled = previous
    .then(() => new Promise((resolve) => setTimeout(resolve, AFTER_THE_ANSWER_MS)))
    .then(() => mailLinkIfMember(db, env, send, address));
  const tracked = settled.finally(() => {
    if (mailing.get(address) === tracked) mailing.delete(address);
  });
  mailing.set(address, tracked);
  return { retryAfter: null, settled };
}

async function mailLinkIfMember(db: Db, env: Env, send: SendMail, email: string): Promise<void> {
  try {
    // Hashed: the limits table need not hold who asked.
    const perEmail = await consumeRateLimit(
      db,
      `forgot:email:${hashLinkToken(email)}`,
      FORGOT_LIMITS.perEmail,
    );
    const member = await findUserByEmail(db, email);
    if (!member || !perEmail.allowed) return;
    const { token, createdAt } = await createResetLink(db, member.id, "email", { kind: "system" });
    const link = resetLinkUrl(env.SITE_URL, token);
    await send(passwordResetMail(env, member.email, link, createdAt));
  } catch (error) {
    logger.error({ err: error }, "Mailing a password reset link failed");
  }
}
