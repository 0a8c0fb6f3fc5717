import { eq } from "drizzle-orm";
import { buildReceipt, receiptText } from "~/lib/money/receipt";
import { jobs, leads } from "../db/business-tables.server";
import type { Db } from "../db/database.server";
import type { Env } from "../env.server";
import { mailerFor, type SendMail } from "../auth/mailer.server";
import { newCustomerPageUrl } from "../customers/customer-links.server";
import { readReceipt, readReceiptBusiness } from "./receipts.server";

/*
 * The receipt's e-mailed copy (issue 44, decision 0053): a customer who gave an e-mail
 * address on the website's form gets the receipt when the job is completed. Sent by the
 * night watch's timer worker, never in the completion itself: a mail server that is down
 * does not fail the completion, and the worker tries again (RECEIPT_MAIL_TRIES in all).
 */

export const RECEIPT_MAIL_TRIES = 5;

/** The mail's subject, e.g. "Your receipt from Lockline (3F2A9C1E)". */
export const receiptMailSubject = (business: string, number: string) =>
  `Your receipt from ${business} (${number})`;

/**
 * Sends the job's receipt to the address its lead gave; nothing when there is no address,
 * no mailer or no receipt (the job was reopened meanwhile). Throws when the mail server
 * refuses, for the worker to try again.
 */
export async function sendReceiptMail(
  db: Db,
  env: Env,
  jobId: string,
  send: SendMail | null = mailerFor(env),
): Promise<"sent" | "nothing"> {
  const [row] = await db
    .select({ email: leads.email, leadId: leads.id })
    .from(jobs)
    .innerJoin(leads, eq(leads.id, jobs.leadId))
    .where(eq(jobs.id, jobId));
  const facts = await readReceipt(db, jobId);
  if (!row?.email || !send || !facts) return "nothing";
  const business = await readReceiptBusiness(db, env);
  const receipt = buildReceipt(facts, business);
  // A link of its own: the stored hash opens the page, the mail carries the only copy.
  const page = await newCustomerPageUrl(db, { siteUrl: env.SITE_URL }, row.leadId);
  await send({
    to: row.email,
    subject: receiptMailSubject(business.name, receipt.number),
    text: [
      `Thank you for choosing ${business.name}. Your receipt is below.`,
      `Open it, download it as a PDF, or leave a review: ${page}/receipt`,
      "",
      receiptText(receipt),
      "",
      `Questions? Call ${business.phone} or reply to ${business.email}.`,
    ].join("\n"),
  });
  return "sent";
}
