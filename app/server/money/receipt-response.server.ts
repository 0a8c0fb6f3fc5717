import { receiptFileName, type ReceiptFacts } from "~/lib/money/receipt";
import { buildReceipt, type ReceiptBusiness } from "~/lib/money/receipt";
import { pdfDownload } from "../letter-pdf.server";
import { receiptPdf } from "./receipt-pdf.server";

/** The receipt's PDF as a download. */
export async function receiptPdfResponse(facts: ReceiptFacts, business: ReceiptBusiness) {
  const receipt = buildReceipt(facts, business);
  const bytes = await receiptPdf(receipt, business.name, new Date(facts.completedAt));
  return pdfDownload(bytes, receiptFileName(facts.jobId));
}
