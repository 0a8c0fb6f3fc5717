-- Every change to a watched table is announced on one channel so each server process
-- (LISTEN lockline_changes) can drop caches and tell signed-in browsers what changed.
CREATE OR REPLACE FUNCTION lockline_notify_change() RETURNS trigger AS $$
DECLARE
  row_id text;
BEGIN
  IF TG_OP = 'DELETE' THEN
    row_id := OLD.id::text;
  ELSE
    row_id := NEW.id::text;
  END IF;
  PERFORM pg_notify(
    'lockline_changes',
    json_build_object('table', TG_TABLE_NAME, 'op', lower(TG_OP), 'id', row_id)::text
  );
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER reviews_notify_change
AFTER INSERT OR UPDATE OR DELETE ON reviews
FOR EACH ROW EXECUTE FUNCTION lockline_notify_change();
