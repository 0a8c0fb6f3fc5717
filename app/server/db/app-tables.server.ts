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
import { REVIEW_CATEGORIES } from "~/lib/review-categories";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

export const reviewCategory = pgEnum("review_category", REVIEW_CATEGORIES);

/** Real customer reviews, managed in the back office; only published ones reach the site. */
export const reviews = pgTable(
  "reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    customerName: text("customer_name").notNull(),
    areaSlug: text("area_slug").notNull(),
    rating: smallint("rating").notNull(),
    body: text("body").notNull(),
    category: reviewCategory("category").notNull(),
    verified: boolean("verified").notNull().default(false),
    published: boolean("published").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check("reviews_rating_range", sql`${table.rating} between 1 and 5`),
    index("reviews_published_idx").on(table.published, table.createdAt),
  ],
);

/** Small key/value store for process-wide facts (demo data loaded, last backup, toggles). */
export const appSettings = pgTable("app_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: updatedAt(),
});
