import { eq } from "drizzle-orm";
import type { Actor } from "~/lib/activity";
import { formatCents } from "~/lib/money/money";
import { jobs, leads } from "../db/business-tables.server";
import type { Db } from "../db/database.server";
import { newCustomerPageUrl } from "../customers/customer-links.server";
import { queueCustomerText, type TextContext } from "../texting/outbox.server";

/*
 * The customer hears of their card money as it moves (issue 44, case 5, decision 0056): a
 * payment that arrived, a refund Stripe made. Each is texted under the customer texts' rules
 * (consent, STOP, caps), in the transaction that records it, so a text never tells of money
 * not recorded. (The job done has its own text: job-done-text.server.ts.)
 */

type CardMoneyKind = "customer_payment_received" | "customer_refunded";

export async function textCardMoney(
  tx: Db,
  texts: TextContext | null,
  kind: CardMoneyKind,
  money: { jobId: string; amountCents: number },
  actor: Actor,
): Promise<void> {
  if (!texts) return;
  const [found] = await tx
    .select({ lead: leads })
    .from(jobs)
    .innerJoin(leads, eq(leads.id, jobs.leadId))
    .where(eq(jobs.id, money.jobId));
  if (!found) return;
  const { lead } = found;
  await queueCustomerText(
    tx,
    texts,
    lead,
    {
      kind,
      values: {
        amount: formatCents(money.amountCents),
        customer_link: lead.textConsent ? await newCustomerPageUrl(tx, texts, lead.id) : null,
      },
      jobId: money.jobId,
    },
    actor,
  );
}
