import type { D1Record } from "~/lib/door-check/d1-record";
import { letterPdf } from "../letter-pdf.server";

/** The PNG inside a drawn signature's data URL (the form accepts PNG data URLs only). */
function signaturePng(dataUrl: string | null): Uint8Array | undefined {
  const base64 = dataUrl?.match(/^data:image\/png;base64,([A-Za-z0-9+/=]+)$/)?.[1];
  return base64 ? new Uint8Array(Buffer.from(base64, "base64")) : undefined;
}

/** The D1 vehicle record as a PDF (decision 0069), with the drawn signature when there is one. */
export async function d1Pdf(
  record: D1Record,
  signature: string | null,
  businessName: string,
  createdAt: Date,
): Promise<Uint8Array> {
  const pdf = await letterPdf({
    title: `${record.title}, ${record.subtitle}`,
    author: businessName,
    createdAt,
  });
  pdf.title(record.title, record.subtitle);
  for (const section of record.sections) {
    pdf.heading(section.heading);
    pdf.rows(section.rows);
  }
  pdf.heading("Statement");
  pdf.lines([record.statement]);
  pdf.gap(6);
  pdf.rows(record.signed);
  const png = signaturePng(signature);
  if (png) {
    pdf.gap(6);
    await pdf.picture(png, 240);
  }
  pdf.gap(12);
  pdf.lines([record.footer], "muted");
  return pdf.save();
}
