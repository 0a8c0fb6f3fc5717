import type * as React from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import type { LocksmithEvent } from "~/lib/dispatch/assignment-machine";
import { CUSTOMER_PAYMENT_LABELS, CUSTOMER_PAYMENT_METHODS } from "~/lib/money/collection";
import { centsToInput, formatCents } from "~/lib/money/money";
import type { QuoteView } from "~/lib/money/quote";
import { ETA_MAX_MINUTES } from "~/lib/dispatch/arrival-promise";
import { ARRIVAL_PROMISE_TEXT, LATE_REASON_MAX } from "~/lib/dispatch/arrival-promise";

export interface JobActionErrors {
  /** The server's message for each field, by the field's name. */
  fields?: Record<string, string>;
  /** An unusual final price, in cents, waiting for its confirming second tap. */
  priceCheck?: number;
  /** What was typed, by field name, kept when the form was refused. */
  typed?: Record<string, string>;
}

/**
 * The next taps of a job that is theirs, above the quote (issue 46): accept, on my way (or a
 * new estimate) and I have arrived, each a full-width button of its own.
 */
export function JobTravelActions({
  actions,
  etaMinutes,
  promisedMinutes = null,
  errors,
}: {
  actions: readonly LocksmithEvent[];
  etaMinutes: number | null;
  /** An emergency's promised arrival: an estimate above it asks why. */
  promisedMinutes?: number | null;
  errors: JobActionErrors;
}) {
  const can = (action: LocksmithEvent) => actions.includes(action);
  if (!can("accept") && !can("on_my_way") && !can("arrived")) return null;
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
            error={errors.fields?.minutes}
            defaultValue={errors.typed?.minutes ?? etaMinutes ?? ""}
            type="number"
            inputMode="numeric"
            min={1}
            max={ETA_MAX_MINUTES}
          />
          {promisedMinutes !== null && (
            <ActionField
              name="lateReason"
              label={ARRIVAL_PROMISE_TEXT.reasonLabel(promisedMinutes)}
              error={errors.fields?.lateReason}
              defaultValue={errors.typed?.lateReason ?? ""}
              required={false}
              maxLength={LATE_REASON_MAX}
              autoComplete="off"
            />
          )}
          <Button type="submit" size="lg" className="w-full">
            {etaMinutes ? "Send a new estimate" : "On my way"}
          </Button>
        </Form>
      )}
      {can("arrived") && (
        <Form method="post" replace>
          <input type="hidden" name="intent" value="arrived" />
          <Button type="submit" size="lg" className="h-14 w-full text-lg">
            I have arrived
          </Button>
        </Form>
      )}
    </div>
  );
}

/**
 * The buttons for where the job stands: each a plain POST form, so a tap works on any
 * phone, with or without JavaScript. Decline sits behind a disclosure: it hands the job
 * back, so it should never be one stray tap away.
 */
export function JobActions({
  actions,
  errors,
  quote,
  payLinkOffered = false,
  guaranteeCallback = false,
}: {
  actions: readonly LocksmithEvent[];
  errors: JobActionErrors;
  quote: QuoteView | null;
  /** Whether the card pay link is configured; without it the option is absent. */
  payLinkOffered?: boolean;
  /** A guarantee call-back: approved at $0 until the customer approves a quote above it. */
  guaranteeCallback?: boolean;
}) {
  const can = (action: LocksmithEvent) => actions.includes(action);
  const approved =
    quote?.state === "approved" ? quote : guaranteeCallback ? { amountCents: 0 } : null;
  return (
    <div className="grid gap-4">
      {can("complete") && !approved && (
        <p className="rounded-xl bg-white p-4 text-sm text-muted-foreground shadow-sm">
          Completing opens once the customer approves a quote: quote before any work.
        </p>
      )}
      {can("complete") && approved && (
        <Form method="post" replace className="grid gap-2 rounded-xl bg-white p-4 shadow-sm">
          <input type="hidden" name="intent" value="complete" />
          <ActionField
            name="price"
            label="Final price charged ($)"
            error={errors.fields?.price}
            defaultValue={errors.typed?.price ?? centsToInput(approved.amountCents)}
            inputMode="decimal"
            autoComplete="off"
          />
          <Choice
            name="paymentMethod"
            legend="How the customer paid"
            options={CUSTOMER_PAYMENT_METHODS.filter(
              (value) => payLinkOffered || value !== "pay_link",
            ).map((value) => [value, CUSTOMER_PAYMENT_LABELS[value]])}
            checked={errors.typed?.paymentMethod}
            error={errors.fields?.paymentMethod}
          />
          <Choice
            name="collectedBy"
            legend="Who holds the money now"
            options={[
              ["locksmith", "I do (cash, my card reader, a check to me)"],
              ["business", "The business (its card terminal, the pay link)"],
            ]}
            checked={errors.typed?.collectedBy}
            error={errors.fields?.collectedBy}
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
          <input type="hidden" name="paymentMethod" value={errors.typed?.paymentMethod ?? ""} />
          <input type="hidden" name="collectedBy" value={errors.typed?.collectedBy ?? ""} />
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

/** Radio buttons in a fieldset, with the server's message under them. */
export function Choice({
  name,
  legend,
  options,
  checked,
  error,
}: {
  name: string;
  legend: string;
  options: readonly (readonly [string, string])[];
  checked?: string;
  error?: string;
}) {
  return (
    <fieldset
      className="mt-2 grid gap-1"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${name}-error` : undefined}
    >
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      {options.map(([value, label]) => (
        <label key={value} className="flex min-h-11 items-center gap-3 rounded-lg border px-3">
          <input
            type="radio"
            name={name}
            value={value}
            required
            defaultChecked={checked === value}
            className="size-5"
          />
          {label}
        </label>
      ))}
      {error && (
        <p id={`${name}-error`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </fieldset>
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
