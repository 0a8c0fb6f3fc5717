import { getFormProps } from "@conform-to/react";
import { ShieldAlert } from "lucide-react";
import { useFetcher } from "react-router";
import { useFetcherReply } from "~/components/admin/use-fetcher-reply";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { FormErrorMessage } from "~/components/ui/form-error-message";
import { TextareaField } from "~/components/ui/form-fields";
import { useLazyZodForm } from "~/components/use-lazy-zod-form";
import type { ActionReply } from "~/lib/admin/action-reply";
import { formatDateTime } from "~/lib/format";
import { formatCents } from "~/lib/money/money";
import type { QuoteLine } from "~/lib/money/quote";
import { QuoteLines } from "~/components/link-page/quote-summary";

export interface HeldQuoteRow {
  id: string;
  amountCents: number;
  lines: QuoteLine[] | null;
  reason: string | null;
  locksmithName: string | null;
  createdAt: Date | string;
  why: string;
  usualRange: string;
}

/*
 * A quote beyond the sanity bounds waits here for the office (issue 44, decision 0055):
 * Confirm sends it to the customer as any quote; Reject keeps it from them, with a reason the
 * locksmith reads on the job page.
 */
export function HeldQuotes({ leadId, quotes }: { leadId: string; quotes: HeldQuoteRow[] }) {
  return (
    <Card className="border-2 border-amber-500">
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <ShieldAlert className="size-5 text-amber-700" aria-hidden="true" />
          Quote waits for your confirmation
        </CardTitle>
        <CardDescription>
          The customer does not see it until you confirm it. Check it with the locksmith.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {quotes.map((quote) => (
          <HeldQuote key={quote.id} leadId={leadId} quote={quote} />
        ))}
      </CardContent>
    </Card>
  );
}

const loadRejectSchema = () =>
  import("~/lib/schemas/leads").then((module) => module.heldQuoteRejectSchema);

function HeldQuote({ leadId, quote }: { leadId: string; quote: HeldQuoteRow }) {
  const confirm = useFetcher<ActionReply>();
  const reject = useFetcher<ActionReply>();
  const [form, fields] = useLazyZodForm({
    id: `reject-quote-${quote.id}`,
    lastResult: useFetcherReply(reject, "reject-quote"),
    loadSchema: loadRejectSchema,
    validateOn: "submit",
  });
  const busy = confirm.state !== "idle" || reject.state !== "idle";
  return (
    <article
      className="grid gap-3"
      aria-label={`Quote of ${formatCents(quote.amountCents)}`}
      data-held-quote
    >
      <p className="text-2xl font-bold tabular-nums">{formatCents(quote.amountCents)}</p>
      <p className="text-sm">
        From {quote.locksmithName ?? "the locksmith"}, {formatDateTime(quote.createdAt)}. Usual for
        this service: {quote.usualRange}.
      </p>
      <p className="text-sm font-medium">{quote.why}.</p>
      <QuoteLines lines={quote.lines} className="text-sm" />
      {quote.reason && <p className="text-sm">Locksmith&apos;s reason: {quote.reason}</p>}
      <confirm.Form method="post">
        <input type="hidden" name="intent" value="confirm-quote" />
        <input type="hidden" name="leadId" value={leadId} />
        <input type="hidden" name="quoteId" value={quote.id} />
        <Button type="submit" disabled={busy}>
          Confirm {formatCents(quote.amountCents)}: send it to the customer
        </Button>
      </confirm.Form>
      <reject.Form method="post" className="grid gap-2" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="reject-quote" />
        <input type="hidden" name="leadId" value={leadId} />
        <input type="hidden" name="quoteId" value={quote.id} />
        <FormErrorMessage id={form.errorId} errors={form.errors} />
        <TextareaField
          meta={fields.reason}
          label="Why not (the locksmith reads it)"
          rows={2}
          maxLength={300}
        />
        <Button type="submit" variant="outline" disabled={busy} className="justify-self-start">
          Reject the quote
        </Button>
      </reject.Form>
    </article>
  );
}
