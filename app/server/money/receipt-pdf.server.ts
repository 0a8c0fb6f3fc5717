import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from "pdf-lib";
import {
  GUARANTEE_HEADING,
  PLAN_HEADING,
  type Receipt,
  type ReceiptRow,
} from "~/lib/money/receipt";

/*
 * The receipt as a PDF (issue 29; issue 44's sections), drawn with pdf-lib from the same
 * receipt as the page, so the two never disagree. Letter size, the standard Helvetica
 * (nothing to embed: the file stays a few kilobytes); a new page when one is full.
 */

/** Characters Helvetica's WinAnsi encoding has; anything else prints as "?". */
const PRINTABLE = /[^\x20-\x7E\xA0-\xFF\u2013\u2014\u2018\u2019\u201C\u201D\u2022]/g;
const printable = (text: string) => text.replace(PRINTABLE, "?");

const INK = rgb(0.1, 0.12, 0.16);
const MUTED = rgb(0.38, 0.42, 0.48);
const LEFT = 60;
const VALUE_X = 230;
const BOTTOM = 60;

export async function receiptPdf(
  receipt: Receipt,
  businessName: string,
  createdAt: Date,
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(printable(`${businessName} receipt ${receipt.number}`));
  pdf.setAuthor(printable(businessName));
  pdf.setCreationDate(createdAt);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let page: PDFPage = pdf.addPage([612, 792]);
  let y = 730;
  const room = (needed: number) => {
    if (y - needed >= BOTTOM) return;
    page = pdf.addPage([612, 792]);
    y = 730;
  };
  const text = (value: string, x: number, size: number, font: PDFFont, color = INK) =>
    page.drawText(printable(value).slice(0, 64), { x, y, size, font, color });
  const rows = (list: readonly ReceiptRow[]) => {
    for (const [label, value] of list) {
      room(18);
      text(label, LEFT, 10.5, regular, MUTED);
      text(value, VALUE_X, 10.5, bold);
      y -= 18;
    }
  };
  const heading = (value: string) => {
    room(40);
    y -= 10;
    text(value, LEFT, 13, bold);
    y -= 20;
  };

  text(businessName, LEFT, 20, bold);
  y -= 26;
  text(`Receipt ${receipt.number}`, LEFT, 14, regular, MUTED);
  y -= 24;
  rows(receipt.business);
  heading("The job");
  rows(receipt.job);
  heading("Items");
  rows(receipt.items.map((item): ReceiptRow => [item.label, item.amount]));
  rows(receipt.totals);
  heading("Payments and refunds");
  if (receipt.payments.length === 0) rows([["Payments", "Nothing paid yet"]]);
  for (const payment of receipt.payments) {
    rows([
      [payment.date, `${payment.what}: ${payment.amount}`],
      ["", `Held by ${payment.heldBy}`],
    ]);
  }
  rows([receipt.balance]);
  if (receipt.plan.length > 0) {
    heading(PLAN_HEADING);
    rows(receipt.plan);
  }
  y -= 8;
  for (const note of receipt.notes) {
    room(16);
    text(note, LEFT, 10, regular, MUTED);
    y -= 16;
  }
  heading(GUARANTEE_HEADING);
  for (const line of [receipt.guarantee.through, ...wrapWords(receipt.guarantee.terms, 64)]) {
    room(16);
    text(line, LEFT, 10, line === receipt.guarantee.through ? bold : regular);
    y -= 16;
  }
  return pdf.save();
}

/** Words in lines of at most `width` characters (a longer word has a line of its own). */
function wrapWords(value: string, width: number): string[] {
  const lines: string[] = [];
  for (const word of value.split(/\s+/).filter(Boolean)) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + 1 + word.length <= width)
      lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}
