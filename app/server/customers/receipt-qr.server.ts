import QRCode from "qrcode";

/*
 * The completion screen's QR code (issue 44): drawn on the server as SVG by the `qrcode`
 * package from a URL of ours, and handed to the page as an image's data URL, so no markup
 * of it is ever put into the page.
 */

/** A data: URL of the QR code's SVG for `url`. */
export async function qrImage(url: string): Promise<string> {
  const svg = await QRCode.toString(url, { type: "svg", margin: 2, errorCorrectionLevel: "M" });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}
