import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "~/components/ui/table";
import { facts } from "~/content/business";
import { formatMinutes, formatRate } from "~/lib/reports/columns";
import type { ArrivalFigures } from "~/lib/reports/site-promises";

/**
 * Reports → arrival against the site's promise (issue 45): per group, how many arrived, the
 * share within the emergency limit, and the median and p90 minutes from request to arrival.
 */
export function ArrivalTable({
  groups,
}: {
  groups: readonly { label: string; figures: ArrivalFigures }[];
}) {
  const limit = facts.emergencyMaxMinutes;
  return (
    <section aria-labelledby="arrival-heading" className="grid gap-2">
      <h2 id="arrival-heading" className="text-lg font-semibold">
        Arrival against the site's promise
      </h2>
      <div className="overflow-x-auto rounded-xl border bg-white">
        <Table>
          <TableCaption className="px-4 pb-3 text-left">
            From the request to the locksmith's "arrived". The site promises emergencies within{" "}
            {limit} minutes, {facts.chicagoArrival} minutes in Chicago and {facts.suburbArrival} in
            the suburbs.
          </TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead scope="col">Requests</TableHead>
              <TableHead scope="col" className="text-right">
                Arrivals
              </TableHead>
              <TableHead scope="col" className="text-right">
                Within {limit} min
              </TableHead>
              <TableHead scope="col" className="text-right">
                Median
              </TableHead>
              <TableHead scope="col" className="text-right">
                p90
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {groups.map(({ label, figures }) => (
              <TableRow key={label}>
                <TableHead scope="row" className="font-medium">
                  {label}
                </TableHead>
                <TableCell className="text-right tabular-nums">{figures.arrivals}</TableCell>
                <TableCell className="text-right tabular-nums">
                  {formatRate(figures.withinShare)}
                </TableCell>
                <TableCell className="text-right tabular-nums">
                  {formatMinutes(figures.medianMinutes)}
                </TableCell>
                <TableCell className="text-right tabular-nums">
                  {formatMinutes(figures.p90Minutes)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </section>
  );
}
