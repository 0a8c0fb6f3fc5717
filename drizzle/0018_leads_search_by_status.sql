-- The leads search within a status (decision 0020): the status index carries the searched
-- columns (the capped count reads the index alone) and the trigram indexes lead with the
-- status. btree_gin lets a GIN index hold the status; it is a trusted extension on
-- PostgreSQL 13+, and PGlite must be opened with it (database.server.ts).
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "leads_status_created_at_idx";--> statement-breakpoint
DROP INDEX "leads_name_trgm_idx";--> statement-breakpoint
DROP INDEX "leads_phone_digits_trgm_idx";--> statement-breakpoint
DROP INDEX "leads_zip_trgm_idx";--> statement-breakpoint
CREATE INDEX "leads_status_created_at_idx" ON "leads" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"service_type","name","phone_digits","zip");--> statement-breakpoint
CREATE INDEX "leads_name_trgm_idx" ON "leads" USING gin ("status","name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "leads_phone_digits_trgm_idx" ON "leads" USING gin ("status","phone_digits" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "leads_zip_trgm_idx" ON "leads" USING gin ("status","zip" gin_trgm_ops);