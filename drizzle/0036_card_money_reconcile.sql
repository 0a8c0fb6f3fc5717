-- Decision 0054: the reconciliation of a month. The few jobs keeping more card money than
-- they ask, for the month's "kept over the price" and "paid on a cancelled job".
CREATE INDEX "jobs_card_over_price_idx" ON "jobs" USING btree ("id") WHERE "jobs"."card_kept_cents" > case when "jobs"."status" = 'completed' then coalesce("jobs"."final_price_cents", 0) else 0 end;--> statement-breakpoint
-- A month's card rows as the match reads them, from the index alone (INCLUDE, which Drizzle
-- cannot declare): about 4,500 rows a month at 100,000 jobs a year, one index-only scan.
CREATE INDEX "card_money_reconcile_idx" ON "card_money" USING btree ("created_at")
  INCLUDE ("id", "job_id", "kind", "amount_cents", "payment_intent", "refund_id", "refund_state");
