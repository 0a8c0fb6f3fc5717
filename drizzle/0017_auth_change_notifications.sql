-- Signing out, a revoked session, a role change or a removed account reach every server
-- process through the change feed (lockline_notify_change(), 0001_change_notifications.sql),
-- so an open live-update stream of that person ends at once, whichever process holds it.
-- Only deletions of sessions: better-auth updates a session row when it extends it, which
-- changes nobody's access.
CREATE TRIGGER session_notify_change
AFTER DELETE ON "session"
FOR EACH ROW EXECUTE FUNCTION lockline_notify_change();
--> statement-breakpoint
CREATE TRIGGER user_notify_change
AFTER UPDATE OF role OR DELETE ON "user"
FOR EACH ROW EXECUTE FUNCTION lockline_notify_change();
