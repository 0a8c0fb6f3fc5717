import { parseMoney } from "../money/money";

/*
 * Settings → Sources, Import spend: lines of `source,month,amount` ("Yelp,2026-11,450.00"),
 * a header line allowed, as a spreadsheet saves them (quoted cells, "$1,200.00" included).
 * All lines or none: the first bad line is named.
 */

export interface SpendLine {
  source: string;
  /** The month's first day: "2026-11-01". */
  month: string;
  amountCents: number;
}

export type SpendParse = { ok: true; lines: SpendLine[] } | { ok: false; error: string };

export const SPEND_CSV_MAX_LINES = 500;

/** One CSV line's cells (RFC 4180 quoting). */
function cells(line: string): string[] {
  const out: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i]!;
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      out.push(cell);
      cell = "";
    } else cell += char;
  }
  out.push(cell);
  return out.map((value) => value.trim());
}

export function parseSpendCsv(text: string): SpendParse {
  const rows = text
    .split(/\r?\n/)
    .map((line, index) => ({ line, number: index + 1 }))
    .filter(({ line }) => line.trim() !== "");
  if (rows[0] && /^source\s*,/i.test(rows[0].line.trim())) rows.shift();
  if (rows.length === 0) return { ok: false, error: "No lines to import" };
  if (rows.length > SPEND_CSV_MAX_LINES) {
    return { ok: false, error: `At most ${SPEND_CSV_MAX_LINES} lines at a time` };
  }
  const lines: SpendLine[] = [];
  for (const { line, number } of rows) {
    const [source = "", month = "", amount = "", ...rest] = cells(line);
    const bad = (why: string): SpendParse => ({ ok: false, error: `Line ${number}: ${why}` });
    if (rest.some((cell) => cell !== "")) return bad("expected source, month, amount");
    if (source === "" || source.length > 60)
      return bad("the source needs a name (at most 60 characters)");
    const monthMatch = /^(20\d\d)-(0[1-9]|1[0-2])(?:-01)?$/.exec(month);
    if (!monthMatch) return bad("the month is written 2026-11");
    const money = parseMoney(amount);
    if (!money.ok) return bad(money.error);
    lines.push({ source, month: `${monthMatch[1]}-${monthMatch[2]}-01`, amountCents: money.cents });
  }
  return { ok: true, lines };
}
