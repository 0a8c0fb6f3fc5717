CREATE TABLE "compliance_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"locksmith_id" uuid,
	"kind" text NOT NULL,
	"provider" text,
	"reference" text,
	"amount_cents" bigint,
	"expires_on" date,
	"checked_on" date,
	"file_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "compliance_documents_amount_positive" CHECK ("compliance_documents"."amount_cents" is null or "compliance_documents"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "compliance_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"storage_key" text NOT NULL,
	"file_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"original_name" text,
	"uploaded_by_id" text,
	"uploaded_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "compliance_files_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
ALTER TABLE "compliance_documents" ADD CONSTRAINT "compliance_documents_locksmith_id_locksmiths_id_fk" FOREIGN KEY ("locksmith_id") REFERENCES "public"."locksmiths"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_documents" ADD CONSTRAINT "compliance_documents_file_id_compliance_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."compliance_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "compliance_documents_locksmith_kind_idx" ON "compliance_documents" USING btree ("locksmith_id","kind") WHERE "compliance_documents"."locksmith_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "compliance_documents_business_kind_idx" ON "compliance_documents" USING btree ("kind") WHERE "compliance_documents"."locksmith_id" is null;--> statement-breakpoint
CREATE INDEX "compliance_documents_expires_on_idx" ON "compliance_documents" USING btree ("expires_on");