CREATE TABLE "locksmith_earnings" (
	"locksmith_id" uuid PRIMARY KEY NOT NULL,
	"earned_cents" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "locksmith_earnings" ADD CONSTRAINT "locksmith_earnings_locksmith_id_locksmiths_id_fk" FOREIGN KEY ("locksmith_id") REFERENCES "public"."locksmiths"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The earned half of every locksmith's balance, kept with the jobs it sums: a job counts
-- while it is completed, with a locksmith and a cut. Any change to those three (or the job's
-- removal) takes the old amount off and puts the new one on, in the same transaction.
CREATE OR REPLACE FUNCTION lockline_track_earnings() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'completed'
     AND OLD.locksmith_id IS NOT NULL AND OLD.their_cut_cents IS NOT NULL THEN
    UPDATE locksmith_earnings SET earned_cents = earned_cents - OLD.their_cut_cents
    WHERE locksmith_id = OLD.locksmith_id;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.status = 'completed'
     AND NEW.locksmith_id IS NOT NULL AND NEW.their_cut_cents IS NOT NULL THEN
    INSERT INTO locksmith_earnings (locksmith_id, earned_cents)
    VALUES (NEW.locksmith_id, NEW.their_cut_cents)
    ON CONFLICT (locksmith_id)
    DO UPDATE SET earned_cents = locksmith_earnings.earned_cents + EXCLUDED.earned_cents;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER jobs_track_earnings
AFTER INSERT OR DELETE OR UPDATE OF status, locksmith_id, their_cut_cents ON jobs
FOR EACH ROW EXECUTE FUNCTION lockline_track_earnings();
--> statement-breakpoint
INSERT INTO locksmith_earnings (locksmith_id, earned_cents)
SELECT locksmith_id, sum(their_cut_cents)
FROM jobs
WHERE status = 'completed' AND locksmith_id IS NOT NULL AND their_cut_cents IS NOT NULL
GROUP BY locksmith_id;
--> statement-breakpoint
-- A period's completed jobs across every locksmith (the Payouts page) as an index range on
-- completed_at, read from the index alone.
CREATE INDEX "jobs_completed_period_idx" ON "jobs" ("completed_at")
  INCLUDE ("locksmith_id", "their_cut_cents", "final_price_cents", "your_cut_cents")
  WHERE "status" = 'completed';
