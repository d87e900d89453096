ALTER TABLE "abandoned_emails" ADD COLUMN "cart_id" uuid;--> statement-breakpoint
CREATE INDEX "abandoned_emails_cart_idx" ON "abandoned_emails" USING btree ("cart_id");