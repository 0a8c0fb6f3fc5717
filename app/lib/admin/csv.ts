/**
 * RFC 4180 CSV. Cells that a spreadsheet would run as a formula (=, +, -, @, tab, CR) get a
 * leading apostrophe: exported customer text must not execute on the operator's machine.
 * A phone number in international form ("+44 20 7183 8750", "+13125550147") is the one
 * exception: digits cannot call a function or reach another cell, and the apostrophe would
 * stay in the number.
 */
export function csvLine(cells: readonly unknown[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (/^[=+\-@\t\r]/.test(text) && !isPhoneNumber(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** "+", then 8 to 15 digits (E.164's most) in groups split by single spaces or hyphens. */
function isPhoneNumber(text: string): boolean {
  if (!/^\+\d+(?:[ -]\d+)*$/.test(text)) return false;
  const digits = text.replace(/\D/g, "").length;
  return digits >= 8 && digits <= 15;
}
