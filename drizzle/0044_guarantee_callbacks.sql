ALTER TABLE "leads" ADD COLUMN "guarantee_job_id" uuid;--> statement-breakpoint
ALTER TABLE "report_rollups" ADD COLUMN "guarantee_callbacks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_guarantee_job_id_jobs_id_fk" FOREIGN KEY ("guarantee_job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leads_guarantee_job_id_idx" ON "leads" USING btree ("guarantee_job_id") WHERE "leads"."guarantee_job_id" is not null;