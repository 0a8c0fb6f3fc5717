import { Badge } from "~/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { SITE_PROMISE_DAYS, type PromiseCheck } from "~/lib/reports/site-promises";

/**
 * Settings → Site promises (issue 45): each arrival claim the public site makes beside what
 * the last 90 days measured, flagged where the measure breaks it.
 */
export function SitePromisesCard({ checks }: { checks: readonly PromiseCheck[] }) {
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle as="h2">Site promises</CardTitle>
        <CardDescription>
          What the public site says about arrival, beside the last {SITE_PROMISE_DAYS} days: minutes
          from the request to the locksmith's "arrived".
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul aria-label="Site promises and what was measured" className="grid gap-3 text-sm">
          {checks.map((check) => (
            <li
              key={check.claim}
              className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1"
            >
              <span>
                <span className="font-medium">{check.claim}</span>
                <span className="text-muted-foreground"> — {check.measured}</span>
              </span>
              {check.kept === false ? (
                <Badge variant="destructive">Differs</Badge>
              ) : check.kept ? (
                <Badge variant="success">Kept</Badge>
              ) : (
                <Badge variant="outline">Not measured</Badge>
              )}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
