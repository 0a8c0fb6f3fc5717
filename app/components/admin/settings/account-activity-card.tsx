import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import {
  accountEventSource,
  describeAccountEvent,
  type AccountEvent,
} from "~/lib/auth/account-events";
import { formatDateTime } from "~/lib/format";

export interface AccountActivityView extends AccountEvent {
  id: string;
  at: Date | string;
  member: string;
}

/**
 * Settings → Account activity (owners): the latest sign-ins, failed sign-ins, lockouts,
 * two-factor, password and role changes, read from the activity log.
 */
export function AccountActivityCard({ entries }: { entries: AccountActivityView[] }) {
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle as="h2">Account activity</CardTitle>
        <CardDescription>
          The latest {entries.length === 1 ? "entry" : `${entries.length} entries`} about sign-ins,
          two-factor sign-in, passwords and roles.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {entries.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing yet.</p>
        ) : (
          <ol className="divide-y divide-border" aria-label="Account activity">
            {entries.map((entry) => {
              const source = accountEventSource(entry);
              return (
                <li
                  key={entry.id}
                  className="grid gap-1 py-2 text-sm sm:grid-cols-[11rem_1fr] sm:gap-4"
                >
                  <time
                    dateTime={new Date(entry.at).toISOString()}
                    className="text-muted-foreground"
                  >
                    {formatDateTime(entry.at)}
                  </time>
                  <p className="min-w-0">
                    <span className="font-medium">{entry.member}</span>:{" "}
                    {describeAccountEvent(entry)}
                    {source && <span className="text-muted-foreground"> · {source}</span>}
                  </p>
                </li>
              );
            })}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
