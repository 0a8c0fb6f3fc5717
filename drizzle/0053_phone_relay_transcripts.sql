ALTER TYPE "public"."message_purpose" ADD VALUE 'customer_relayed';--> statement-breakpoint
ALTER TYPE "public"."message_purpose" ADD VALUE 'locksmith_relayed';--> statement-breakpoint
ALTER TYPE "public"."message_purpose" ADD VALUE 'customer_job_closed';--> statement-breakpoint
ALTER TABLE "call_flows" ADD COLUMN "voicemail_seconds" integer;--> statement-breakpoint
ALTER TABLE "call_flows" ADD COLUMN "transcript" text;--> statement-breakpoint
ALTER TABLE "call_logs" ADD COLUMN "voicemail_seconds" integer;--> statement-breakpoint
ALTER TABLE "call_logs" ADD COLUMN "transcript" text;