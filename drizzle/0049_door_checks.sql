ALTER TYPE "public"."assignment_end_reason" ADD VALUE 'refused';--> statement-breakpoint
ALTER TYPE "public"."assignment_state" ADD VALUE 'refused';--> statement-breakpoint
ALTER TYPE "public"."job_status" ADD VALUE 'refused';--> statement-breakpoint
ALTER TYPE "public"."message_purpose" ADD VALUE 'customer_door_statement';--> statement-breakpoint
CREATE TABLE "door_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"lead_id" uuid,
	"locksmith_id" uuid,
	"outcome" text NOT NULL,
	"opened" text,
	"asked_by" text,
	"id_type" text,
	"id_last4" text,
	"id_expiry" date,
	"id_name_matches" boolean,
	"authority" text,
	"authority_name_matches" boolean,
	"authority_address_matches" boolean,
	"vin" text,
	"plate" text,
	"statement_way" text,
	"statement_name" text,
	"statement_signature" text,
	"statement_at" timestamp with time zone,
	"refusal_reason" text,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"purged_at" timestamp with time zone,
	CONSTRAINT "door_checks_refusal_has_reason" CHECK ("door_checks"."outcome" <> 'refused' or "door_checks"."refusal_reason" is not null or "door_checks"."purged_at" is not null)
);
--> statement-breakpoint
ALTER TABLE "assignments" DROP CONSTRAINT "assignments_ended_when_ended";--> statement-breakpoint
ALTER TABLE "door_checks" ADD CONSTRAINT "door_checks_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_checks" ADD CONSTRAINT "door_checks_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_checks" ADD CONSTRAINT "door_checks_locksmith_id_locksmiths_id_fk" FOREIGN KEY ("locksmith_id") REFERENCES "public"."locksmiths"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "door_checks_job_idx" ON "door_checks" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "door_checks_locksmith_idx" ON "door_checks" USING btree ("locksmith_id","recorded_at");--> statement-breakpoint
CREATE INDEX "door_checks_unpurged_idx" ON "door_checks" USING btree ("recorded_at") WHERE "door_checks"."purged_at" is null;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_ended_when_ended" CHECK (("assignments"."state"::text in ('declined', 'expired', 'withdrawn', 'refused')) = ("assignments"."ended_at" is not null and "assignments"."end_reason" is not null));