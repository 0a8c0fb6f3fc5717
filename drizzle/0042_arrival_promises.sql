ALTER TYPE "public"."message_purpose" ADD VALUE 'customer_running_late';--> statement-breakpoint
ALTER TABLE "assignments" ADD COLUMN "late_texted_at" timestamp with time zone;