ALTER TYPE "public"."approval_way" ADD VALUE 'customer_code';--> statement-breakpoint
ALTER TYPE "public"."message_purpose" ADD VALUE 'customer_approval_code';--> statement-breakpoint
ALTER TYPE "public"."message_purpose" ADD VALUE 'customer_quote_approved';--> statement-breakpoint
ALTER TYPE "public"."message_purpose" ADD VALUE 'customer_quote_waiting';--> statement-breakpoint
ALTER TYPE "public"."message_purpose" ADD VALUE 'customer_price_lowered';--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "approval_code_hash" text;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "approval_code_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "approval_code_tries" integer DEFAULT 0 NOT NULL;