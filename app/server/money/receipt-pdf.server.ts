import {
  GUARANTEE_HEADING,
  PLAN_HEADING,
  type Receipt,
  type ReceiptRow,
} from "~/lib/money/receipt";
import { letterPdf } from "../letter-pdf.server";

/*
 * The receipt as a PDF (issue 29; issue 44's sections), drawn from the same receipt as the
 * page, so the two never disagree.
 */
export async function receiptPdf(
  receipt: Receipt,
  businessName: string,
  createdAt: Date,
): Promise<Uint8Array> {
  const pdf = await letterPdf({
    title: `${businessName} receipt ${receipt.number}`,
    author: businessName,
    createdAt,
  });
  pdf.title(businessName, `Receipt ${receipt.number}`);
  pdf.rows(receipt.business);
  pdf.heading("The job");
  pdf.rows(receipt.job);
  pdf.heading("Items");
  pdf.rows(receipt.items.map((item): ReceiptRow => [item.label, item.amount]));
  pdf.rows(receipt.totals);
  pdf.heading("Payments and refunds");
  if (receipt.payments.length === 0) pdf.rows([["Payments", "Nothing paid yet"]]);
  for (const payment of receipt.payments) {
    pdf.rows([
      [payment.date, `${payment.what}: ${payment.amount}`],
      ["", `Held by ${payment.heldBy}`],
    ]);
  }
  pdf.rows([receipt.balance]);
  if (receipt.plan.length > 0) {
    pdf.heading(PLAN_HEADING);
    pdf.rows(receipt.plan);
  }
  pdf.gap(8);
  pdf.lines(receipt.notes, "muted");
  pdf.heading(GUARANTEE_HEADING);
  pdf.lines([receipt.guarantee.through], "bold");
  pdf.lines([receipt.guarantee.terms]);
  return pdf.save();
}
