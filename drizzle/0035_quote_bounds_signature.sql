ALTER TYPE "public"."approval_way" ADD VALUE 'customer_signature';--> statement-breakpoint
ALTER TYPE "public"."quote_state" ADD VALUE 'held';--> statement-breakpoint
ALTER TYPE "public"."quote_state" ADD VALUE 'rejected';--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "approved_signature" text;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "office_reason" text;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_signature_size" CHECK ("quotes"."approved_signature" is null or length("quotes"."approved_signature") <= 200000);