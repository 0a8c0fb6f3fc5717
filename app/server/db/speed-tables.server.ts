import { date, integer, pgTable, primaryKey, smallint, text } from "drizzle-orm/pg-core";

/*
 * What the office's own browsers measured (issue 48, decision 0058): per Chicago day, screen
 * (a route id), device class and metric, how many page views fell in each bucket of a
 * histogram (app/lib/speed/histogram.ts). No person, session or address is kept: counts only.
 */
export const speedHistograms = pgTable(
  "speed_histograms",
  {
    day: date("day").notNull(),
    /** React Router's route id, e.g. "routes/admin/leads/index". */
    screen: text("screen").notNull(),
    /** "phone", "tablet" or "desktop". */
    device: text("device").notNull(),
    /** "LCP", "INP", "CLS" or "hydrated". */
    metric: text("metric").notNull(),
    bucket: smallint("bucket").notNull(),
    count: integer("count").notNull(),
  },
  (table) => [
    primaryKey({
      columns: [table.day, table.screen, table.device, table.metric, table.bucket],
    }),
  ],
);
