CREATE TABLE "plan_instalments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"number" smallint NOT NULL,
	"due_on" date NOT NULL,
	"amount_cents" integer NOT NULL,
	"price_version" integer NOT NULL,
	"paid_at" timestamp with time zone,
	"paid_by" text,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_instalments_amount_positive" CHECK ("plan_instalments"."amount_cents" > 0),
	CONSTRAINT "plan_instalments_number_range" CHECK ("plan_instalments"."number" between 1 and 6),
	CONSTRAINT "plan_instalments_paid_by" CHECK (("plan_instalments"."paid_at" is null) = ("plan_instalments"."paid_by" is null) and ("plan_instalments"."paid_by" is null or "plan_instalments"."paid_by" in ('pay_link', 'cash', 'check')))
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "plan_cash_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "guarantee_job_id" uuid;--> statement-breakpoint
ALTER TABLE "pay_links" ADD COLUMN "instalment_id" uuid;--> statement-breakpoint
ALTER TABLE "report_rollups" ADD COLUMN "guarantee_callbacks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "plan_instalments" ADD CONSTRAINT "plan_instalments_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "plan_instalments_live_number" ON "plan_instalments" USING btree ("job_id","number") WHERE "plan_instalments"."cancelled_at" is null;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_guarantee_job_id_jobs_id_fk" FOREIGN KEY ("guarantee_job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_links" ADD CONSTRAINT "pay_links_instalment_id_plan_instalments_id_fk" FOREIGN KEY ("instalment_id") REFERENCES "public"."plan_instalments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leads_guarantee_job_id_idx" ON "leads" USING btree ("guarantee_job_id") WHERE "leads"."guarantee_job_id" is not null;--> statement-breakpoint
-- Decision 0065: a pay-link job has collected its card money kept plus the plan's instalments
-- the office recorded as cash or check; it counts in the ledger once that reaches its price.
CREATE OR REPLACE FUNCTION lockline_job_counts(j jobs) RETURNS boolean AS $$
  SELECT j.status = 'completed' AND j.locksmith_id IS NOT NULL AND j.their_cut_cents IS NOT NULL
    AND (j.payment_method IS DISTINCT FROM 'pay_link'
      OR j.card_kept_cents + j.plan_cash_cents >= j.final_price_cents);
$$ LANGUAGE sql IMMUTABLE;
--> statement-breakpoint
DROP TRIGGER jobs_track_earnings ON jobs;
--> statement-breakpoint
CREATE TRIGGER jobs_track_earnings
AFTER INSERT OR DELETE OR UPDATE OF status, locksmith_id, their_cut_cents, your_cut_cents, collected_by, payment_method, final_price_cents, card_kept_cents, plan_cash_cents ON jobs
FOR EACH ROW EXECUTE FUNCTION lockline_track_earnings();
