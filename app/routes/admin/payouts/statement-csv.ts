import { data } from "react-router";
import { csvLine } from "~/lib/admin/csv";
import { chicagoDay, formatDay } from "~/lib/time/chicago-period";
import { centsToInput } from "~/lib/money/money";
import { servicesContext } from "~/server/route-helpers/context.server";
import { readStatement } from "~/server/models/payouts.server";
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
      ]),
    ),
    ...statement.payouts.map((payout) =>
      csvLine([
        "payout",
        payout.paidOn,
        payout.id,
        payout.method,
        payout.reference ?? "",
        "",
        "",
        "",
        centsToInput(payout.amountCents),
      ]),
    ),
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
    ]),
    csvLine(["owed_now", "", "", "", "", "", "", "", centsToInput(statement.owedCents)]),
  ];
  const slug = statement.locksmith.name.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  const filename = `statement-${slug}-${formatDay(period.first)}-to-${formatDay(period.last)}.csv`;
  return new Response(lines.join(""), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "no-store",
    },
  });
}

function chicagoDayOf(value: Date | string) {
  return chicagoDay(new Date(value));
}
