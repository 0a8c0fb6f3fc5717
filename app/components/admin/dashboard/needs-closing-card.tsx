import { Link } from "react-router";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { formatDateTime } from "~/lib/format";
import { leadDisplayName } from "~/lib/leads/lead-labels";

export interface NeedsClosingRow {
  assignmentId: string;
  leadId: string;
  leadName: string | null;
  locksmithName: string;
  lastProgressAt: Date | string;
}

/** The most rows the card lists; the count says how many there are. */
const SHOWN = 8;

/**
 * Jobs that need closing (issue 45, decision 0066): live with no progress for longer than the
 * setting. Their locksmiths count as free again; each row opens the lead to close it.
 */
export function NeedsClosingCard({
  items,
  hours,
}: {
  items: NeedsClosingRow[] | null;
  hours: number | null;
}) {
  if (!items || items.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          Needs closing
          <span className="rounded-full bg-amber-700 px-2 py-0.5 text-xs font-semibold text-white">
            {items.length}
          </span>
        </CardTitle>
        <CardDescription>
          Jobs with no progress for more than {hours} hours: their locksmiths count as free again.
          Open each to complete or cancel it.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-border" aria-label="Jobs that need closing">
          {items.slice(0, SHOWN).map((item) => (
            <li
              key={item.assignmentId}
              className="flex flex-wrap items-center justify-between gap-2 py-3"
            >
              <Link
                to={`/admin/leads/${item.leadId}`}
                className="font-medium text-brand-700 underline-offset-4 hover:underline"
              >
                {leadDisplayName(item.leadName)}
                <span className="font-normal text-muted-foreground"> · {item.locksmithName}</span>
              </Link>
              <p className="text-xs text-muted-foreground">
                No progress since{" "}
                <time dateTime={new Date(item.lastProgressAt).toISOString()}>
                  {formatDateTime(item.lastProgressAt)}
                </time>
              </p>
            </li>
          ))}
        </ul>
        {items.length > SHOWN && (
          <p className="mt-2 text-sm text-muted-foreground">
            And {items.length - SHOWN} more: the oldest are listed first.
          </p>
        )}
      </CardContent>
    </Card>
  );
}
