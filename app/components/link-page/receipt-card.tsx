import { receiptLines, type ReceiptFacts } from "~/lib/money/receipt";

/** The receipt's lines as a definition list: the customer's page, the receipt page, the office. */
export function ReceiptCard({
  receipt,
  businessName,
  license,
  headingLevel: Heading = "h2",
  children,
}: {
  receipt: ReceiptFacts;
  businessName: string;
  /** The business's license, when it has set one. */
  license?: string;
  headingLevel?: "h1" | "h2";
  children?: React.ReactNode;
}) {
  return (
    <section aria-labelledby="receipt-heading" className="rounded-xl bg-white p-4 shadow-sm">
      <Heading id="receipt-heading" className="text-lg font-bold">
        Receipt
      </Heading>
      <dl className="mt-2 grid gap-1" data-receipt>
        {receiptLines(receipt, businessName, license).map(([label, value]) => (
          <div key={label} className="flex justify-between gap-3 border-b py-1 last:border-0">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="text-right font-medium">{value}</dd>
          </div>
        ))}
      </dl>
      {children}
    </section>
  );
}
