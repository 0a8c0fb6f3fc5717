import { count, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import {
  clampPage,
  COUNT_CAP,
  MAX_PAGE,
  PAGE_SIZE,
  pageCount,
  type Page,
} from "~/lib/admin/pagination";
import type { Db } from "./database.server";

/*
 * Search and paging shared by the back-office lists: case-insensitive substring search
 * (docs/spec/back-office.md §5) through ILIKE, which the trigram indexes serve, and LIMIT/OFFSET
 * pages.
 */

/** `%text%` for LIKE/ILIKE, with the text's own % _ and \ matched literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * Case-insensitive substring of a text column. A search with no letters ("70841", "#12") has
 * no case to ignore and is compared with LIKE: ILIKE lowercases every row it reads, which
 * makes it several times slower per row.
 */
export function contains(column: AnyPgColumn | SQL, text: string): SQL {
  const caseless = /^[\x20-\x7e]*$/.test(text) && !/[a-z]/i.test(text);
  const operator = caseless ? sql`like` : sql`ilike`;
  return sql`${column} ${operator} ${containsPattern(text)}`;
}

/**
 * A phone's digits column matches a search that looks like (part of) a phone number, compared by
 * digits: "312-555", "(312) 555", "3125550147" and "+1 312 555 0147" all find
 * "(312) 555-0147" and "+13125550147". Text that is not phone-like ("smith") never
 * matches a phone. With the table's grams column (`phoneGramsOf`), the search's digit runs
 * find the candidates through its index, and LIKE keeps those with the digits in a row.
 */
export function phoneContains(
  digitsColumn: AnyPgColumn,
  text: string,
  gramsColumn?: AnyPgColumn,
): SQL | undefined {
  const digits = searchedDigits(text);
  if (!digits) return undefined;
  const inARow = sql`${digitsColumn} like ${containsPattern(digits)}`;
  const codes = gramsColumn ? phoneGramCodes(digits) : [];
  if (codes.length === 0) return inARow;
  // LIKE first: it is cheaper than the array test on each row read, and decides alone.
  return sql`(${inARow} and ${gramsColumn} @> ${`{${codes.join(",")}}`}::smallint[])`;
}

/**
 * The digits a phone-like search looks for ("(312) 555" is 312555, "+1 312 ..." drops the
 * country code, which not every number stores); undefined when the text is not phone-like.
 */
function searchedDigits(text: string): string | undefined {
  if (!/^[\d\s()+.-]+$/.test(text)) return undefined;
  const digits = text.replace(/\D/g, "");
  if (text.trim().startsWith("+1") || (digits.length === 11 && digits.startsWith("1"))) {
    return digits.slice(1) || undefined;
  }
  return digits || undefined;
}

/**
 * The runs of a searched number to look up in a grams column, coded as the database codes a
 * phone's (`lockline_phone_grams`, migration 0020): its 4-digit runs, or the search itself
 * when it is 3 digits long. Shorter searches match too many numbers for an index to help.
 */
export function phoneGramCodes(digits: string): number[] {
  if (digits.length < 3) return [];
  const run = Math.min(digits.length, 4);
  const codes = new Set<number>();
  for (let start = 0; start + run <= digits.length; start++) {
    codes.add(Number(`1${digits.slice(start, start + run)}`));
  }
  return [...codes];
}

/** Whether a search looks up digit runs in a grams column (`phoneContains` with one). */
export function searchesDigitRuns(text: string): boolean {
  return phoneGramCodes(searchedDigits(text) ?? "").length > 0;
}

/**
 * A ZIP column matches a search made of digits ("6062", "60629-1234"); words never do.
 * Compared with LIKE: digits have no case, and ILIKE lowercases every row it reads.
 */
export function zipContains(column: AnyPgColumn, text: string): SQL | undefined {
  const zip = text.trim();
  if (!/^\d[\d-]*$/.test(zip)) return undefined;
  return sql`${column} like ${containsPattern(zip)}`;
}

/** An id column matches a search that could be part of a UUID ("3f2a9c1e", "9c1e-4"). */
export function idContains(column: AnyPgColumn, text: string): SQL | undefined {
  if (!/^[0-9a-f-]+$/i.test(text)) return undefined;
  return sql`(${column}::text) like ${containsPattern(text.toLowerCase())}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids come from URLs and forms: anything else is "not found", never a database error. */
export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}

/** Matching rows, counted up to COUNT_CAP + 1 (so "more than the cap" is known, cheaply). */
export async function countWhere(db: Db, table: PgTable, where: SQL | undefined): Promise<number> {
  const matches = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(COUNT_CAP + 1)
    .as("matches");
  const [row] = await db.select({ n: count() }).from(matches);
  return Number(row?.n ?? 0);
}

type ReadRows<T> = (limit: number, offset: number) => Promise<T[]>;

/**
 * Counts and reads the page asked for at once (on PostgreSQL two connections, so a broad
 * search waits for the slower of the two, not their sum). A page past the end comes back as
 * the last page, read again, so a list whose rows were deleted under the user still shows
 * something.
 *
 * With `rowsWhenMany`, the count comes first, and a search whose matches reach the cap reads
 * its page that way instead: for a list whose usual read collects every match through an
 * index to sort them, which is cheap for a few matches and slow for thousands.
 */
export async function readPage<T>(options: {
  page?: number;
  pageSize?: number;
  count: () => Promise<number>;
  rows: ReadRows<T>;
  rowsWhenMany?: ReadRows<T>;
}): Promise<Page<T>> {
  const pageSize = options.pageSize ?? PAGE_SIZE;
  const asked = Number.isFinite(options.page) ? Math.trunc(options.page!) : 1;
  const wanted = Math.min(MAX_PAGE, Math.max(1, asked));
  const offset = (wanted - 1) * pageSize;
  const { rowsWhenMany } = options;
  const [counted, wantedRows] = rowsWhenMany
    ? await options.count().then(async (n) => {
        const read = n > COUNT_CAP ? rowsWhenMany : options.rows;
        return [n, await read(pageSize, offset)] as const;
      })
    : await Promise.all([options.count(), options.rows(pageSize, offset)]);
  const totalCapped = counted > COUNT_CAP;
  const total = Math.min(counted, COUNT_CAP);
  // Past the cap the last page is unknown: go where asked (an empty page says so).
  const page = totalCapped ? wanted : clampPage(wanted, total, pageSize);
  const rows =
    total === 0
      ? []
      : page === wanted
        ? wantedRows
        : await options.rows(pageSize, (page - 1) * pageSize);
  const pages = totalCapped
    ? Math.max(pageCount(total, pageSize), page + 1)
    : pageCount(total, pageSize);
  return { rows, total, totalCapped, page, pageSize, pageCount: pages };
}
