import { receiptFileName, type ReceiptFacts } from "~/lib/money/receipt";
import { receiptPdf } from "./receipt-pdf.server";

/** The receipt's PDF as a download, never kept by a cache (it is one customer's). */
export async function receiptPdfResponse(
  receipt: ReceiptFacts,
  business: { name: string; license?: string },
) {
  const bytes = await receiptPdf(receipt, business.name, business.license);
  return new Response(Buffer.from(bytes), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${receiptFileName(receipt.jobId)}"`,
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex, nofollow",
    },
  });
}
