CREATE TYPE "public"."actor_kind" AS ENUM('user', 'locksmith', 'customer', 'webhook', 'system');--> statement-breakpoint
CREATE TABLE "activity_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_kind" "actor_kind" NOT NULL,
	"actor_id" text,
	"actor_name" text,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"lead_id" uuid
);
--> statement-breakpoint
CREATE INDEX "activity_log_lead_at_idx" ON "activity_log" USING btree ("lead_id","at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "activity_log"."lead_id" is not null;--> statement-breakpoint
CREATE INDEX "activity_log_entity_at_idx" ON "activity_log" USING btree ("entity","entity_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activity_log_at_idx" ON "activity_log" USING btree ("at" DESC NULLS LAST);