import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import type { ActionReply } from "~/lib/admin/action-reply";
import { NEEDS_CLOSING_MAX_HOURS, NEEDS_CLOSING_MIN_HOURS } from "~/lib/dispatch/needs-closing";

/**
 * Settings → Night watch, "Needs closing" (issue 45, decision 0066): a live job with no
 * progress for longer than this is flagged for the office to close, and its locksmith no
 * longer counts as busy. Owners only; every change goes in the activity log.
 */
export function NeedsClosingCard({
  hours,
  isOwner,
  answer,
  saving,
}: {
  hours: number;
  isOwner: boolean;
  answer: ActionReply | undefined;
  saving: boolean;
}) {
  const error = answer?.result?.error?.hours?.[0];
  const typed = answer?.result?.initialValue as { hours?: string } | undefined;
  return (
    <Form method="post" noValidate className="mt-6">
      <input type="hidden" name="intent" value="needs_closing" />
      <Card>
        <CardHeader>
          <CardTitle as="h2">Needs closing</CardTitle>
          <CardDescription>
            A job offered, accepted, on the way or arrived with no progress for longer than this is
            flagged &ldquo;Needs closing&rdquo; on the dashboard, in Jobs and on its lead, and its
            locksmith counts as free again.
            {isOwner ? "" : " Only an owner can change this."}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <div className="grid max-w-xs gap-1.5">
            <Label htmlFor="needs-closing-hours">No progress for (hours)</Label>
            <Input
              id="needs-closing-hours"
              name="hours"
              type="number"
              inputMode="numeric"
              min={NEEDS_CLOSING_MIN_HOURS}
              max={NEEDS_CLOSING_MAX_HOURS}
              autoComplete="off"
              defaultValue={typed?.hours ?? String(hours)}
              disabled={!isOwner}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "needs-closing-hours-error" : "needs-closing-hours-hint"}
              className="w-28 tabular-nums"
            />
            {error ? (
              <p id="needs-closing-hours-error" className="text-sm font-medium text-destructive">
                {error}
              </p>
            ) : (
              <p id="needs-closing-hours-hint" className="text-sm text-muted-foreground">
                {NEEDS_CLOSING_MIN_HOURS} to {NEEDS_CLOSING_MAX_HOURS}; 12 unless set.
              </p>
            )}
          </div>
          {isOwner && (
            <Button type="submit" className="w-fit" disabled={saving}>
              Save needs closing
            </Button>
          )}
        </CardContent>
      </Card>
    </Form>
  );
}
