import { eq } from "drizzle-orm";
import type { Actor } from "~/lib/activity";
import { amountDueCents, instalmentReminderAt } from "~/lib/money/payment-plan";
import { formatCents } from "~/lib/money/money";
import { jobs, leads, planInstalments, type PlanInstalment } from "../db/business-tables.server";
import type { Db } from "../db/database.server";
import type { Timer } from "../db/night-watch-tables.server";
import { scheduleTimer } from "../background/timers.server";
import { newCustomerPageUrl } from "../customers/customer-links.server";
import { queueCustomerText, type TextContext } from "../texting/outbox.server";

/*
 * A payment plan's instalments are texted to the customer on their day (issue 44, case 5: the
 * customer is told at each money moment). A durable timer per instalment, scheduled with the
 * plan; when it fires, the instalment must still be live, unpaid and owed, or nothing is sent.
 */

const ACTOR: Actor = { kind: "system", name: "Payment plan" };

/** Schedules the due-day text of each instalment due after today (in the plan's transaction). */
export async function scheduleInstalmentReminders(
  tx: Db,
  rows: readonly PlanInstalment[],
  leadId: string | null,
  today: string,
): Promise<void> {
  for (const row of rows) {
    const dueAt = instalmentReminderAt(row.dueOn, today);
    if (!dueAt) continue;
    await scheduleTimer(tx, {
      kind: "instalment_due",
      key: `instalment_due:${row.id}`,
      dueAt,
      leadId,
      payload: { instalmentId: row.id },
    });
  }
}

/** The timer's effect: texts the customer what is due today and their page to pay it. */
export async function fireInstalmentDue(tx: Db, timer: Timer, texts: TextContext): Promise<void> {
  const { instalmentId } = timer.payload as { instalmentId?: string };
  if (!instalmentId) return;
  const [found] = await tx
    .select({ instalment: planInstalments, job: jobs, lead: leads })
    .from(planInstalments)
    .innerJoin(jobs, eq(jobs.id, planInstalments.jobId))
    .innerJoin(leads, eq(leads.id, jobs.leadId))
    .where(eq(planInstalments.id, instalmentId));
  if (!found) return;
  const { instalment, job, lead } = found;
  const live =
    !instalment.cancelledAt &&
    !instalment.paidAt &&
    instalment.priceVersion === job.priceVersion &&
    job.paymentMethod === "pay_link";
  const due = Math.min(instalment.amountCents, amountDueCents(job));
  if (!live || due <= 0) return;
  await queueCustomerText(
    tx,
    texts,
    lead,
    {
      kind: "customer_instalment_due",
      values: {
        amount: formatCents(due),
        customer_link: lead.textConsent ? await newCustomerPageUrl(tx, texts, lead.id) : null,
      },
      jobId: job.id,
    },
    ACTOR,
  );
}
