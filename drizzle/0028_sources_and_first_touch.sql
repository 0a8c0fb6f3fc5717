CREATE TABLE "marketing_sources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketing_sources_name_length" CHECK (char_length("marketing_sources"."name") between 1 and 60)
);
--> statement-breakpoint
CREATE TABLE "source_spend" (
	"source_id" uuid NOT NULL,
	"month" date NOT NULL,
	"amount_cents" integer NOT NULL,
	CONSTRAINT "source_spend_source_id_month_pk" PRIMARY KEY("source_id","month"),
	CONSTRAINT "source_spend_first_of_month" CHECK (extract(day from "source_spend"."month") = 1),
	CONSTRAINT "source_spend_non_negative" CHECK ("source_spend"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "tracking_numbers" (
	"phone" text PRIMARY KEY NOT NULL,
	"source_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tracking_numbers_phone_e164" CHECK ("tracking_numbers"."phone" ~ '^\+[1-9][0-9]{6,14}$')
);
--> statement-breakpoint
ALTER TABLE "call_logs" ADD COLUMN "called_number" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "source_name" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "landing_page" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "referrer_host" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "utm_source" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "utm_medium" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "utm_campaign" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "utm_term" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "utm_content" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "gclid" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "request_page" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "called_number" text;--> statement-breakpoint
ALTER TABLE "source_spend" ADD CONSTRAINT "source_spend_source_id_marketing_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."marketing_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_numbers" ADD CONSTRAINT "tracking_numbers_source_id_marketing_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."marketing_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_sources_name_idx" ON "marketing_sources" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "leads_source_name_created_at_idx" ON "leads" USING btree ("source_name","created_at" DESC NULLS LAST);