CREATE TYPE "public"."approval_way" AS ENUM('customer_page', 'in_person');--> statement-breakpoint
CREATE TYPE "public"."collector" AS ENUM('locksmith', 'business');--> statement-breakpoint
CREATE TYPE "public"."customer_payment_method" AS ENUM('cash', 'card_on_site', 'check', 'pay_link');--> statement-breakpoint
CREATE TYPE "public"."quote_state" AS ENUM('pending', 'approved', 'declined', 'superseded');--> statement-breakpoint
CREATE TYPE "public"."settlement_direction" AS ENUM('to_locksmith', 'from_locksmith');--> statement-breakpoint
CREATE TABLE "customer_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"lead_id" uuid,
	"locksmith_id" uuid,
	"amount_cents" integer NOT NULL,
	"lines" jsonb,
	"reason" text,
	"state" "quote_state" DEFAULT 'pending' NOT NULL,
	"approved_way" "approval_way",
	"approved_name" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotes_amount_range" CHECK ("quotes"."amount_cents" between 0 and 10000000),
	CONSTRAINT "quotes_approved_how" CHECK ("quotes"."state" not in ('approved', 'pending', 'declined') or ("quotes"."state" = 'approved') = ("quotes"."approved_way" is not null))
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "payment_method" "customer_payment_method";--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "collected_by" "collector" DEFAULT 'business' NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "direction" "settlement_direction" DEFAULT 'to_locksmith' NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_links" ADD CONSTRAINT "customer_links_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_locksmith_id_locksmiths_id_fk" FOREIGN KEY ("locksmith_id") REFERENCES "public"."locksmiths"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_links_token_hash_idx" ON "customer_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "customer_links_lead_id_idx" ON "customer_links" USING btree ("lead_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_one_current_per_job" ON "quotes" USING btree ("job_id") WHERE "quotes"."state" in ('pending', 'approved');--> statement-breakpoint
CREATE INDEX "quotes_job_id_idx" ON "quotes" USING btree ("job_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE TRIGGER quotes_notify_change
AFTER INSERT OR UPDATE OR DELETE ON quotes
FOR EACH ROW EXECUTE FUNCTION lockline_notify_change();
--> statement-breakpoint
-- Decision 0031: the balance nets both directions. A completed job the business collected
-- adds the locksmith's cut (the business owes it); one the locksmith collected takes off the
-- business's cut (the locksmith owes it). earned_cents is that net, all time, before payments.
CREATE OR REPLACE FUNCTION lockline_track_earnings() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'completed'
     AND OLD.locksmith_id IS NOT NULL AND OLD.their_cut_cents IS NOT NULL THEN
    UPDATE locksmith_earnings SET earned_cents = earned_cents
      - CASE WHEN OLD.collected_by = 'locksmith' THEN -OLD.your_cut_cents ELSE OLD.their_cut_cents END
    WHERE locksmith_id = OLD.locksmith_id;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.status = 'completed'
     AND NEW.locksmith_id IS NOT NULL AND NEW.their_cut_cents IS NOT NULL THEN
    INSERT INTO locksmith_earnings (locksmith_id, earned_cents)
    VALUES (NEW.locksmith_id,
      CASE WHEN NEW.collected_by = 'locksmith' THEN -NEW.your_cut_cents ELSE NEW.their_cut_cents END)
    ON CONFLICT (locksmith_id)
    DO UPDATE SET earned_cents = locksmith_earnings.earned_cents + EXCLUDED.earned_cents;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER jobs_track_earnings ON jobs;
--> statement-breakpoint
CREATE TRIGGER jobs_track_earnings
AFTER INSERT OR DELETE OR UPDATE OF status, locksmith_id, their_cut_cents, your_cut_cents, collected_by ON jobs
FOR EACH ROW EXECUTE FUNCTION lockline_track_earnings();
