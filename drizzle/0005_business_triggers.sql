-- Business tables announce their changes on the shared channel, like reviews do
-- (lockline_notify_change(), 0001_change_notifications.sql): the dashboard and the lists
-- revalidate when a row changes in any process.
CREATE TRIGGER locksmiths_notify_change
AFTER INSERT OR UPDATE OR DELETE ON locksmiths
FOR EACH ROW EXECUTE FUNCTION lockline_notify_change();
--> statement-breakpoint
CREATE TRIGGER leads_notify_change
AFTER INSERT OR UPDATE OR DELETE ON leads
FOR EACH ROW EXECUTE FUNCTION lockline_notify_change();
--> statement-breakpoint
CREATE TRIGGER jobs_notify_change
AFTER INSERT OR UPDATE OR DELETE ON jobs
FOR EACH ROW EXECUTE FUNCTION lockline_notify_change();
--> statement-breakpoint
CREATE TRIGGER dispatch_codes_notify_change
AFTER INSERT OR UPDATE OR DELETE ON dispatch_codes
FOR EACH ROW EXECUTE FUNCTION lockline_notify_change();
--> statement-breakpoint
CREATE TRIGGER call_logs_notify_change
AFTER INSERT OR UPDATE OR DELETE ON call_logs
FOR EACH ROW EXECUTE FUNCTION lockline_notify_change();
