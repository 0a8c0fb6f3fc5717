import { Link } from "react-router";
import { AvailabilityBadge } from "~/components/admin/roster/availability-badge";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import type { Availability, RosterState } from "~/lib/dispatch/ranking";
import { servicesContext } from "~/server/route-helpers/context.server";
import { readRosterBoard } from "~/server/dispatch/locksmith-ranking.server";
import type { Route } from "./+types/board";

/*
 * The board: every active locksmith where they stand now — free, on which job since when,
 * off — and who is on call tonight. Kept live by the locksmiths and assignments tables'
 * change events (the layout's live updates reload it).
 */

export const handle = { liveTables: ["locksmiths", "assignments"] };

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext).database;
  return { board: await readRosterBoard(db) };
}

export const meta: Route.MetaFunction = () => [{ title: "Board | Locksmiths | Admin" }];

const GROUPS: { availability: Availability; title: string; none: string }[] = [
  { availability: "available", title: "Free now", none: "Nobody is free right now." },
  { availability: "on_job", title: "On a job", none: "Nobody is on a job." },
  { availability: "off", title: "Off", none: "Nobody is off." },
];

export default function BoardPage({ loaderData }: Route.ComponentProps) {
  const { board } = loaderData;
  const tonight = board.filter((row) => row.onCallTonight);
  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight">Board</h1>
        <p className="text-sm text-muted-foreground">
          Who is free now, who is on which job since when, and who is on call tonight (18:00 to
          06:00, Chicago time). Updates by itself.
        </p>
      </div>
      <div className="grid gap-6 @3xl:grid-cols-3">
        {GROUPS.map((group) => {
          const rows = board.filter((row) => row.availability === group.availability);
          return (
            <Card key={group.availability}>
              <CardHeader>
                <CardTitle as="h2">
                  {group.title} ({rows.length})
                </CardTitle>
              </CardHeader>
              <CardContent>
                {rows.length === 0 ? (
                  <p className="text-sm text-muted-foreground">{group.none}</p>
                ) : (
                  <ul className="grid gap-3" aria-label={group.title}>
                    {rows.map((row) => (
                      <BoardRow key={row.id} row={row} />
                    ))}
                  </ul>
                )}
              </CardContent>
            </Card>
          );
        })}
      </div>
      <Card>
        <CardHeader>
          <CardTitle as="h2">On call tonight ({tonight.length})</CardTitle>
        </CardHeader>
        <CardContent>
          {tonight.length === 0 ? (
            <p className="text-sm text-muted-foreground">Nobody is on call tonight.</p>
          ) : (
            <ul className="grid gap-2" aria-label="On call tonight">
              {tonight.map((row) => (
                <li key={row.id} className="text-sm">
                  <Link to={`/admin/locksmiths/${row.id}`} className="font-medium hover:underline">
                    {row.name}
                  </Link>{" "}
                  <span className="text-muted-foreground">{row.schedule}</span>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function BoardRow({ row }: { row: RosterState }) {
  return (
    <li className="grid gap-1">
      <Link to={`/admin/locksmiths/${row.id}`} className="font-medium hover:underline">
        {row.name}
      </Link>
      <span className="flex flex-wrap items-center gap-2 text-sm">
        <AvailabilityBadge state={row} />
        {!row.onCallNow && <span className="text-muted-foreground">not on call now</span>}
        {row.leadId && (
          <Link to={`/admin/leads/${row.leadId}`} className="text-brand-700 hover:underline">
            Open the lead<span className="sr-only"> {row.name} is on</span>
          </Link>
        )}
      </span>
    </li>
  );
}
