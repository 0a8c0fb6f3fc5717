import zlib from "node:zlib";

/** The text a PDF draws, one line per text run: its content streams inflated, each WinAnsi hex string decoded. */
export function pdfText(pdf: Uint8Array): string {
  const bytes = Buffer.from(pdf);
  const shown: string[] = [];
  let at = 0;
  for (;;) {
    const start = bytes.indexOf("stream\n", at);
    if (start < 0) break;
    const end = bytes.indexOf("\nendstream", start);
    let content: string;
    try {
      content = zlib.inflateSync(bytes.subarray(start + 7, end)).toString("latin1");
    } catch {
      content = bytes.subarray(start + 7, end).toString("latin1");
    }
    for (const [, hex] of content.matchAll(/<([0-9A-Fa-f]*)> Tj/g)) {
      shown.push(Buffer.from(hex!, "hex").toString("latin1"));
    }
    at = end;
  }
  return shown.join("\n");
}
