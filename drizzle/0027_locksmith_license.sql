ALTER TABLE "locksmiths" ADD COLUMN "license_number" text;--> statement-breakpoint
ALTER TABLE "locksmiths" ADD COLUMN "license_expires_on" date;