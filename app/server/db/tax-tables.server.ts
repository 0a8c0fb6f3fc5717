import { sql } from "drizzle-orm";
import { check, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { TIN_TYPES } from "~/lib/tax/tin";
import { locksmiths } from "./business-tables.server";
import { createdAt, updatedAt } from "./columns.server";

/*
 * A locksmith's W-9 (issue 49, decision 0070): what the year-end 1099-NEC needs. Its own
 * table, not columns on locksmiths, so that no query of the roster ever carries the sealed
 * number along. The full number is only ever here sealed (AES-256-GCM,
 * app/server/tax/tin-cipher.server.ts); the last four digits are kept apart for the screens.
 */
export const locksmithTaxDetails = pgTable(
  "locksmith_tax_details",
  {
    locksmithId: uuid("locksmith_id")
      .primaryKey()
      .references(() => locksmiths.id, { onDelete: "cascade" }),
    /** W-9 line 1: the name on their tax return. */
    legalName: text("legal_name"),
    /** W-9 line 2: a business or "doing business as" name. */
    businessName: text("business_name"),
    tinType: text("tin_type", { enum: TIN_TYPES }),
    tinLast4: text("tin_last4"),
    /** "v1.<nonce>.<tag>.<ciphertext>": never the number in the clear. */
    tinSealed: text("tin_sealed"),
    street: text("street"),
    street2: text("street2"),
    city: text("city"),
    state: text("state"),
    zip: text("zip"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check(
      "locksmith_tax_details_last4",
      sql`${table.tinLast4} is null or ${table.tinLast4} ~ '^[0-9]{4}$'`,
    ),
    // The last four and the sealed number come and go together, with the type they are of.
    check(
      "locksmith_tax_details_tin_whole",
      sql`(${table.tinLast4} is null) = (${table.tinSealed} is null) and (${table.tinSealed} is null or ${table.tinType} is not null)`,
    ),
    check(
      "locksmith_tax_details_sealed",
      sql`${table.tinSealed} is null or ${table.tinSealed} like 'v1.%'`,
    ),
  ],
);

export type LocksmithTaxDetails = typeof locksmithTaxDetails.$inferSelect;
