import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  jsonb,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { REVIEW_CATEGORIES, REVIEW_HIDDEN_REASONS } from "~/lib/reviews/review-categories";
import { jobs } from "./business-tables.server";
import { createdAt, updatedAt, uuidPrimaryKey } from "./columns.server";

export const reviewCategory = pgEnum("review_category", REVIEW_CATEGORIES);
export const reviewHiddenReason = pgEnum("review_hidden_reason", REVIEW_HIDDEN_REASONS);

/** Real customer reviews, managed in the back office; only published ones reach the site. */
export const reviews = pgTable(
  "reviews",
  {
    id: uuidPrimaryKey(),
    customerName: text("customer_name").notNull(),
    areaSlug: text("area_slug").notNull(),
    rating: smallint("rating").notNull(),
    body: text("body").notNull(),
    category: reviewCategory("category").notNull(),
    /** True only for a review sent through a completed job's review link. */
    verified: boolean("verified").notNull().default(false),
    published: boolean("published").notNull().default(false),
    /** The completed job the review came from (its review link), if any. */
    jobId: uuid("job_id")
      .unique()
      .references(() => jobs.id, { onDelete: "set null" }),
    /** The customer agreed, on the review form, that it may be shown on the website. */
    publishConsent: boolean("publish_consent").notNull().default(true),
    /** Why an operator hid it (personal data, abuse, ...): kept on record. */
    hiddenReason: reviewHiddenReason("hidden_reason"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check("reviews_rating_range", sql`${table.rating} between 1 and 5`),
    index("reviews_published_idx").on(table.published, table.createdAt),
  ],
);

/**
 * A completed job's review link (/review/:token): one per job, used once, open 30 days.
 * Only the token's hash is kept (app/server/links/link-tokens.server.ts).
 */
export const reviewRequests = pgTable("review_requests", {
  id: uuidPrimaryKey(),
  tokenHash: text("token_hash").notNull().unique(),
  jobId: uuid("job_id")
    .notNull()
    .unique()
    .references(() => jobs.id, { onDelete: "cascade" }),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
  reviewId: uuid("review_id").references(() => reviews.id, { onDelete: "set null" }),
  createdAt: createdAt(),
});

/** Small key/value store for process-wide facts (demo data loaded, last backup, toggles). */
export const appSettings = pgTable("app_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: updatedAt(),
});
