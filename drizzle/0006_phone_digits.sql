DROP INDEX "call_logs_client_phone_trgm_idx";--> statement-breakpoint
DROP INDEX "leads_phone_trgm_idx";--> statement-breakpoint
DROP INDEX "locksmiths_phone_trgm_idx";--> statement-breakpoint
ALTER TABLE "call_logs" ADD COLUMN "client_phone_digits" text GENERATED ALWAYS AS (regexp_replace("client_phone", '[^0-9]', '', 'g')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "phone_digits" text GENERATED ALWAYS AS (regexp_replace("phone", '[^0-9]', '', 'g')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "locksmiths" ADD COLUMN "phone_digits" text GENERATED ALWAYS AS (regexp_replace("phone", '[^0-9]', '', 'g')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "call_logs_client_phone_digits_trgm_idx" ON "call_logs" USING gin ("client_phone_digits" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "leads_phone_digits_trgm_idx" ON "leads" USING gin ("phone_digits" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "locksmiths_phone_digits_trgm_idx" ON "locksmiths" USING gin ("phone_digits" gin_trgm_ops);