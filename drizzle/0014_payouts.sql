CREATE TYPE "public"."payout_method" AS ENUM('cash', 'check', 'zelle', 'bank_transfer', 'other');--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"locksmith_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"paid_on" date NOT NULL,
	"method" "payout_method" NOT NULL,
	"reference" text,
	"partial" boolean DEFAULT false NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone,
	"undone_by" text,
	"idempotency_key" uuid,
	CONSTRAINT "payouts_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "payouts_amount_positive" CHECK ("payouts"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "payout_id" uuid;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_locksmith_id_locksmiths_id_fk" FOREIGN KEY ("locksmith_id") REFERENCES "public"."locksmiths"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payouts_locksmith_paid_on_idx" ON "payouts" USING btree ("locksmith_id","paid_on");--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_payout_id_idx" ON "jobs" USING btree ("payout_id");--> statement-breakpoint
-- Payouts announce their changes like the business tables (0005): Payouts and the dashboard
-- follow a payout recorded or undone by another operator.
CREATE TRIGGER payouts_notify_change
AFTER INSERT OR UPDATE OR DELETE ON payouts
FOR EACH ROW EXECUTE FUNCTION lockline_notify_change();
--> statement-breakpoint
-- What Payouts and statements add up: completed jobs' money by locksmith and day, read from
-- the index alone (INCLUDE), so the balance of every locksmith is one index-only scan.
CREATE INDEX "jobs_completed_money_idx" ON "jobs" ("locksmith_id", "completed_at")
  INCLUDE ("their_cut_cents", "final_price_cents", "your_cut_cents")
  WHERE "status" = 'completed';
