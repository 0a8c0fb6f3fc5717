import { Form } from "react-router";
import { QuoteSummary } from "~/components/link-page/quote-summary";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { centsToInput } from "~/lib/money/money";
import { QUOTE_MAX_LINES, QUOTE_REASON_MAX, type QuoteView } from "~/lib/money/quote";
import { QuoteDiscount } from "./quote-discount";
import { QuoteLineKind } from "./quote-line-kind";
import type { JobActionErrors } from "./job-actions";
import { QuoteField } from "./quote-field";
import { SignatureApproval } from "./signature-approval";

/*
 * Quote before work (issue 29): the locksmith's quote on the job page, and the customer's
 * approval in person with the code texted to their phone (issue 44: the locksmith cannot
 * approve for them). Plain POST forms.
 */

export function JobQuote({
  quote,
  officeQuote,
  signatureOffered,
  service,
  usualRange,
  afterHoursCents,
  errors,
  intent,
}: {
  quote: QuoteView | null;
  /** A newer quote held for the office, or rejected by it. */
  officeQuote: QuoteView | null;
  /** No code can reach the customer's phone: they sign here instead. */
  signatureOffered: boolean;
  service: string;
  usualRange: string;
  /** The after-hours rate when the business charges one: a line may be of that kind. */
  afterHoursCents: number | null;
  errors: JobActionErrors;
  /** The form the last answer was about: only it shows what was typed. */
  intent: string | null;
}) {
  const typed = (name: string) => (intent === "quote" ? errors.typed?.[name] : undefined);
  const fieldError = (name: string) => (intent === "quote" ? errors.fields?.[name] : undefined);
  const current =
    officeQuote?.state === "held" ||
    (quote && (quote.state === "pending" || quote.state === "approved"));
  return (
    <section aria-labelledby="quote-heading" className="grid gap-4">
      {officeQuote && (
        <div
          className="rounded-xl border-2 border-amber-500 bg-amber-50 p-4 text-amber-950 shadow-sm"
          role="status"
        >
          <h2 {...(quote ? {} : { id: "quote-heading" })} className="text-lg font-bold">
            {officeQuote.state === "held"
              ? "Your new quote waits for the office"
              : "The office did not confirm your quote"}
          </h2>
          <p className="mt-1 text-sm">
            {officeQuote.state === "held"
              ? "It is far from the usual price. Call the office if it is urgent."
              : "The customer never saw it. Give a new quote, or call the office."}
          </p>
          <QuoteSummary quote={officeQuote} />
        </div>
      )}
      {quote && (
        <div className="rounded-xl bg-white p-4 shadow-sm">
          <h2 id="quote-heading" className="text-lg font-bold">
            Your quote
          </h2>
          <QuoteSummary quote={quote} />
        </div>
      )}
      {quote?.state === "pending" && signatureOffered && (
        <SignatureApproval
          quote={quote}
          service={service}
          errors={intent === "approve_with_signature" ? errors : {}}
        />
      )}
      {quote?.state === "pending" && !signatureOffered && (
        <div className="grid gap-3 rounded-xl bg-white p-4 shadow-sm">
          <h2 className="text-lg font-bold">Customer approves in person</h2>
          <p className="text-sm text-muted-foreground">
            Only the customer can approve. We text a 6-digit code to their phone: they read it to
            you, you type it here. It works for 10 minutes.
          </p>
          <Form method="post" replace>
            <input type="hidden" name="intent" value="send_approval_code" />
            <input type="hidden" name="quoteId" value={quote.id} />
            <Button type="submit" size="lg" variant="secondary" className="w-full">
              Text the customer a code
            </Button>
          </Form>
          <Form method="post" replace className="grid gap-2">
            <input type="hidden" name="intent" value="approve_with_code" />
            <input type="hidden" name="quoteId" value={quote.id} />
            <QuoteField
              name="code"
              label="Code from the customer's text"
              error={intent === "approve_with_code" ? errors.fields?.code : undefined}
              inputMode="numeric"
              autoComplete="off"
              pattern="[0-9]{6}"
              maxLength={6}
              required
            />
            <Button type="submit" size="lg" className="w-full">
              Approve with the code
            </Button>
          </Form>
        </div>
      )}
      {/* Keyed by the quote: a saved quote (held for the office too) starts the form afresh. */}
      <Form
        key={officeQuote?.id ?? quote?.id ?? "first"}
        method="post"
        replace
        className="grid gap-2 rounded-xl bg-white p-4 shadow-sm"
      >
        <h2
          {...(quote || officeQuote ? {} : { id: "quote-heading" })}
          className="text-lg font-bold"
        >
          {current ? "Change the quote" : "Quote before work"}
        </h2>
        <p className="text-sm text-muted-foreground">
          Usual for this service: {usualRange}. Outside it, or above an approved quote, say why: the
          customer sees it and approves again. Far outside it (more than 3 times the top, or under a
          third of the bottom), the office confirms it first.
        </p>
        <input type="hidden" name="intent" value="quote" />
        <fieldset className="grid gap-2">
          <legend className="text-sm font-medium">Line items (or just the total below)</legend>
          {Array.from({ length: QUOTE_MAX_LINES }, (_, row) => (
            <div key={row} className="grid grid-cols-[6.5rem_1fr_5.5rem] items-start gap-2">
              <QuoteLineKind
                row={row}
                afterHoursCents={afterHoursCents}
                error={fieldError(`lines[${row}].kind`)}
                defaultValue={typed(`lines[${row}].kind`)}
              />
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
        <QuoteDiscount typed={typed} fieldError={fieldError} />
        <QuoteField
          name="total"
          label="Total ($)"
          error={fieldError("total")}
          defaultValue={
            typed("total") ??
            (quote && (quote.state === "pending" || quote.state === "approved")
              ? centsToInput(quote.amountCents)
              : undefined)
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
