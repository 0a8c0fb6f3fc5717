import type * as React from "react";
import { Form } from "react-router";
import { QuoteSummary } from "~/components/link-page/quote-summary";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { centsToInput, formatCents } from "~/lib/money/money";
import { QUOTE_MAX_LINES, QUOTE_REASON_MAX, type QuoteView } from "~/lib/money/quote";
import type { JobActionErrors } from "./job-actions";

/*
 * Quote before work (issue 29): the locksmith's quote on the job page, and the customer's
 * signature on the locksmith's screen when they have no phone at hand. Plain POST forms.
 */

export function JobQuote({
  quote,
  usualRange,
  errors,
  intent,
}: {
  quote: QuoteView | null;
  usualRange: string;
  errors: JobActionErrors;
  /** The form the last answer was about: only it shows what was typed. */
  intent: string | null;
}) {
  const typed = (name: string) => (intent === "quote" ? errors.typed?.[name] : undefined);
  const fieldError = (name: string) => (intent === "quote" ? errors.fields?.[name] : undefined);
  const current = quote && (quote.state === "pending" || quote.state === "approved");
  return (
    <section aria-labelledby="quote-heading" className="grid gap-4">
      {quote && (
        <div className="rounded-xl bg-white p-4 shadow-sm">
          <h2 id="quote-heading" className="text-lg font-bold">
            Your quote
          </h2>
          <QuoteSummary quote={quote} />
        </div>
      )}
      {quote?.state === "pending" && (
        <Form method="post" replace className="grid gap-2 rounded-xl bg-white p-4 shadow-sm">
          <h2 className="text-lg font-bold">Customer approves here</h2>
          <p className="text-sm text-muted-foreground">
            No phone at hand? Hand them your screen: they type their name and tick the box.
          </p>
          <input type="hidden" name="intent" value="approve_in_person" />
          <input type="hidden" name="quoteId" value={quote.id} />
          <QuoteField
            name="name"
            label="Customer's name"
            error={intent === "approve_in_person" ? errors.fields?.name : undefined}
            defaultValue={intent === "approve_in_person" ? errors.typed?.name : undefined}
            autoComplete="off"
            required
          />
          <label className="flex min-h-11 items-center gap-3">
            <input type="checkbox" name="agree" required className="size-5" />
            <span>
              I approve this quote of {formatCents(quote.amountCents)} before work starts.
            </span>
          </label>
          {intent === "approve_in_person" && errors.fields?.agree && (
            <p className="text-sm font-medium text-destructive">{errors.fields.agree}</p>
          )}
          <Button type="submit" size="lg" className="w-full">
            Approve in person
          </Button>
        </Form>
      )}
      {/* Keyed by the quote: a saved quote starts the form afresh. */}
      <Form
        key={quote?.id ?? "first"}
        method="post"
        replace
        className="grid gap-2 rounded-xl bg-white p-4 shadow-sm"
      >
        <h2 {...(quote ? {} : { id: "quote-heading" })} className="text-lg font-bold">
          {current ? "Change the quote" : "Quote before work"}
        </h2>
        <p className="text-sm text-muted-foreground">
          Usual for this service: {usualRange}. Outside it, or above an approved quote, say why: the
          customer sees it and approves again.
        </p>
        <input type="hidden" name="intent" value="quote" />
        <fieldset className="grid gap-2">
          <legend className="text-sm font-medium">Line items (or just the total below)</legend>
          {Array.from({ length: QUOTE_MAX_LINES }, (_, row) => (
            <div key={row} className="grid grid-cols-[1fr_7rem] gap-2">
              <QuoteField
                name={`lines[${row}].label`}
                label={`Line ${row + 1}: what`}
                error={fieldError(`lines[${row}].label`)}
                defaultValue={typed(`lines[${row}].label`)}
                autoComplete="off"
              />
              <QuoteField
                name={`lines[${row}].amount`}
                label={`Line ${row + 1}: $`}
                error={fieldError(`lines[${row}].amount`)}
                defaultValue={typed(`lines[${row}].amount`)}
                inputMode="decimal"
                autoComplete="off"
              />
            </div>
          ))}
        </fieldset>
        <QuoteField
          name="total"
          label="Total ($)"
          error={fieldError("total")}
          defaultValue={
            typed("total") ?? (quote && current ? centsToInput(quote.amountCents) : undefined)
          }
          inputMode="decimal"
          autoComplete="off"
        />
        <Label htmlFor="reason">Reason (for the customer)</Label>
        <Textarea
          id="reason"
          name="reason"
          maxLength={QUOTE_REASON_MAX}
          defaultValue={typed("reason")}
          aria-invalid={fieldError("reason") ? true : undefined}
          aria-describedby={fieldError("reason") ? "reason-error" : undefined}
        />
        {fieldError("reason") && (
          <p id="reason-error" className="text-sm font-medium text-destructive">
            {fieldError("reason")}
          </p>
        )}
        <Button
          type="submit"
          size="lg"
          variant={current ? "secondary" : "default"}
          className="w-full"
        >
          {current ? "Save the new quote" : "Save the quote"}
        </Button>
      </Form>
    </section>
  );
}

/** A labelled input of the quote's forms, with the server's message under it. */
function QuoteField({
  name,
  label,
  error,
  ...input
}: { name: string; label: string; error?: string } & React.ComponentProps<typeof Input>) {
  const id = name.replace(/[^a-z0-9]/gi, "-");
  return (
    <div className="grid gap-1">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="h-12 text-lg"
        {...input}
      />
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
