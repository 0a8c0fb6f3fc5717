-- Dispatch as one state machine (decision 0026): the job page links (dispatch_links) become
-- assignments with a state, one live per lead; each old link's facts give its state.
CREATE TYPE "public"."assignment_end_reason" AS ENUM('declined', 'expired', 'reassigned', 'cancelled', 'closed', 'taken_back');--> statement-breakpoint
CREATE TYPE "public"."assignment_state" AS ENUM('offered', 'accepted', 'on_the_way', 'arrived', 'completed', 'declined', 'expired', 'withdrawn');--> statement-breakpoint
ALTER TYPE "public"."message_purpose" ADD VALUE 'locksmith_off_job' BEFORE 'customer_dispatched';--> statement-breakpoint
ALTER TYPE "public"."message_purpose" ADD VALUE 'locksmith_address_changed' BEFORE 'customer_dispatched';--> statement-breakpoint
CREATE TABLE "assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"lead_id" uuid NOT NULL,
	"locksmith_id" uuid NOT NULL,
	"dispatch_code_id" uuid,
	"job_id" uuid,
	"state" "assignment_state" DEFAULT 'offered' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"on_the_way_at" timestamp with time zone,
	"eta_minutes" smallint,
	"eta_texts" smallint DEFAULT 0 NOT NULL,
	"eta_texted_at" timestamp with time zone,
	"arrived_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"end_reason" "assignment_end_reason",
	"end_note" text,
	"idempotency_key" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assignments_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "assignments_eta_range" CHECK ("assignments"."eta_minutes" between 1 and 240),
	CONSTRAINT "assignments_completed_at_when_completed" CHECK (("assignments"."state" = 'completed') = ("assignments"."completed_at" is not null)),
	CONSTRAINT "assignments_ended_when_ended" CHECK (("assignments"."state" in ('declined', 'expired', 'withdrawn')) = ("assignments"."ended_at" is not null and "assignments"."end_reason" is not null))
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "price_flag" text;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_locksmith_id_locksmiths_id_fk" FOREIGN KEY ("locksmith_id") REFERENCES "public"."locksmiths"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_dispatch_code_id_dispatch_codes_id_fk" FOREIGN KEY ("dispatch_code_id") REFERENCES "public"."dispatch_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "assignments_token_hash_idx" ON "assignments" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "assignments_lead_id_idx" ON "assignments" USING btree ("lead_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "assignments_job_id_idx" ON "assignments" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "assignments_locksmith_id_idx" ON "assignments" USING btree ("locksmith_id");--> statement-breakpoint
CREATE UNIQUE INDEX "assignments_one_live_per_lead" ON "assignments" USING btree ("lead_id") WHERE "assignments"."state" in ('offered', 'accepted', 'on_the_way', 'arrived');
--> statement-breakpoint
INSERT INTO "assignments" (
  "id", "token_hash", "lead_id", "locksmith_id", "dispatch_code_id", "job_id", "state",
  "expires_at", "accepted_at", "on_the_way_at", "eta_minutes", "eta_texts", "eta_texted_at",
  "arrived_at", "completed_at", "ended_at", "end_reason", "created_at"
)
SELECT l.id, l.token_hash, l.lead_id, l.locksmith_id, l.dispatch_code_id, l.job_id, s.state,
  l.expires_at, l.accepted_at, l.on_the_way_at, l.eta_minutes,
  CASE WHEN l.on_the_way_at IS NULL THEN 0 ELSE 1 END, l.on_the_way_at,
  l.arrived_at,
  CASE WHEN s.state = 'completed' THEN coalesce(j.completed_at, l.job_closed_at) END,
  CASE WHEN s.state IN ('declined', 'expired', 'withdrawn')
    THEN coalesce(l.revoked_at, l.job_closed_at, l.expires_at) END,
  CASE
    WHEN s.state = 'declined' THEN 'declined'
    WHEN s.state = 'expired' THEN 'expired'
    WHEN s.state = 'withdrawn' AND (l.revoked_reason IN ('reassigned', 'dispatched_again')
      OR (l.revoked_at IS NULL AND l.job_closed_at IS NULL)) THEN 'reassigned'
    WHEN s.state = 'withdrawn' AND l.revoked_reason = 'unassigned' THEN 'taken_back'
    WHEN s.state = 'withdrawn' THEN 'cancelled'
  END::"assignment_end_reason",
  l.created_at
FROM (
  SELECT *, row_number() OVER (PARTITION BY lead_id ORDER BY created_at DESC, id DESC) AS newest
  FROM "dispatch_links"
) l
LEFT JOIN "jobs" j ON j.id = l.job_id
CROSS JOIN LATERAL (SELECT CASE
  WHEN l.revoked_reason = 'declined' THEN 'declined'
  WHEN l.revoked_at IS NOT NULL THEN 'withdrawn'
  WHEN l.job_closed_at IS NOT NULL AND j.status = 'completed' AND l.accepted_at IS NOT NULL THEN 'completed'
  WHEN l.job_closed_at IS NOT NULL THEN 'withdrawn'
  WHEN l.accepted_at IS NULL AND l.expires_at <= now() THEN 'expired'
  -- Only a lead's newest link can be its live assignment.
  WHEN l.newest > 1 THEN 'withdrawn'
  WHEN l.arrived_at IS NOT NULL THEN 'arrived'
  WHEN l.on_the_way_at IS NOT NULL THEN 'on_the_way'
  WHEN l.accepted_at IS NOT NULL THEN 'accepted'
  ELSE 'offered'
END::"assignment_state" AS state) s;
--> statement-breakpoint
DROP TABLE "dispatch_links" CASCADE;
--> statement-breakpoint
CREATE TRIGGER assignments_notify_change
AFTER INSERT OR UPDATE OR DELETE ON assignments
FOR EACH ROW EXECUTE FUNCTION lockline_notify_change();
