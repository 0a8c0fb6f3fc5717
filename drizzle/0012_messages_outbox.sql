CREATE TYPE "public"."message_purpose" AS ENUM('locksmith_dispatch', 'customer_dispatched', 'customer_on_the_way', 'customer_review_request', 'reply');--> statement-breakpoint
CREATE TYPE "public"."message_status" AS ENUM('queued', 'sending', 'sent', 'delivered', 'failed', 'undelivered', 'interrupted', 'unsent', 'dropped', 'received');--> statement-breakpoint
CREATE TABLE "dispatch_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"lead_id" uuid NOT NULL,
	"locksmith_id" uuid NOT NULL,
	"dispatch_code_id" uuid,
	"job_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"on_the_way_at" timestamp with time zone,
	"eta_minutes" smallint,
	"arrived_at" timestamp with time zone,
	"job_closed_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dispatch_links_eta_range" CHECK ("dispatch_links"."eta_minutes" between 1 and 240)
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to_phone" text NOT NULL,
	"to_phone_digits" text GENERATED ALWAYS AS (regexp_replace("to_phone", '[^0-9]', '', 'g')) STORED NOT NULL,
	"body" text NOT NULL,
	"purpose" "message_purpose" NOT NULL,
	"status" "message_status" DEFAULT 'queued' NOT NULL,
	"lead_id" uuid,
	"job_id" uuid,
	"locksmith_id" uuid,
	"customer_id" uuid,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sending_since" timestamp with time zone,
	"unanswered_at" timestamp with time zone,
	"last_error" text,
	"twilio_sid" text,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_twilio_sid_unique" UNIQUE("twilio_sid"),
	CONSTRAINT "messages_attempts_range" CHECK ("messages"."attempts" between 0 and 5)
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "texts_opted_out_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "text_consent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "dispatch_links" ADD CONSTRAINT "dispatch_links_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_links" ADD CONSTRAINT "dispatch_links_locksmith_id_locksmiths_id_fk" FOREIGN KEY ("locksmith_id") REFERENCES "public"."locksmiths"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_links" ADD CONSTRAINT "dispatch_links_dispatch_code_id_dispatch_codes_id_fk" FOREIGN KEY ("dispatch_code_id") REFERENCES "public"."dispatch_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_links" ADD CONSTRAINT "dispatch_links_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_locksmith_id_locksmiths_id_fk" FOREIGN KEY ("locksmith_id") REFERENCES "public"."locksmiths"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dispatch_links_token_hash_idx" ON "dispatch_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "dispatch_links_lead_id_idx" ON "dispatch_links" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "dispatch_links_job_id_idx" ON "dispatch_links" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "messages_due_idx" ON "messages" USING btree ("next_attempt_at") WHERE "messages"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "messages_sending_idx" ON "messages" USING btree ("sending_since") WHERE "messages"."status" = 'sending';--> statement-breakpoint
CREATE INDEX "messages_created_at_idx" ON "messages" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "messages_status_created_at_idx" ON "messages" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "messages_lead_id_idx" ON "messages" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "messages_job_id_idx" ON "messages" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "messages_to_phone_digits_trgm_idx" ON "messages" USING gin ("to_phone_digits" gin_trgm_ops);--> statement-breakpoint
-- The outbox and the job links announce their changes like the business tables (0005):
-- the Messages page and a lead's timeline follow a text from queued to delivered.
CREATE TRIGGER messages_notify_change
AFTER INSERT OR UPDATE OR DELETE ON messages
FOR EACH ROW EXECUTE FUNCTION lockline_notify_change();
--> statement-breakpoint
CREATE TRIGGER dispatch_links_notify_change
AFTER INSERT OR UPDATE OR DELETE ON dispatch_links
FOR EACH ROW EXECUTE FUNCTION lockline_notify_change();
