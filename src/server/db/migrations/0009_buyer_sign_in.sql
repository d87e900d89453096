ALTER TABLE "users" ADD COLUMN "first_purchase_at" timestamp with time zone;--> statement-breakpoint
-- Buyers who paid before this column existed may sign in too.
UPDATE "users" SET "first_purchase_at" = "first"."paid_at" FROM (SELECT "user_id", min(coalesce("paid_at", "created_at")) AS "paid_at" FROM "orders" WHERE "status" IN ('Paid', 'Refunded') GROUP BY "user_id") AS "first" WHERE "first"."user_id" = "users"."id";
