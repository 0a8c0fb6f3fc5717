import {
  addDays,
  chicagoDay,
  chicagoMidnight,
  formatDay,
  mondayOf,
  type Day,
} from "~/lib/time/chicago-period";
import type { PayoutMethod } from "~/lib/money/payouts";
import type { JobRow, LocksmithRow, PayoutRow } from "./rows.server";

/** How the demo crew's "payment method" notes map to a payout's method. */
const METHOD_BY_NOTE: Record<string, PayoutMethod> = {
  Zelle: "zelle",
  "Direct deposit": "bank_transfer",
  Check: "check",
};

const HOUR = 3_600_000;

/**
 * The demo's payouts: every Monday each locksmith is paid for the week before (Monday to
 * Sunday, Chicago time), so what is owed now is last week's and this week's work, as in a
 * business that pays weekly, and older completed jobs carry the payout that settled them.
 * Sets `payoutId` on the jobs it settles.
 */
export function settleDemoWeeks(
  jobs: JobRow[],
  crew: readonly LocksmithRow[],
  now: Date,
  uuid: () => string,
): PayoutRow[] {
  // Weeks that ended before last week began are paid.
  const paidBefore = chicagoMidnight(mondayOf(addDays(chicagoDay(now), -7)));
  const groups = new Map<string, { locksmithId: string; monday: Day; jobs: JobRow[] }>();
  for (const job of jobs) {
    if (job.status !== "completed" || !job.theirCutCents || !job.locksmithId) continue;
    if (!job.completedAt || job.completedAt >= paidBefore) continue;
    const monday = mondayOf(chicagoDay(job.completedAt));
    const key = `${job.locksmithId} ${formatDay(monday)}`;
    const group = groups.get(key) ?? { locksmithId: job.locksmithId, monday, jobs: [] };
    group.jobs.push(job);
    groups.set(key, group);
  }
  const noteById = new Map(crew.map((smith) => [smith.id, smith.paymentMethod ?? null]));
  return [...groups.values()]
    .sort((a, b) => formatDay(a.monday).localeCompare(formatDay(b.monday)))
    .map(({ locksmithId, monday, jobs: settled }) => {
      const payDay = addDays(monday, 7);
      const note = noteById.get(locksmithId) ?? null;
      const id = uuid();
      for (const job of settled) job.payoutId = id;
      return {
        id,
        locksmithId,
        amountCents: settled.reduce((sum, job) => sum + job.theirCutCents!, 0),
        paidOn: formatDay(payDay),
        method: note ? (METHOD_BY_NOTE[note] ?? "other") : "cash",
        // "Cash App" and "Venmo" are "other": the note says which.
        reference: note && !METHOD_BY_NOTE[note] ? note : null,
        createdAt: new Date(chicagoMidnight(payDay).getTime() + 10 * HOUR),
      };
    });
}
