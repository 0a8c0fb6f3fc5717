import { AlarmClock } from "lucide-react";
import { Link } from "react-router";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { formatDateTime } from "~/lib/format";
import { leadDisplayName } from "~/lib/leads/lead-labels";
import { splitNeedsAttention } from "~/lib/night-watch/needs-attention";
import { formatPhone } from "~/lib/phone";
import { timeAgo } from "~/lib/time/relative-time";

export interface NeedsAttentionRow {
  id: string;
  leadId: string;
  leadName: string | null;
  leadPhone: string;
  /** The rule it breaks, in words. */
  ruleText: string;
  since: Date | string;
}

/**
 * What breaks a clock rule now (Settings → Night watch), newest first, alerts older than an
 * hour folded away: each row opens its lead. It refreshes by itself as alerts are raised and
 * cleared.
 */
export function NeedsAttention({
  items,
  checkedAt,
}: {
  items: NeedsAttentionRow[] | null;
  checkedAt: string;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <AlarmClock className="size-5 text-red-600" aria-hidden="true" />
          Needs attention
          {items && items.length > 0 && (
            <span className="rounded-full bg-red-600 px-2 py-0.5 text-xs font-semibold text-white">
              {items.length}
            </span>
          )}
        </CardTitle>
        <CardDescription>Requests that wait past a limit of the night watch.</CardDescription>
      </CardHeader>
      <CardContent>
        {items === null ? (
          <p className="text-sm text-muted-foreground">Not loaded.</p>
        ) : items.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing waits past its limit.</p>
        ) : (
          <AlertList items={items} checkedAt={checkedAt} />
        )}
      </CardContent>
    </Card>
  );
}

function AlertList({ items, checkedAt }: { items: NeedsAttentionRow[]; checkedAt: string }) {
  const { recent, older } = splitNeedsAttention(items, new Date(checkedAt));
  const list = (rows: NeedsAttentionRow[], label: string) => (
    <ul className="divide-y divide-border" aria-label={label}>
      {rows.map((item) => (
        <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
          <div className="min-w-0">
            <Link
              to={`/admin/leads/${item.leadId}`}
              className="font-medium text-brand-700 underline-offset-4 hover:underline"
            >
              {leadDisplayName(item.leadName)}
              <span className="font-normal text-muted-foreground">
                {" "}
                · {formatPhone(item.leadPhone)}
              </span>
            </Link>
            <p className="text-sm">{item.ruleText}</p>
          </div>
          <p className="text-xs text-muted-foreground">
            <time dateTime={new Date(item.since).toISOString()} title={formatDateTime(item.since)}>
              Limit passed {timeAgo(new Date(item.since), new Date(checkedAt))}
            </time>
          </p>
        </li>
      ))}
    </ul>
  );
  return (
    <>
      {recent.length > 0 ? (
        list(recent, "Requests that need attention")
      ) : (
        <p className="text-sm text-muted-foreground">Nothing new in the last hour.</p>
      )}
      {older.length > 0 && (
        <details className="mt-3">
          <summary className="cursor-pointer text-sm font-medium text-brand-700">
            Older than an hour ({older.length})
          </summary>
          {list(older, "Older requests that need attention")}
        </details>
      )}
    </>
  );
}
