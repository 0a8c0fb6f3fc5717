-- The old fixed-window rows have no end the new store can read (a NULL expire never ends): counters are ephemeral, start afresh.
DELETE FROM "rate_limits";--> statement-breakpoint
ALTER TABLE "rate_limits" ADD COLUMN "points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rate_limits" ADD COLUMN "expire" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "rate_limits" DROP COLUMN "count";--> statement-breakpoint
ALTER TABLE "rate_limits" DROP COLUMN "window_start";