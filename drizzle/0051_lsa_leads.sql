CREATE TABLE "lsa_connection" (
	"id" text PRIMARY KEY DEFAULT 'google' NOT NULL,
	"customer_id" text NOT NULL,
	"refresh_token" text NOT NULL,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_pull_at" timestamp with time zone,
	"pulled_through" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	CONSTRAINT "lsa_connection_single" CHECK ("lsa_connection"."id" = 'google'),
	CONSTRAINT "lsa_connection_customer_id" CHECK ("lsa_connection"."customer_id" ~ '^[0-9]{10}$')
);
--> statement-breakpoint
CREATE TABLE "lsa_leads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"resource_name" text NOT NULL,
	"lead_type" text NOT NULL,
	"lead_status" text,
	"category_id" text,
	"service_id" text,
	"consumer_name" text,
	"phone" text,
	"email" text,
	"google_created_at" timestamp with time zone NOT NULL,
	"charged" boolean DEFAULT false NOT NULL,
	"credit_state" text,
	"lead_id" uuid,
	"call_log_id" uuid,
	"conversations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"dispute_reason" text,
	"disputed_at" timestamp with time zone,
	"credit_decision" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lsa_leads_resource_name_unique" UNIQUE("resource_name")
);
--> statement-breakpoint
ALTER TABLE "lsa_leads" ADD CONSTRAINT "lsa_leads_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lsa_leads" ADD CONSTRAINT "lsa_leads_call_log_id_call_logs_id_fk" FOREIGN KEY ("call_log_id") REFERENCES "public"."call_logs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lsa_leads_lead_id_idx" ON "lsa_leads" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "lsa_leads_google_created_at_idx" ON "lsa_leads" USING btree ("google_created_at");