CREATE TYPE "public"."review_hidden_reason" AS ENUM('personal_data', 'abuse', 'spam', 'not_a_customer', 'other');--> statement-breakpoint
CREATE TABLE "review_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"job_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"review_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_requests_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "review_requests_job_id_unique" UNIQUE("job_id")
);
--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "job_id" uuid;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "publish_consent" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "hidden_reason" "review_hidden_reason";--> statement-breakpoint
ALTER TABLE "review_requests" ADD CONSTRAINT "review_requests_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_requests" ADD CONSTRAINT "review_requests_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_job_id_unique" UNIQUE("job_id");--> statement-breakpoint
-- Only a review sent through a completed job's link is "Verified" (decision 0015): reviews
-- typed in by hand before this release lose the mark they were given by a checkbox.
UPDATE "reviews" SET "verified" = false WHERE "job_id" IS NULL;
