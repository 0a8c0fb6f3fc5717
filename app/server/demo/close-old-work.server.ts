import { NEEDS_CLOSING_DEFAULT_HOURS } from "~/lib/dispatch/needs-closing";
import { computeSplit } from "~/lib/money/job-split";
import { stableFraction } from "./assignments.server";
import type { CodeRow, JobRow, LeadRow } from "./rows.server";

/*
 * Old demo work ends as it would in life (issue 45): a request left "assigned" or "in
 * progress" for more than a working day was finished or called off long ago. Without this
 * the demo kept years-old live assignments, so every locksmith read "on a job since …",
 * nobody was ever ready now and nobody was preselected in Dispatch. Work older than the
 * "needs closing" threshold is closed: a priced job completed a few hours after it began
 * (its lead completed, its dispatch code used), an unpriced one cancelled with its lead (its
 * code expired), a lead without a job cancelled. The newest NEEDS_CLOSING_KEPT of them with a
 * job stay open on purpose, so the dashboard's and Jobs' "Needs closing" have something to
 * show. Drawn from stable hashes, not the seed's PRNG, so the rest of a seed's demo stays.
 */

/** Old open jobs the demo leaves open on purpose, for the office to close. */
export const NEEDS_CLOSING_KEPT = 2;

const HOUR = 3_600_000;
const MINUTE = 60_000;
const OPEN: ReadonlySet<LeadRow["status"]> = new Set(["assigned", "in_progress"]);

export function closeOldDemoWork(
  data: { leads: LeadRow[]; jobs: JobRow[]; dispatchCodes: CodeRow[] },
  nowMs: number,
): void {
  const cutoff = nowMs - NEEDS_CLOSING_DEFAULT_HOURS * HOUR;
  const jobByLead = new Map(data.jobs.filter((job) => job.leadId).map((job) => [job.leadId!, job]));
  const old = data.leads
    .filter((lead) => OPEN.has(lead.status) && lead.createdAt.getTime() < cutoff)
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  // Kept from well past the cutoff: a lead's locksmith may have accepted or arrived hours
  // after it came in, and only progress older than the threshold makes a job need closing.
  // Kept from just past it, a draw at some hours of the day showed nothing to close.
  const keptBefore = nowMs - 2 * NEEDS_CLOSING_DEFAULT_HOURS * HOUR;
  const kept = new Set(
    old
      .filter(
        (lead) =>
          jobByLead.get(lead.id)?.status === "in_progress" && lead.createdAt.getTime() < keptBefore,
      )
      .slice(0, NEEDS_CLOSING_KEPT)
      .map((lead) => lead.id),
  );
  const ended = new Map<string, "completed" | "cancelled">();
  for (const lead of old) {
    if (kept.has(lead.id)) continue;
    const job = jobByLead.get(lead.id);
    if (job?.status === "in_progress" && job.finalPriceCents != null) {
      const start = job.createdAt!.getTime();
      const took = 25 + Math.round(stableFraction(`done:${lead.id}`) * 335);
      job.status = "completed";
      job.completedAt = new Date(Math.min(start + took * MINUTE, nowMs - MINUTE));
      if (job.theirCutPercent == null) {
        const split = computeSplit(job.finalPriceCents, 60);
        Object.assign(job, { theirCutPercent: 60, ...split });
      }
      lead.status = "completed";
    } else {
      if (job?.status === "in_progress") job.status = "cancelled";
      lead.status = "cancelled";
    }
    ended.set(lead.id, lead.status);
  }
  for (const code of data.dispatchCodes) {
    const status = code.leadId ? ended.get(code.leadId) : undefined;
    if (!status || code.status !== "assigned") continue;
    code.status = status === "completed" ? "used" : "expired";
    if (code.expirationTime.getTime() > cutoff) code.expirationTime = new Date(cutoff);
  }
}
