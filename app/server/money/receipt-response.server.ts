import { receiptFileName, type ReceiptFacts } from "~/lib/money/receipt";
import { buildReceipt, type ReceiptBusiness } from "~/lib/money/receipt";
import { receiptPdf } from "./receipt-pdf.server";

/** The receipt's PDF as a download, never kept by a cache (it is one customer's). */
export async function receiptPdfResponse(facts: ReceiptFacts, business: ReceiptBusiness) {
  const receipt = buildReceipt(facts, business);
  const bytes = await receiptPdf(receipt, business.name, new Date(facts.completedAt));
  return new Response(Buffer.from(bytes), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${receiptFileName(facts.jobId)}"`,
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex, nofollow",
    },
  });
}
