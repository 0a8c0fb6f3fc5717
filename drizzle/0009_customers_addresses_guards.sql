CREATE TABLE "customers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"phone" text NOT NULL,
	"name" text,
	"address" text,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customers_phone_unique" UNIQUE("phone"),
	CONSTRAINT "customers_phone_e164" CHECK ("customers"."phone" ~ '^\+[1-9][0-9]{6,14}$')
);
--> statement-breakpoint
ALTER TABLE "call_logs" ADD COLUMN "customer_id" uuid;--> statement-breakpoint
ALTER TABLE "dispatch_codes" ADD COLUMN "idempotency_key" uuid;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "customer_id" uuid;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "idempotency_key" uuid;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "customer_id" uuid;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "idempotency_key" uuid;--> statement-breakpoint
ALTER TABLE "call_logs" ADD CONSTRAINT "call_logs_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "call_logs_customer_start_idx" ON "call_logs" USING btree ("customer_id","start_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "call_logs_missed_start_idx" ON "call_logs" USING btree ("start_time" DESC NULLS LAST) WHERE "call_logs"."status" = 'missed';--> statement-breakpoint
-- Before "one open job per lead" holds, a lead may have several (Create job clicked twice):
-- the newest stays open, the others are cancelled, and the activity log says why.
WITH keep AS (
  SELECT DISTINCT ON (lead_id) id FROM jobs
  WHERE status = 'in_progress' AND lead_id IS NOT NULL
  ORDER BY lead_id, created_at DESC, id DESC
), cancelled AS (
  UPDATE jobs SET status = 'cancelled'
  WHERE status = 'in_progress' AND lead_id IS NOT NULL AND id NOT IN (SELECT id FROM keep)
  RETURNING id, lead_id
)
INSERT INTO activity_log (actor_kind, entity, entity_id, action, before, after, lead_id)
SELECT 'system', 'job', id::text, 'status_changed', '{"status":"in_progress"}'::jsonb,
  '{"status":"cancelled","reason":"a second open job for the same lead"}'::jsonb, lead_id
FROM cancelled;--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_one_open_per_lead" ON "jobs" USING btree ("lead_id") WHERE "jobs"."status" = 'in_progress' and "jobs"."lead_id" is not null;--> statement-breakpoint
CREATE INDEX "jobs_customer_id_idx" ON "jobs" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "leads_customer_created_at_idx" ON "leads" USING btree ("customer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "dispatch_codes" ADD CONSTRAINT "dispatch_codes_idempotency_key_unique" UNIQUE("idempotency_key");--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_idempotency_key_unique" UNIQUE("idempotency_key");--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_idempotency_key_unique" UNIQUE("idempotency_key");