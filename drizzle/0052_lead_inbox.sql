CREATE TABLE "lead_inbox_connections" (
	"provider" text PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"address_token" text,
	"last_lead_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "partner_leads" (
	"provider" text NOT NULL,
	"external_id" text NOT NULL,
	"lead_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_leads_provider_external_id_pk" PRIMARY KEY("provider","external_id"),
	CONSTRAINT "partner_leads_provider" CHECK ("partner_leads"."provider" in ('thumbtack', 'angi'))
);
--> statement-breakpoint
CREATE TABLE "partner_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"thread_id" text NOT NULL,
	"external_id" text,
	"direction" text NOT NULL,
	"body" text NOT NULL,
	"status" text NOT NULL,
	"last_error" text,
	"author_name" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_messages_direction" CHECK ("partner_messages"."direction" in ('in', 'out')),
	CONSTRAINT "partner_messages_status" CHECK ("partner_messages"."status" in ('received', 'sending', 'sent', 'failed')),
	CONSTRAINT "partner_messages_body_length" CHECK (char_length("partner_messages"."body") between 1 and 5000)
);
--> statement-breakpoint
ALTER TABLE "partner_leads" ADD CONSTRAINT "partner_leads_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "partner_leads_lead_idx" ON "partner_leads" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "partner_messages_thread_idx" ON "partner_messages" USING btree ("provider","thread_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_messages_external_idx" ON "partner_messages" USING btree ("provider","external_id");--> statement-breakpoint
-- A Thumbtack lead's page follows its conversation live (a message in, a reply sent or failed).
CREATE TRIGGER partner_messages_notify_change
AFTER INSERT OR UPDATE OR DELETE ON partner_messages
FOR EACH ROW EXECUTE FUNCTION lockline_notify_change();
