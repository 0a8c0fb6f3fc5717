import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from "pdf-lib";

/*
 * The one way Lockline writes a PDF (the receipt, the D1 vehicle record): a US Letter page
 * in the standard Helvetica (nothing to embed: a file stays a few kilobytes), written top to
 * bottom as a title, headed sections of label/value rows and lines, with a new page when one
 * is full.
 */

/** Characters Helvetica's WinAnsi encoding has; anything else prints as "?". */
const PRINTABLE = /[^\x20-\x7E\xA0-\xFF\u2013\u2014\u2018\u2019\u201C\u201D\u2022]/g;
const printable = (text: string) => text.replace(PRINTABLE, "?");

const INK = rgb(0.1, 0.12, 0.16);
const MUTED = rgb(0.38, 0.42, 0.48);
const LEFT = 60;
const VALUE_X = 230;
const TOP = 730;
const BOTTOM = 60;
const LETTER: [number, number] = [612, 792];
/** Characters that fit a value column, and a whole line, in Helvetica at these sizes. */
const VALUE_CHARACTERS = 64;
const LINE_CHARACTERS = 88;

/** A label and its value, on one row. */
export type LetterRow = readonly [string, string];

export interface LetterPdf {
  /** The document's first line, large and bold, with a muted line under it. */
  title(value: string, subtitle: string): void;
  heading(value: string): void;
  rows(list: readonly LetterRow[]): void;
  /** Lines of text, each wrapped to the page; `muted` for notes, `bold` for a line to stand out. */
  lines(list: readonly string[], style?: "regular" | "bold" | "muted"): void;
  /** Some room before what follows. */
  gap(points: number): void;
  /** A PNG (a drawn signature), at most `width` wide, framed by a thin line. */
  picture(png: Uint8Array, width: number): Promise<void>;
  save(): Promise<Uint8Array>;
}

export async function letterPdf(meta: {
  title: string;
  author: string;
  createdAt: Date;
}): Promise<LetterPdf> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(printable(meta.title));
  pdf.setAuthor(printable(meta.author));
  pdf.setCreationDate(meta.createdAt);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let page: PDFPage = pdf.addPage(LETTER);
  let y = TOP;
  const room = (needed: number) => {
    if (y - needed >= BOTTOM) return;
    page = pdf.addPage(LETTER);
    y = TOP;
  };
  const text = (value: string, x: number, size: number, font: PDFFont, color = INK) =>
    page.drawText(printable(value).slice(0, x === LEFT ? LINE_CHARACTERS : VALUE_CHARACTERS), {
      x,
      y,
      size,
      font,
      color,
    });

  return {
    title(value, subtitle) {
      text(value, LEFT, 20, bold);
      y -= 26;
      text(subtitle, LEFT, 14, regular, MUTED);
      y -= 24;
    },
    heading(value) {
      room(40);
      y -= 10;
      text(value, LEFT, 13, bold);
      y -= 20;
    },
    rows(list) {
      for (const [label, value] of list) {
        room(18);
        text(label, LEFT, 10.5, regular, MUTED);
        text(value, VALUE_X, 10.5, bold);
        y -= 18;
      }
    },
    lines(list, style = "regular") {
      for (const line of list.flatMap((entry) => wrapWords(entry, LINE_CHARACTERS))) {
        room(16);
        text(line, LEFT, 10, style === "bold" ? bold : regular, style === "muted" ? MUTED : INK);
        y -= 16;
      }
    },
    gap(points) {
      y -= points;
    },
    async picture(png, width) {
      const image = await pdf.embedPng(png);
      const scaled = image.scale(Math.min(1, width / image.width));
      room(scaled.height + 8);
      y -= scaled.height;
      page.drawImage(image, { x: LEFT, y, width: scaled.width, height: scaled.height });
      page.drawRectangle({
        x: LEFT,
        y,
        width: scaled.width,
        height: scaled.height,
        borderColor: MUTED,
        borderWidth: 0.5,
      });
      y -= 8;
    },
    save: () => pdf.save(),
  };
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

/** A PDF as a download, never kept by a cache (each is one customer's). */
export function pdfDownload(bytes: Uint8Array, fileName: string): Response {
  return new Response(Buffer.from(bytes), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex, nofollow",
    },
  });
}
