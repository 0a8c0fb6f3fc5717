import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import type { ActionReply } from "~/lib/admin/action-reply";
import { afterHoursNotice, type AfterHoursRate } from "~/lib/money/line-kinds";
import { centsToInput } from "~/lib/money/money";

/**
 * Settings → Prices, after hours (issue 45, decision 0066): off, the site promises one price
 * around the clock and no quote may carry an after-hours line; on, the site states the rate
 * and when it applies, and a locksmith may add it as one line of that amount. Owners only.
 */
export function AfterHoursCard({
  rate,
  isOwner,
  answer,
  saving,
}: {
  rate: AfterHoursRate;
  isOwner: boolean;
  answer: ActionReply | undefined;
  saving: boolean;
}) {
  const error = answer?.result?.error?.amount?.[0];
  const typed = answer?.result?.initialValue as { enabled?: string; amount?: string } | undefined;
  return (
    <Form method="post" noValidate className="mt-8">
      <input type="hidden" name="intent" value="after_hours" />
      <Card>
        <CardHeader>
          <CardTitle as="h2">After-hours rate</CardTitle>
          <CardDescription>
            The public pages say now: “{afterHoursNotice(rate)}” A quote may carry an after-hours
            line only while this is on, of exactly this amount, for work from 8 pm to 7 am.
            {isOwner ? "" : " Only an owner can change this."}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <label className="flex items-center gap-2 text-sm font-medium">
            <input
              type="checkbox"
              name="enabled"
              defaultChecked={typed ? typed.enabled === "on" : rate.enabled}
              disabled={!isOwner}
              className="size-4 accent-brand-700"
            />
            Charge an after-hours rate
          </label>
          <div className="grid max-w-xs gap-1.5">
            <Label htmlFor="after-hours-amount">After-hours rate ($)</Label>
            <Input
              id="after-hours-amount"
              name="amount"
              inputMode="decimal"
              autoComplete="off"
              defaultValue={typed?.amount ?? (rate.cents ? centsToInput(rate.cents) : "")}
              disabled={!isOwner}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "after-hours-amount-error" : undefined}
              className="w-28 tabular-nums"
            />
            {error && (
              <p id="after-hours-amount-error" className="text-sm font-medium text-destructive">
                {error}
              </p>
            )}
          </div>
          {isOwner && (
            <Button type="submit" className="w-fit" disabled={saving}>
              Save the after-hours rate
            </Button>
          )}
        </CardContent>
      </Card>
    </Form>
  );
}
