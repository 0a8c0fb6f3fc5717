CREATE TABLE "report_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "report_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"day" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_rollups" (
	"grain" text NOT NULL,
	"day" date NOT NULL,
	"dimension" text NOT NULL,
	"key" text NOT NULL,
	"leads" integer NOT NULL,
	"dispatched" integer NOT NULL,
	"accepted" integer NOT NULL,
	"booked" integer NOT NULL,
	"completed" integer NOT NULL,
	"cancelled" integer NOT NULL,
	"revenue_cents" bigint NOT NULL,
	"business_cut_cents" bigint NOT NULL,
	"dispatch_minutes" jsonb NOT NULL,
	"arrival_minutes" jsonb NOT NULL,
	CONSTRAINT "report_rollups_grain_day_dimension_key_pk" PRIMARY KEY("grain","day","dimension","key")
);
--> statement-breakpoint
CREATE INDEX "report_changes_day_idx" ON "report_changes" USING btree ("day");--> statement-breakpoint
-- A change to a lead, an offer or a job marks its lead's Chicago day as changed, in the same
-- transaction (decision 0039): the reports refresh that day's rollup before they read it.
-- Append-only, so writers never wait on each other or on a refresh; statement triggers, so
-- a bulk change writes a row per day, not per row.
CREATE FUNCTION report_mark_lead_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    INSERT INTO report_changes (day)
    SELECT DISTINCT (created_at AT TIME ZONE 'America/Chicago')::date
    FROM (SELECT created_at FROM old_rows UNION ALL SELECT created_at FROM new_rows) changed;
  ELSE
    INSERT INTO report_changes (day)
    SELECT DISTINCT (created_at AT TIME ZONE 'America/Chicago')::date FROM changed_rows;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION report_mark_parent_lead_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    INSERT INTO report_changes (day)
    SELECT DISTINCT (l.created_at AT TIME ZONE 'America/Chicago')::date
    FROM leads l
    WHERE l.id IN (SELECT lead_id FROM old_rows UNION SELECT lead_id FROM new_rows);
  ELSE
    INSERT INTO report_changes (day)
    SELECT DISTINCT (l.created_at AT TIME ZONE 'America/Chicago')::date
    FROM leads l WHERE l.id IN (SELECT lead_id FROM changed_rows);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER leads_report_insert AFTER INSERT ON leads
REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION report_mark_lead_days();
--> statement-breakpoint
CREATE TRIGGER leads_report_update AFTER UPDATE ON leads
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_mark_lead_days();
--> statement-breakpoint
CREATE TRIGGER leads_report_delete AFTER DELETE ON leads
REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION report_mark_lead_days();
--> statement-breakpoint
CREATE TRIGGER assignments_report_insert AFTER INSERT ON assignments
REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION report_mark_parent_lead_days();
--> statement-breakpoint
CREATE TRIGGER assignments_report_update AFTER UPDATE ON assignments
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_mark_parent_lead_days();
--> statement-breakpoint
CREATE TRIGGER assignments_report_delete AFTER DELETE ON assignments
REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION report_mark_parent_lead_days();
--> statement-breakpoint
CREATE TRIGGER jobs_report_insert AFTER INSERT ON jobs
REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION report_mark_parent_lead_days();
--> statement-breakpoint
CREATE TRIGGER jobs_report_update AFTER UPDATE ON jobs
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_mark_parent_lead_days();
--> statement-breakpoint
CREATE TRIGGER jobs_report_delete AFTER DELETE ON jobs
REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION report_mark_parent_lead_days();
--> statement-breakpoint
-- The leads already here have no rollup yet: every day they came in is changed.
INSERT INTO report_changes (day)
SELECT DISTINCT (created_at AT TIME ZONE 'America/Chicago')::date FROM leads;
