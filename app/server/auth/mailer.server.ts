import nodemailer from "nodemailer";
import type { Env } from "../env.server";
import { logger } from "../logger.server";

/*
 * Outgoing mail, for account messages only (password reset links): through the SMTP server
 * of SMTP_URL, from MAIL_FROM (or BUSINESS_EMAIL). Without SMTP_URL there is no mailer, and
 * the pages that would send say to ask an owner instead.
 */

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export type SendMail = (mail: Mail) => Promise<void>;

let cached: { url: string; send: SendMail } | undefined;

/** The mailer for this configuration, or null when SMTP_URL is not set. */
export function mailerFor(env: Env): SendMail | null {
  const url = env.SMTP_URL;
  if (!url) return null;
  if (cached?.url !== url) {
    const transport = nodemailer.createTransport({
      url,
      // A mail server that does not answer must not hold a sender for minutes.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    const from = `${env.BUSINESS_NAME} <${env.MAIL_FROM ?? env.BUSINESS_EMAIL}>`;
    cached = {
      url,
      send: async (mail) => {
        await transport.sendMail({ from, ...mail });
      },
    };
  }
  return cached.send;
}

/**
 * Sends without making the caller wait, so an answer takes as long whether or not a mail
 * went out (it must not tell who has an account). A failure is logged, never shown.
 */
export function sendInBackground(send: SendMail, mail: Mail, what: string): void {
  send(mail).catch((error: unknown) => logger.error({ err: error, what }, "Sending mail failed"));
}
