-- The activity log is append-only for the app: a change to history is refused, whoever
-- asks. (An operator with database access can still drop the trigger on purpose.)
CREATE OR REPLACE FUNCTION lockline_activity_append_only() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'the activity log is append-only (% refused)', TG_OP;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER activity_log_append_only
BEFORE UPDATE OR DELETE ON activity_log
FOR EACH ROW EXECUTE FUNCTION lockline_activity_append_only();
--> statement-breakpoint
CREATE TRIGGER activity_log_no_truncate
BEFORE TRUNCATE ON activity_log
FOR EACH STATEMENT EXECUTE FUNCTION lockline_activity_append_only();
