import type { Receipt, ReceiptRow } from "~/lib/money/receipt";
import { GUARANTEE_HEADING, NOTHING_PAID, PLAN_HEADING, PRICE_LOWERED } from "~/lib/money/receipt";

/** Label/value rows as a definition list, each value beside its label (wrapping on a phone). */
function Rows({ rows, part }: { rows: readonly ReceiptRow[]; part: string }) {
  return (
    <dl className="grid gap-1" data-receipt={part}>
      {rows.map(([label, value]) => (
        <div
          key={label}
          className="flex flex-wrap justify-between gap-x-3 border-b border-slate-200 py-1 last:border-0"
        >
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="ml-auto text-right font-medium">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The receipt (issue 44): the business, the job, its items and totals, the payments and
 * refunds with who holds the money, and the balance. The customer's page and the receipt page.
 */
export function ReceiptCard({
  receipt,
  headingLevel: Heading = "h2",
  children,
}: {
  receipt: Receipt;
  headingLevel?: "h1" | "h2";
  children?: React.ReactNode;
}) {
  const Sub = Heading === "h1" ? "h2" : "h3";
  return (
    <section aria-labelledby="receipt-heading" className="rounded-xl bg-white p-4 shadow-sm">
      <Heading id="receipt-heading" className="text-lg font-bold">
        Receipt {receipt.number}
      </Heading>
      <div className="mt-2 grid gap-4 text-sm">
        <Rows rows={receipt.business} part="business" />
        <div>
          <Sub className="font-semibold">The job</Sub>
          <Rows rows={receipt.job} part="job" />
        </div>
        <div>
          <Sub className="font-semibold">Items</Sub>
          <Rows
            rows={receipt.items
              .filter((item) => item.label !== PRICE_LOWERED)
              .map((item): ReceiptRow => [item.label, item.amount])}
            part="items"
          />
          <Rows rows={receipt.totals} part="totals" />
        </div>
        <div>
          <Sub className="font-semibold">Payments and refunds</Sub>
          {receipt.payments.length === 0 ? (
            <p className="py-1" data-receipt="payments">
              {NOTHING_PAID}
            </p>
          ) : (
            <ul className="grid gap-1" data-receipt="payments">
              {receipt.payments.map((payment, index) => (
                <li key={index} className="border-b border-slate-200 py-1">
                  <span className="flex flex-wrap justify-between gap-x-3">
                    <span>{payment.what}</span>
                    <span className="ml-auto font-medium">{payment.amount}</span>
                  </span>
                  <span className="block text-muted-foreground">
                    {payment.date} · held by {payment.heldBy}
                  </span>
                </li>
              ))}
            </ul>
          )}
          <Rows rows={[receipt.balance]} part="balance" />
        </div>
        {receipt.plan.length > 0 && (
          <div>
            <Sub className="font-semibold">{PLAN_HEADING}</Sub>
            <Rows rows={receipt.plan} part="plan" />
          </div>
        )}
        {receipt.notes.map((note) => (
          <p key={note} className="text-muted-foreground">
            {note}
          </p>
        ))}
        <div data-receipt="guarantee">
          <Sub className="font-semibold">{GUARANTEE_HEADING}</Sub>
          <p className="font-medium">{receipt.guarantee.through}</p>
          <p>{receipt.guarantee.terms}</p>
        </div>
      </div>
      {children}
    </section>
  );
}
