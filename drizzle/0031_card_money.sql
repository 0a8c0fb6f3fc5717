CREATE TYPE "public"."card_money_kind" AS ENUM('payment', 'refund');--> statement-breakpoint
CREATE TYPE "public"."payment_verdict" AS ENUM('for_price', 'old_amount', 'cancelled_job', 'duplicate');--> statement-breakpoint
CREATE TYPE "public"."refund_state" AS ENUM('pending', 'succeeded', 'failed');--> statement-breakpoint
CREATE TABLE "card_money" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"kind" "card_money_kind" NOT NULL,
	"amount_cents" integer NOT NULL,
	"pay_link_id" uuid,
	"payment_intent" text,
	"verdict" "payment_verdict",
	"refund_of" uuid,
	"refund_id" text,
	"refund_state" "refund_state",
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_money_amount_positive" CHECK ("card_money"."amount_cents" > 0),
	CONSTRAINT "card_money_kind_fields" CHECK (("card_money"."kind" = 'payment') = ("card_money"."verdict" is not null) and ("card_money"."kind" = 'refund') = ("card_money"."refund_state" is not null))
);
--> statement-breakpoint
DROP INDEX "pay_links_one_paid_per_job";--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "price_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "pay_links" ADD COLUMN "price_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "pay_links" ADD COLUMN "expired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "card_money" ADD CONSTRAINT "card_money_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_money" ADD CONSTRAINT "card_money_pay_link_id_pay_links_id_fk" FOREIGN KEY ("pay_link_id") REFERENCES "public"."pay_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_money" ADD CONSTRAINT "card_money_refund_of_card_money_id_fk" FOREIGN KEY ("refund_of") REFERENCES "public"."card_money"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_money_job_id_idx" ON "card_money" USING btree ("job_id","created_at");--> statement-breakpoint
CREATE INDEX "card_money_created_at_idx" ON "card_money" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "card_money_one_payment_per_session" ON "card_money" USING btree ("pay_link_id") WHERE "card_money"."kind" = 'payment';--> statement-breakpoint
CREATE UNIQUE INDEX "card_money_refund_id_unique" ON "card_money" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "card_money_open_alerts_idx" ON "card_money" USING btree ("created_at") WHERE "card_money"."kind" = 'payment' and "card_money"."verdict" <> 'for_price' and "card_money"."settled_at" is null;--> statement-breakpoint
ALTER TABLE "pay_links" ADD CONSTRAINT "pay_links_amount_range" CHECK ("pay_links"."amount_cents" >= 0);--> statement-breakpoint
-- A job's price version moves with every change of its price or status, whoever makes it
-- (office, locksmith, a migration): a Checkout Session made at another version is for a
-- price the job no longer asks (issue 44, decision 0050).
CREATE OR REPLACE FUNCTION lockline_job_price_version() RETURNS trigger AS $$
BEGIN
  IF OLD.final_price_cents IS DISTINCT FROM NEW.final_price_cents
     OR OLD.status IS DISTINCT FROM NEW.status THEN
    NEW.price_version := OLD.price_version + 1;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER jobs_price_version
BEFORE UPDATE ON jobs
FOR EACH ROW EXECUTE FUNCTION lockline_job_price_version();
--> statement-breakpoint
CREATE TRIGGER card_money_notify_change
AFTER INSERT OR UPDATE OR DELETE ON card_money
FOR EACH ROW EXECUTE FUNCTION lockline_notify_change();
--> statement-breakpoint
-- Sessions paid before card_money: each becomes its payment, for the price it was made for.
INSERT INTO card_money (job_id, kind, amount_cents, pay_link_id, verdict, created_at)
SELECT job_id, 'payment', amount_cents, id, 'for_price', paid_at
FROM pay_links
WHERE paid_at IS NOT NULL AND amount_cents > 0;
