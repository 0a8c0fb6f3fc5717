CREATE TYPE "public"."locksmith_presence" AS ENUM('available', 'off');--> statement-breakpoint
ALTER TABLE "assignments" ADD COLUMN "roster_link_hash" text;--> statement-breakpoint
ALTER TABLE "locksmiths" ADD COLUMN "presence" "locksmith_presence" DEFAULT 'available' NOT NULL;--> statement-breakpoint
ALTER TABLE "locksmiths" ADD COLUMN "presence_changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "locksmiths" ADD COLUMN "on_call_shifts" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "locksmiths" ADD COLUMN "link_token_hash" text;--> statement-breakpoint
ALTER TABLE "locksmiths" ADD COLUMN "link_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "assignments_roster_link_hash_idx" ON "assignments" USING btree ("roster_link_hash") WHERE "assignments"."roster_link_hash" is not null;--> statement-breakpoint
CREATE INDEX "assignments_locksmith_live_idx" ON "assignments" USING btree ("locksmith_id","created_at") WHERE "assignments"."state" in ('offered', 'accepted', 'on_the_way', 'arrived');--> statement-breakpoint
CREATE INDEX "assignments_locksmith_missed_idx" ON "assignments" USING btree ("locksmith_id","ended_at") WHERE "assignments"."end_reason" in ('declined', 'expired');--> statement-breakpoint
CREATE INDEX "assignments_locksmith_finished_idx" ON "assignments" USING btree ("locksmith_id",(coalesce("completed_at", "ended_at")));--> statement-breakpoint
ALTER TABLE "locksmiths" ADD CONSTRAINT "locksmiths_link_token_hash_unique" UNIQUE("link_token_hash");--> statement-breakpoint
ALTER TYPE "public"."message_purpose" ADD VALUE 'locksmith_link' BEFORE 'customer_dispatched';