import { sql, type SQL } from "drizzle-orm";
import {
  index,
  smallint,
  text,
  timestamp,
  uuid,
  type ExtraConfigColumn,
} from "drizzle-orm/pg-core";

/* Column and index shapes the tables share. */

export const uuidPrimaryKey = () => uuid("id").primaryKey().defaultRandom();

export const createdAt = () =>
  timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/** Moved on by drizzle at every update it writes (`$onUpdate`; there is no trigger). */
export const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/*
 * Lists are ordered `created_at desc, id desc` (newest first, id breaks ties so paging is
 * stable); the indexes are declared in exactly that order so the planner reads them as is.
 */

/**
 * The two indexes a list read newest first uses: every row, and one status's (or filter's).
 * `searched` columns ride along at the end of the filter's index (they change no order) so
 * a capped count of "this status and this search" reads the index alone, never the table:
 * at 1,000,000 leads a broad ZIP search's count went from a 24 ms table scan to 7 ms
 * (decision 0020).
 */
export function newestFirstIndexes(
  table: string,
  columns: { createdAt: ExtraConfigColumn; id: ExtraConfigColumn },
  filter: { name: string; column: ExtraConfigColumn; searched?: ExtraConfigColumn[] },
) {
  return [
    index(`${table}_created_at_idx`).on(
      columns.createdAt.desc().nullsFirst(),
      columns.id.desc().nullsFirst(),
    ),
    index(`${table}_${filter.name}_created_at_idx`).on(
      filter.column,
      columns.createdAt.desc().nullsFirst(),
      columns.id.desc().nullsFirst(),
      ...(filter.searched ?? []),
    ),
  ];
}

/**
 * A phone column's digits, stored beside it ("+1 (312) 555-0147" → "13125550147") and
 * indexed (by trigrams, or on leads through `phoneGramsOf`): searches compare digits, and
 * a stored column keeps the regular expression out of every row a search reads (computing
 * it per row cost 200 ms at 100,000 calls; see scripts/bench/admin-lists.ts).
 */
export const phoneDigitsOf = (phoneColumn: string) =>
  text(`${phoneColumn}_digits`)
    .notNull()
    .generatedAlwaysAs(sql.raw(`regexp_replace("${phoneColumn}", '[^0-9]', '', 'g')`));

/**
 * The digit runs of a phone number that a search looks up (decision 0021): every 3- and
 * 4-digit run, written as a number with a leading 1 ("084" is 1084, "0841" is 10841) so
 * runs of either length, and their leading zeros, stay apart. The database function
 * `lockline_phone_grams` (migration 0020) makes them; `phoneGramCodes` makes a search's.
 * Trigrams served phones badly: a shared area code's "708" lists every row.
 */
export const phoneGramsOf = (phoneColumn: string) =>
  smallint(`${phoneColumn}_grams`)
    .array()
    .notNull()
    .generatedAlwaysAs(sql.raw(`lockline_phone_grams("${phoneColumn}")`));

/**
 * A trigram (GIN) index for `LIKE '%…%'`. With `within`, that column (a status) leads it
 * (btree_gin), so a search within one status is one index scan instead of a search of every
 * row intersected with the status's rows (decision 0020).
 */
export const trigram = (name: string, expression: SQL, within?: ExtraConfigColumn) =>
  within
    ? index(name).using("gin", within, sql`${expression} gin_trgm_ops`)
    : index(name).using("gin", sql`${expression} gin_trgm_ops`);
