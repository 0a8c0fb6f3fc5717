/**
 * RFC 4180 CSV. Cells that a spreadsheet would run as a formula (=, +, -, @, tab, CR) get a
 * leading apostrophe: exported customer text must not execute on the operator's machine.
 * The same holds inside a cell after any character a spreadsheet may split a line on (";",
 * ",", "|", tab, CR, LF): a spreadsheet set to split on ";" reads `a;=HYPERLINK(...)` as two
 * cells, so the apostrophe goes after the separator, `a;'=HYPERLINK(...)` (decision 0037).
 * A phone number in international form ("+44 20 7183 8750", "+13125550147") is the one
 * exception, as a whole cell or as a part between separators: digits cannot call a function
 * or reach another cell, and the apostrophe would stay in the number.
 */
export function csvLine(cells: readonly unknown[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  const text = defuseFormulas(value instanceof Date ? value.toISOString() : String(value));
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Where a spreadsheet may start a new cell: the start, or after a separator-like character. */
const FIELD_START = /(^|[;,|\t\r\n])(?=[=+\-@\t\r])/g;
const SEPARATOR = /[;,|\t\r\n]/;

/** An apostrophe wherever a part of the cell would start with a formula character. */
function defuseFormulas(text: string): string {
  return text.replace(FIELD_START, (_match, separator: string, offset: number) => {
    const part = text.slice(offset + separator.length).split(SEPARATOR, 1)[0]!;
    return isPhoneNumber(part) ? separator : `${separator}'`;
  });
}

/** "+", then 8 to 15 digits (E.164's most) in groups split by single spaces or hyphens. */
function isPhoneNumber(text: string): boolean {
  if (!/^\+\d+(?:[ -]\d+)*$/.test(text)) return false;
  const digits = text.replace(/\D/g, "").length;
  return digits >= 8 && digits <= 15;
}
