import { PDFDocument, rgb, StandardFonts } from "pdf-lib";
import { receiptLines, type ReceiptFacts } from "~/lib/money/receipt";

/*
 * The receipt as a PDF (issue 29), drawn with pdf-lib from the same lines as the page, so
 * the two never disagree. Letter size, the standard Helvetica (nothing to embed: the file
 * stays a few kilobytes).
 */

/** Characters Helvetica's WinAnsi encoding has; anything else prints as "?". */
const PRINTABLE = /[^\x20-\x7E\xA0-\xFF\u2013\u2014\u2018\u2019\u201C\u201D\u2022]/g;
const printable = (text: string) => text.replace(PRINTABLE, "?");

export async function receiptPdf(
  receipt: ReceiptFacts,
  businessName: string,
  license?: string,
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(printable(`${businessName} receipt ${receipt.jobId.slice(0, 8)}`));
  pdf.setAuthor(printable(businessName));
  pdf.setCreationDate(new Date(receipt.completedAt));
  const page = pdf.addPage([612, 792]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const ink = rgb(0.1, 0.12, 0.16);
  const muted = rgb(0.38, 0.42, 0.48);
  let y = 720;
  page.drawText(printable(businessName), { x: 60, y, size: 22, font: bold, color: ink });
  y -= 30;
  page.drawText("Receipt", { x: 60, y, size: 16, font: regular, color: muted });
  y -= 36;
  for (const [label, value] of receiptLines(receipt, businessName, license)) {
    page.drawText(printable(label), { x: 60, y, size: 12, font: regular, color: muted });
    page.drawText(printable(value).slice(0, 70), { x: 200, y, size: 12, font: bold, color: ink });
    y -= 24;
  }
  y -= 12;
  page.drawText("Thank you. The final price is never more than the quote you approved.", {
    x: 60,
    y,
    size: 11,
    font: regular,
    color: muted,
  });
  return pdf.save();
}
