import { formatCents } from "~/lib/money/money";
import { cn } from "~/lib/utils";
import { APPROVAL_WAY_LABELS, type QuoteView } from "~/lib/money/quote";

const STATE_WORDS: Record<QuoteView["state"], string> = {
  pending: "Waiting for the customer's approval",
  approved: "Approved",
  declined: "Declined by the customer",
  superseded: "Replaced by a newer quote",
  held: "Waits for the office: the customer does not see it until the office confirms it",
  rejected: "Not confirmed by the office: the customer never saw it",
};

/** A quote's amount, lines, reason and where it stands: the same on every page that shows it. */
export function QuoteSummary({ quote }: { quote: QuoteView }) {
  const standing =
    quote.state === "approved" && quote.approvedWay
      ? `Approved: ${APPROVAL_WAY_LABELS[quote.approvedWay]}${quote.approvedName ? ` by ${quote.approvedName}` : ""}`
      : STATE_WORDS[quote.state];
  return (
    <div className="mt-2 grid gap-2" data-quote-state={quote.state}>
      <QuoteLines lines={quote.lines} />
      <p className="flex justify-between gap-3 text-lg font-bold">
        <span>Total</span>
        <span className="tabular-nums">{formatCents(quote.amountCents)}</span>
      </p>
      {quote.reason && <p className="text-sm">Why: {quote.reason}</p>}
      {quote.state === "rejected" && quote.officeReason && (
        <p className="text-sm">The office says: {quote.officeReason}</p>
      )}
      <p className="text-sm font-semibold">{standing}</p>
    </div>
  );
}

/** A quote's line items, label and amount, when it has any. */
export function QuoteLines({
  lines,
  className,
}: {
  lines: QuoteView["lines"];
  className?: string;
}) {
  if (!lines || lines.length === 0) return null;
  return (
    <ul className={cn("grid gap-1", className)}>
      {lines.map((line, index) => (
        <li key={index} className="flex justify-between gap-3">
          <span>{line.label}</span>
          <span className="tabular-nums">{formatCents(line.cents)}</span>
        </li>
      ))}
    </ul>
  );
}
