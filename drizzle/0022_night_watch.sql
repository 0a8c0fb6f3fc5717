ALTER TYPE "public"."message_purpose" ADD VALUE 'operator_alert';--> statement-breakpoint
CREATE TABLE "auto_dispatches" (
	"lead_id" uuid PRIMARY KEY NOT NULL,
	"state" text DEFAULT 'running' NOT NULL,
	"offers" smallint DEFAULT 0 NOT NULL,
	"offered_to" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"current_assignment_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auto_dispatches_offers_range" CHECK ("auto_dispatches"."offers" between 0 and 50)
);
--> statement-breakpoint
CREATE TABLE "night_watch_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_id" uuid NOT NULL,
	"rule" text NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cleared_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "timers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"lead_id" uuid,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"lease_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"fired_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "timers_key_unique" UNIQUE("key")
);
--> statement-breakpoint
ALTER TABLE "auto_dispatches" ADD CONSTRAINT "auto_dispatches_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_dispatches" ADD CONSTRAINT "auto_dispatches_current_assignment_id_assignments_id_fk" FOREIGN KEY ("current_assignment_id") REFERENCES "public"."assignments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "night_watch_alerts" ADD CONSTRAINT "night_watch_alerts_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timers" ADD CONSTRAINT "timers_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "night_watch_alerts_one_open" ON "night_watch_alerts" USING btree ("lead_id","rule") WHERE "night_watch_alerts"."cleared_at" is null;--> statement-breakpoint
CREATE INDEX "night_watch_alerts_open_idx" ON "night_watch_alerts" USING btree ("since") WHERE "night_watch_alerts"."cleared_at" is null;--> statement-breakpoint
CREATE INDEX "timers_due_idx" ON "timers" USING btree ("due_at") WHERE "timers"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "timers_lease_idx" ON "timers" USING btree ("lease_until") WHERE "timers"."state" = 'claimed';--> statement-breakpoint
CREATE INDEX "timers_lead_id_idx" ON "timers" USING btree ("lead_id");--> statement-breakpoint
-- Open back-office tabs refresh their "Needs attention" queue when an alert is raised or cleared.
CREATE TRIGGER night_watch_alerts_notify_change
AFTER INSERT OR UPDATE OR DELETE ON night_watch_alerts
FOR EACH ROW EXECUTE FUNCTION lockline_notify_change();
--> statement-breakpoint
-- A new timer, or one brought forward (a locksmith answered an offer), wakes the timer
-- workers of every process at once: the first automatic offer goes out within a second of the
-- request, and a decline passes on at once, not at the next poll. The clock rules' recurring
-- timer moves every few seconds and wakes nobody.
CREATE TRIGGER timers_notify_insert
AFTER INSERT ON timers
FOR EACH ROW EXECUTE FUNCTION lockline_notify_change();
--> statement-breakpoint
CREATE TRIGGER timers_notify_due_at
AFTER UPDATE OF due_at ON timers
FOR EACH ROW WHEN (NEW.kind <> 'clock_rules' AND NEW.due_at < OLD.due_at)
EXECUTE FUNCTION lockline_notify_change();
