import type * as React from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import type { LocksmithEvent } from "~/lib/dispatch/assignment-machine";
import { formatCents } from "~/lib/money/money";
import { ETA_MAX_MINUTES } from "~/lib/schemas/job-page";

export interface JobActionErrors {
  minutes?: string;
  price?: string;
  /** An unusual final price, in cents, waiting for its confirming second tap. */
  priceCheck?: number;
  /** What was typed, kept when the field was refused. */
  typed?: { minutes?: string; price?: string };
}

/**
 * The buttons for where the job stands: each a plain POST form, so a tap works on any
 * phone, with or without JavaScript. Decline sits behind a disclosure: it hands the job
 * back, so it should never be one stray tap away.
 */
export function JobActions({
  actions,
  etaMinutes,
  errors,
}: {
  actions: readonly LocksmithEvent[];
  etaMinutes: number | null;
  errors: JobActionErrors;
}) {
  const can = (action: LocksmithEvent) => actions.includes(action);
  return (
    <div className="grid gap-4">
      {can("accept") && (
        <Form method="post" replace>
          <input type="hidden" name="intent" value="accept" />
          <Button type="submit" size="lg" className="h-14 w-full text-lg">
            Accept the job
          </Button>
        </Form>
      )}
      {can("on_my_way") && (
        <Form method="post" replace className="grid gap-2 rounded-xl bg-white p-4 shadow-sm">
          <input type="hidden" name="intent" value="on_my_way" />
          <ActionField
            name="minutes"
            label="Minutes until you arrive"
            error={errors.minutes}
            defaultValue={errors.typed?.minutes ?? etaMinutes ?? ""}
            type="number"
            inputMode="numeric"
            min={1}
            max={ETA_MAX_MINUTES}
          />
          <Button type="submit" size="lg" className="w-full">
            {etaMinutes ? "Send a new estimate" : "On my way"}
          </Button>
        </Form>
      )}
      {can("arrived") && (
        <Form method="post" replace>
          <input type="hidden" name="intent" value="arrived" />
          <Button type="submit" size="lg" variant="secondary" className="w-full">
            I have arrived
          </Button>
        </Form>
      )}
      {can("complete") && (
        <Form method="post" replace className="grid gap-2 rounded-xl bg-white p-4 shadow-sm">
          <input type="hidden" name="intent" value="complete" />
          <ActionField
            name="price"
            label="Final price charged ($)"
            error={errors.price}
            defaultValue={errors.typed?.price ?? ""}
            inputMode="decimal"
            autoComplete="off"
            placeholder="e.g. 185"
          />
          <Button type="submit" size="lg" className="w-full">
            Complete the job
          </Button>
        </Form>
      )}
      {can("complete") && errors.priceCheck !== undefined && (
        <Form method="post" replace className="grid gap-2 rounded-xl bg-amber-50 p-4 shadow-sm">
          <input type="hidden" name="intent" value="complete" />
          <input type="hidden" name="price" value={(errors.priceCheck / 100).toFixed(2)} />
          <input type="hidden" name="confirmed" value={errors.priceCheck} />
          <p className="text-sm text-amber-950">
            The office will see that you confirmed this price.
          </p>
          {/* Wraps on a narrow phone: a long amount must not widen the page. */}
          <Button
            type="submit"
            size="lg"
            variant="secondary"
            className="h-auto min-h-11 w-full py-2 whitespace-normal"
          >
            Confirm {formatCents(errors.priceCheck)} and complete
          </Button>
        </Form>
      )}
      {can("decline") && (
        <details className="rounded-xl bg-white p-4 shadow-sm">
          <summary className="cursor-pointer font-semibold">Can't take this job?</summary>
          <Form method="post" replace className="mt-3 grid gap-2">
            <input type="hidden" name="intent" value="decline" />
            <p className="text-sm text-muted-foreground">
              The job goes back to the office, who will send someone else.
            </p>
            <Button type="submit" variant="destructive" className="w-full">
              Decline the job
            </Button>
          </Form>
        </details>
      )}
    </div>
  );
}

/** A labelled input of an action's form, with the server's message under it. */
function ActionField({
  name,
  label,
  error,
  ...input
}: { name: string; label: string; error?: string } & React.ComponentProps<typeof Input>) {
  return (
    <>
      <Label htmlFor={name}>{label}</Label>
      <Input
        id={name}
        name={name}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${name}-error` : undefined}
        className="h-12 text-lg"
        {...input}
      />
      {error && (
        <p id={`${name}-error`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </>
  );
}
