-- Phone search by digit runs instead of trigrams (decision 0021). Every number of one area
-- code shares its trigrams ("708" lists every lead), so a trigram search for "70841" read a
-- posting list of all leads. A lead keeps its phone's 3- and 4-digit runs, as numbers with a
-- leading 1 ("084" is 1084, "0841" is 10841); a search looks its 4-digit runs up, and LIKE
-- keeps the rows where they stand in a row. app/server/db/list-query.server.ts mirrors this.
-- The status index carries the runs too, so a count within a status still reads it alone.
CREATE FUNCTION lockline_phone_grams(phone text) RETURNS smallint[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN (
    SELECT coalesce(array_agg(DISTINCT ('1' || substr(digits, i, n))::smallint), '{}')
    FROM regexp_replace(phone, '[^0-9]', '', 'g') AS digits,
      (VALUES (3), (4)) AS run(n),
      generate_series(1, length(digits) - n + 1) AS i
  );--> statement-breakpoint
DROP INDEX "leads_phone_digits_trgm_idx";--> statement-breakpoint
DROP INDEX "leads_status_created_at_idx";--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "phone_grams" smallint[] GENERATED ALWAYS AS (lockline_phone_grams("phone")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "leads_phone_grams_idx" ON "leads" USING gin ("status","phone_grams");--> statement-breakpoint
CREATE INDEX "leads_status_created_at_idx" ON "leads" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"service_type","name","phone_digits","phone_grams","zip");