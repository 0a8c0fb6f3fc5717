ALTER TYPE "public"."message_purpose" ADD VALUE 'customer_payment_received';--> statement-breakpoint
ALTER TYPE "public"."message_purpose" ADD VALUE 'customer_refunded';