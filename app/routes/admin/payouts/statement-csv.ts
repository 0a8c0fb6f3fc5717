import { data } from "react-router";
import { csvLine } from "~/lib/admin/csv";
import { chicagoDay, formatDay } from "~/lib/time/chicago-period";
import { centsToInput } from "~/lib/money/money";
import { servicesContext } from "~/server/route-helpers/context.server";
import { csvDownload } from "~/server/route-helpers/csv-export.server";
import { readStatement } from "~/server/money/payouts.server";
import type { Route } from "./+types/statement-csv";
import { requestedPeriod } from "./period.server";

/**
 * The statement as CSV: one line per job and per payout (kind says which), money in
 * dollars without a symbol so a spreadsheet reads numbers, then the totals and balance.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext).database;
  const { period, range } = requestedPeriod(request);
  const statement = await readStatement(db, params.locksmithId, range);
  if (!statement) throw data("Locksmith not found.", { status: 404 });
  const lines = [
    csvLine([
      "kind",
      "date",
      "id",
      "client_or_method",
      "service_or_reference",
      "price",
      "their_cut",
      "business_cut",
      "paid",
      "collected_by",
      "received",
    ]),
    ...statement.jobs.map((job) =>
      csvLine([
        "job",
        job.completedAt ? formatDay(chicagoDayOf(job.completedAt)) : "",
        job.id,
        job.clientName,
        job.jobType,
        centsToInput(job.finalPriceCents),
        centsToInput(job.theirCutCents),
        centsToInput(job.yourCutCents),
        "",
        job.collectedBy,
        "",
      ]),
    ),
    // Both directions (decision 0031): a payout to the locksmith is "paid", money from them "received".
    ...statement.payouts.map((payout) => {
      const toLocksmith = payout.direction === "to_locksmith";
      return csvLine([
        toLocksmith ? "payout" : "payment_from_locksmith",
        payout.paidOn,
        payout.id,
        payout.method,
        payout.reference ?? "",
        "",
        "",
        "",
        toLocksmith ? centsToInput(payout.amountCents) : "",
        "",
        toLocksmith ? "" : centsToInput(payout.amountCents),
      ]);
    }),
    csvLine([
      "total",
      "",
      "",
      "",
      "",
      centsToInput(statement.totals.totalCents),
      centsToInput(statement.totals.theirCutCents),
      centsToInput(statement.totals.yourCutCents),
      centsToInput(statement.totals.paidCents),
      "",
      centsToInput(statement.totals.paidByCents),
    ]),
    // What each side owes from the period's jobs: the locksmith's cut of money the business
    // holds, and the business's cut of money the locksmith holds.
    csvLine([
      "business_owes",
      "",
      "",
      "",
      "",
      "",
      centsToInput(statement.totals.businessOwesCents),
      "",
      "",
      "",
      "",
    ]),
    csvLine([
      "locksmith_owes",
      "",
      "",
      "",
      "",
      "",
      "",
      centsToInput(statement.totals.locksmithOwesCents),
      "",
      "",
      "",
    ]),
    // The net now, all periods: positive, the business owes the locksmith; negative, they owe.
    csvLine(["owed_now", "", "", "", "", "", "", "", centsSigned(statement.owedCents), "", ""]),
  ];
  const slug = statement.locksmith.name.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  const filename = `statement-${slug}-${formatDay(period.first)}-to-${formatDay(period.last)}.csv`;
  return csvDownload(lines, filename);
}

function chicagoDayOf(value: Date | string) {
  return chicagoDay(new Date(value));
}

/** "-30.00" for what the locksmith owes, "120.00" for what the business owes. */
function centsSigned(cents: number): string {
  return cents < 0 ? `-${centsToInput(-cents)}` : centsToInput(cents);
}
