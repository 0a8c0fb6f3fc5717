ALTER TABLE "timers" ADD COLUMN "tries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "timers_dead_idx" ON "timers" USING btree ("fired_at") WHERE "timers"."state" = 'dead';--> statement-breakpoint
CREATE INDEX "timers_finished_idx" ON "timers" USING btree ("fired_at") WHERE "timers"."state" in ('done', 'cancelled');