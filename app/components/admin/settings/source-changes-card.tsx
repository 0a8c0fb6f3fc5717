import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { formatDateTime } from "~/lib/format";

export interface SourceChangeView {
  at: string;
  who: string;
  what: string;
}

/** Settings → Sources: who changed the sources, numbers and spend lately, from the activity log. */
export function SourceChangesCard({ changes }: { changes: SourceChangeView[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Recent changes</CardTitle>
        <CardDescription>
          The latest changes to sources, tracking numbers and spend, and who made them.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {changes.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing yet.</p>
        ) : (
          <ol className="divide-y divide-border" aria-label="Recent changes to sources">
            {changes.map((change, index) => (
              <li
                key={`${change.at}-${index}`}
                className="grid gap-1 py-2 text-sm sm:grid-cols-[11rem_1fr] sm:gap-4"
              >
                <time dateTime={change.at} className="text-muted-foreground">
                  {formatDateTime(change.at)}
                </time>
                <p className="min-w-0">
                  <span className="font-medium">{change.who}</span>: {change.what}
                </p>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
