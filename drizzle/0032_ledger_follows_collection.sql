ALTER TABLE "jobs" ADD COLUMN "card_kept_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- What the business keeps of a job's card money, with the rows it sums (issue 44).
CREATE OR REPLACE FUNCTION lockline_track_card_kept() RETURNS trigger AS $$
DECLARE
  job uuid;
BEGIN
  IF TG_OP = 'DELETE' THEN
    job := OLD.job_id;
  ELSE
    job := NEW.job_id;
  END IF;
  UPDATE jobs SET card_kept_cents = (
    SELECT coalesce(sum(CASE WHEN kind = 'payment' THEN amount_cents ELSE -amount_cents END), 0)
    FROM card_money
    WHERE job_id = job AND (kind = 'payment' OR refund_state <> 'failed')
  ) WHERE id = job;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER card_money_track_kept
AFTER INSERT OR DELETE OR UPDATE OF amount_cents, refund_state ON card_money
FOR EACH ROW EXECUTE FUNCTION lockline_track_card_kept();
--> statement-breakpoint
UPDATE jobs SET card_kept_cents = kept.cents
FROM (
  SELECT job_id, sum(CASE WHEN kind = 'payment' THEN amount_cents ELSE -amount_cents END) AS cents
  FROM card_money
  WHERE kind = 'payment' OR refund_state <> 'failed'
  GROUP BY job_id
) AS kept
WHERE jobs.id = kept.job_id;
--> statement-breakpoint
-- Decision 0050: the ledger follows collection. A completed job counts (its cut owed to the
-- locksmith, or the business's cut owed by them, decision 0031) once its money is collected:
-- at once for money handed over in person, and for a pay-link job once the card money kept
-- reaches its price. Until then the pay-link job is awaiting payment and owes nobody.
CREATE OR REPLACE FUNCTION lockline_job_counts(j jobs) RETURNS boolean AS $$
  SELECT j.status = 'completed' AND j.locksmith_id IS NOT NULL AND j.their_cut_cents IS NOT NULL
    AND (j.payment_method IS DISTINCT FROM 'pay_link' OR j.card_kept_cents >= j.final_price_cents);
$$ LANGUAGE sql IMMUTABLE;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION lockline_track_earnings() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND lockline_job_counts(OLD) THEN
    UPDATE locksmith_earnings SET earned_cents = earned_cents
      - CASE WHEN OLD.collected_by = 'locksmith' THEN -OLD.your_cut_cents ELSE OLD.their_cut_cents END
    WHERE locksmith_id = OLD.locksmith_id;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND lockline_job_counts(NEW) THEN
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
AFTER INSERT OR DELETE OR UPDATE OF status, locksmith_id, their_cut_cents, your_cut_cents, collected_by, payment_method, final_price_cents, card_kept_cents ON jobs
FOR EACH ROW EXECUTE FUNCTION lockline_track_earnings();
--> statement-breakpoint
-- Unpaid pay-link jobs were counted from completion: count again, by the new rule.
UPDATE locksmith_earnings SET earned_cents = 0;
--> statement-breakpoint
INSERT INTO locksmith_earnings (locksmith_id, earned_cents)
SELECT j.locksmith_id,
  sum(CASE WHEN j.collected_by = 'locksmith' THEN -j.your_cut_cents ELSE j.their_cut_cents END)
FROM jobs j
WHERE lockline_job_counts(j)
GROUP BY j.locksmith_id
ON CONFLICT (locksmith_id) DO UPDATE SET earned_cents = EXCLUDED.earned_cents;
