DROP TABLE "provider_plans" CASCADE;--> statement-breakpoint
ALTER TABLE "plans" DROP CONSTRAINT "plans_plan_type_unique";--> statement-breakpoint
ALTER TABLE "plan_prices" ADD COLUMN "stripe_price_id" text;--> statement-breakpoint
ALTER TABLE "plan_prices" ADD COLUMN "razorpay_plan_id" text;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "stripe_product_id" text;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "plans_active_type_idx" ON "plans" USING btree ("plan_type") WHERE "plans"."is_active";