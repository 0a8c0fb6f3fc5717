ALTER TYPE "public"."message_purpose" ADD VALUE 'customer_missed_call';--> statement-breakpoint
CREATE TABLE "call_flows" (
	"twilio_call_sid" text PRIMARY KEY NOT NULL,
	"answered" boolean DEFAULT false NOT NULL,
	"reached_voicemail" boolean DEFAULT false NOT NULL,
	"voicemail_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "call_logs" ADD COLUMN "voicemail" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "call_logs" ADD COLUMN "recording_purged_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "call_logs_recording_created_idx" ON "call_logs" USING btree ("created_at") WHERE "call_logs"."recording_url" is not null;