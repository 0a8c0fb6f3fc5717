CREATE TABLE "pay_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"session_id" text NOT NULL,
	"url" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"paid_by_event" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pay_links_session_id_unique" UNIQUE("session_id")
);
--> statement-breakpoint
ALTER TABLE "pay_links" ADD CONSTRAINT "pay_links_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pay_links_job_id_idx" ON "pay_links" USING btree ("job_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "pay_links_one_paid_per_job" ON "pay_links" USING btree ("job_id") WHERE "pay_links"."paid_at" is not null;--> statement-breakpoint
-- Settings are keyed by name, not id: announce the key, so the page cache can drop the
-- public pages when the price list (key 'price_list') changes in any process (decision 0036).
CREATE OR REPLACE FUNCTION lockline_notify_setting_change() RETURNS trigger AS $$
DECLARE
  setting_key text;
BEGIN
  IF TG_OP = 'DELETE' THEN
    setting_key := OLD.key;
  ELSE
    setting_key := NEW.key;
  END IF;
  PERFORM pg_notify(
    'lockline_changes',
    json_build_object('table', TG_TABLE_NAME, 'op', lower(TG_OP), 'id', setting_key)::text
  );
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER app_settings_notify_change
AFTER INSERT OR UPDATE OR DELETE ON app_settings
FOR EACH ROW EXECUTE FUNCTION lockline_notify_setting_change();
--> statement-breakpoint
CREATE TRIGGER pay_links_notify_change
AFTER INSERT OR UPDATE OR DELETE ON pay_links
FOR EACH ROW EXECUTE FUNCTION lockline_notify_change();
