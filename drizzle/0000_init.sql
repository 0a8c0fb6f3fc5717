CREATE TYPE "public"."review_category" AS ENUM('car_lockout', 'house_lockout', 'rekey', 'commercial');--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_name" text NOT NULL,
	"area_slug" text NOT NULL,
	"rating" smallint NOT NULL,
	"body" text NOT NULL,
	"category" "review_category" NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_rating_range" CHECK ("reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE INDEX "reviews_published_idx" ON "reviews" USING btree ("published","created_at");