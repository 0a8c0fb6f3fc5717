import { facts } from "~/content/business";
import { ScrollTable } from "~/components/admin/scroll-table";
import { FIGURE_CELL, FiguresHead } from "./figures-head";
import { formatMinutes, formatRate } from "~/lib/reports/columns";
import type { ArrivalFigures } from "~/lib/reports/site-promises";

const CELL = FIGURE_CELL;

/**
 * Reports → arrival against the site's promise (issue 45): per group, how many arrived, the
 * share within that group's promise (30 minutes; Chicago 15, the suburbs 20, the city pages'
 * upper ends), and the median and p90 minutes from request to arrival.
 * A focusable region, as the report's table, so a keyboard can scroll it on a phone.
 */
export function ArrivalTable({
  groups,
}: {
  groups: readonly { label: string; promise: number; figures: ArrivalFigures }[];
}) {
  const limit = facts.emergencyMaxMinutes;
  const title = "Arrival against the site's promise";
  return (
    <section className="grid gap-2">
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="text-sm text-muted-foreground">
        From the request to the locksmith's "arrived". The site promises emergencies within {limit}{" "}
        minutes, {facts.chicagoArrival} minutes in Chicago and {facts.suburbArrival} in the suburbs.
      </p>
      <ScrollTable title={title} caption="“—” where a figure cannot be known">
        <FiguresHead
          first="Requests"
          heads={["Arrivals", "Promise", "Within promise", "Median", "p90"]}
        />
          <tbody>
            {groups.map(({ label, promise, figures }) => (
              <tr key={label} className="border-t border-border">
                <th scope="row" className="px-3 py-2 text-left font-medium">
                  {label}
                </th>
                <td className={CELL}>{figures.arrivals}</td>
                <td className={CELL}>{promise} min</td>
                <td className={CELL}>{formatRate(figures.withinShare)}</td>
                <td className={CELL}>{formatMinutes(figures.medianMinutes)}</td>
                <td className={CELL}>{formatMinutes(figures.p90Minutes)}</td>
              </tr>
            ))}
          </tbody>
      </ScrollTable>
    </section>
  );
}
