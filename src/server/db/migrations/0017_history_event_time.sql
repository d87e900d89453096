ALTER TABLE "subscription_transactions" ADD COLUMN "provider_reference" text;--> statement-breakpoint
ALTER TABLE "subscription_transactions" ADD COLUMN "occurred_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Rows written before: their time is the write time (the best known); the provider's id is read back from our key.
UPDATE "subscription_transactions" SET "occurred_at" = "created_at";--> statement-breakpoint
UPDATE "subscription_transactions" SET "provider_reference" = CASE
  WHEN "transaction_id" LIKE '%-attempt-%' THEN split_part("transaction_id", '-attempt-', 1)
  WHEN "transaction_id" LIKE 'refund-%' THEN "provider_payment_id"
  WHEN "transaction_id" LIKE '%-ended' OR "transaction_id" LIKE '%-cancel-%' THEN NULL
  ELSE "transaction_id"
END;
