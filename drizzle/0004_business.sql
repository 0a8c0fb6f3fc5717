-- Trigram indexes below (gin_trgm_ops) make ILIKE '%...%' searches fast. pg_trgm is a
-- trusted extension on PostgreSQL 13+, and PGlite must be opened with it (db.server.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TYPE "public"."call_status" AS ENUM('answered', 'missed', 'busy', 'failed');--> statement-breakpoint
CREATE TYPE "public"."dispatch_code_status" AS ENUM('new', 'assigned', 'used', 'expired');--> statement-breakpoint
CREATE TYPE "public"."job_status" AS ENUM('in_progress', 'completed', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."lead_source" AS ENUM('phone', 'web', 'manual');--> statement-breakpoint
CREATE TYPE "public"."lead_status" AS ENUM('new', 'assigned', 'in_progress', 'completed', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."service_type" AS ENUM('emergency', 'residential', 'commercial', 'automotive', 'rekeying', 'smart_locks', 'key_duplication', 'safes');--> statement-breakpoint
CREATE TABLE "call_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_phone" text NOT NULL,
	"status" "call_status" NOT NULL,
	"duration_seconds" integer DEFAULT 0 NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone,
	"recording_url" text,
	"twilio_call_sid" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "call_logs_twilio_call_sid_unique" UNIQUE("twilio_call_sid"),
	CONSTRAINT "call_logs_duration_non_negative" CHECK ("call_logs"."duration_seconds" >= 0)
);
--> statement-breakpoint
CREATE TABLE "dispatch_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"lead_id" uuid,
	"locksmith_id" uuid,
	"expiration_time" timestamp with time zone NOT NULL,
	"status" "dispatch_code_status" DEFAULT 'new' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dispatch_codes_code_unique" UNIQUE("code"),
	CONSTRAINT "dispatch_codes_code_format" CHECK ("dispatch_codes"."code" ~ '^[A-Z0-9]{1,20}$')
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_id" uuid,
	"locksmith_id" uuid,
	"client_name" text NOT NULL,
	"job_type" "service_type" NOT NULL,
	"status" "job_status" DEFAULT 'in_progress' NOT NULL,
	"final_price_cents" integer,
	"their_cut_percent" smallint,
	"their_cut_cents" integer,
	"your_cut_cents" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "jobs_money_non_negative" CHECK ("jobs"."final_price_cents" >= 0 and "jobs"."their_cut_cents" >= 0 and "jobs"."your_cut_cents" >= 0),
	CONSTRAINT "jobs_their_cut_percent_range" CHECK ("jobs"."their_cut_percent" between 0 and 100),
	CONSTRAINT "jobs_split_complete" CHECK (("jobs"."final_price_cents" is null and "jobs"."their_cut_percent" is null and "jobs"."their_cut_cents" is null and "jobs"."your_cut_cents" is null)
        or ("jobs"."final_price_cents" is not null and "jobs"."their_cut_percent" is not null and "jobs"."their_cut_cents" is not null and "jobs"."your_cut_cents" is not null
          and "jobs"."their_cut_cents" + "jobs"."your_cut_cents" = "jobs"."final_price_cents")),
	CONSTRAINT "jobs_completed_at_when_completed" CHECK (("jobs"."status" = 'completed') = ("jobs"."completed_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text,
	"phone" text NOT NULL,
	"service_type" "service_type" NOT NULL,
	"zip" text,
	"status" "lead_status" DEFAULT 'new' NOT NULL,
	"assigned_locksmith_id" uuid,
	"source" "lead_source" DEFAULT 'manual' NOT NULL,
	"details" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "locksmiths" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text,
	"active" boolean DEFAULT true NOT NULL,
	"assigned_zips" text[] DEFAULT '{}'::text[] NOT NULL,
	"payment_method" text,
	"default_cut_percent" smallint DEFAULT 60 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "locksmiths_default_cut_percent_range" CHECK ("locksmiths"."default_cut_percent" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "dispatch_codes" ADD CONSTRAINT "dispatch_codes_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_codes" ADD CONSTRAINT "dispatch_codes_locksmith_id_locksmiths_id_fk" FOREIGN KEY ("locksmith_id") REFERENCES "public"."locksmiths"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_locksmith_id_locksmiths_id_fk" FOREIGN KEY ("locksmith_id") REFERENCES "public"."locksmiths"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_assigned_locksmith_id_locksmiths_id_fk" FOREIGN KEY ("assigned_locksmith_id") REFERENCES "public"."locksmiths"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "call_logs_created_at_idx" ON "call_logs" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "call_logs_status_created_at_idx" ON "call_logs" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "call_logs_client_phone_trgm_idx" ON "call_logs" USING gin (regexp_replace("client_phone", '[^0-9]', '', 'g') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "call_logs_id_trgm_idx" ON "call_logs" USING gin (("id"::text) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "dispatch_codes_created_at_idx" ON "dispatch_codes" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "dispatch_codes_status_created_at_idx" ON "dispatch_codes" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "dispatch_codes_lead_id_idx" ON "dispatch_codes" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "dispatch_codes_locksmith_id_idx" ON "dispatch_codes" USING btree ("locksmith_id");--> statement-breakpoint
CREATE INDEX "dispatch_codes_code_trgm_idx" ON "dispatch_codes" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "jobs_created_at_idx" ON "jobs" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "jobs_status_created_at_idx" ON "jobs" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "jobs_lead_id_idx" ON "jobs" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "jobs_locksmith_id_idx" ON "jobs" USING btree ("locksmith_id");--> statement-breakpoint
CREATE INDEX "jobs_client_name_trgm_idx" ON "jobs" USING gin ("client_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "jobs_id_trgm_idx" ON "jobs" USING gin (("id"::text) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "leads_created_at_idx" ON "leads" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "leads_status_created_at_idx" ON "leads" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "leads_assigned_locksmith_id_idx" ON "leads" USING btree ("assigned_locksmith_id");--> statement-breakpoint
CREATE INDEX "leads_name_trgm_idx" ON "leads" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "leads_phone_trgm_idx" ON "leads" USING gin (regexp_replace("phone", '[^0-9]', '', 'g') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "leads_zip_trgm_idx" ON "leads" USING gin ("zip" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "locksmiths_created_at_idx" ON "locksmiths" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "locksmiths_active_created_at_idx" ON "locksmiths" USING btree ("active","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "locksmiths_name_trgm_idx" ON "locksmiths" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "locksmiths_phone_trgm_idx" ON "locksmiths" USING gin (regexp_replace("phone", '[^0-9]', '', 'g') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "locksmiths_email_trgm_idx" ON "locksmiths" USING gin ("email" gin_trgm_ops);