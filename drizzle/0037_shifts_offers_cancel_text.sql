-- Decision 0057 (issue 46): a dispatch code taken away by a reassignment shows Withdrawn; the
-- customer is texted when the office cancels; a new locksmith starts Off and Available lasts
-- a shift (available_until). Locksmiths Available before this keep it until they tap Off.
ALTER TYPE "public"."dispatch_code_status" ADD VALUE 'withdrawn';--> statement-breakpoint
ALTER TYPE "public"."message_purpose" ADD VALUE 'customer_cancelled';--> statement-breakpoint
ALTER TABLE "locksmiths" ALTER COLUMN "presence" SET DEFAULT 'off';--> statement-breakpoint
ALTER TABLE "locksmiths" ADD COLUMN "available_until" timestamp with time zone;