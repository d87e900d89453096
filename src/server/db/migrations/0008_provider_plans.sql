CREATE TABLE "provider_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"key" text NOT NULL,
	"plan_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "provider_plans_key_idx" ON "provider_plans" USING btree ("provider","key");