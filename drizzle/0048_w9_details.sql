CREATE TABLE "locksmith_tax_details" (
	"locksmith_id" uuid PRIMARY KEY NOT NULL,
	"legal_name" text,
	"business_name" text,
	"tin_type" text,
	"tin_last4" text,
	"tin_sealed" text,
	"street" text,
	"street2" text,
	"city" text,
	"state" text,
	"zip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "locksmith_tax_details_last4" CHECK ("locksmith_tax_details"."tin_last4" is null or "locksmith_tax_details"."tin_last4" ~ '^[0-9]{4}$'),
	CONSTRAINT "locksmith_tax_details_tin_whole" CHECK (("locksmith_tax_details"."tin_last4" is null) = ("locksmith_tax_details"."tin_sealed" is null) and ("locksmith_tax_details"."tin_sealed" is null or "locksmith_tax_details"."tin_type" is not null)),
	CONSTRAINT "locksmith_tax_details_sealed" CHECK ("locksmith_tax_details"."tin_sealed" is null or "locksmith_tax_details"."tin_sealed" like 'v1.%')
);
--> statement-breakpoint
ALTER TABLE "locksmith_tax_details" ADD CONSTRAINT "locksmith_tax_details_locksmith_id_locksmiths_id_fk" FOREIGN KEY ("locksmith_id") REFERENCES "public"."locksmiths"("id") ON DELETE cascade ON UPDATE no action;