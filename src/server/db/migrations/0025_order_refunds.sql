CREATE TABLE "order_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"reason" text,
	"status" text NOT NULL,
	"provider" text NOT NULL,
	"provider_refund_id" text,
	"provider_status" text,
	"actor_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "order_refunds_amount_not_negative" CHECK ("order_refunds"."amount" >= 0),
	CONSTRAINT "order_refunds_succeeded_has_time" CHECK ("order_refunds"."status" <> 'succeeded' or "order_refunds"."refunded_at" is not null)
);
--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_refunds_provider_refund_idx" ON "order_refunds" USING btree ("provider","provider_refund_id");--> statement-breakpoint
CREATE INDEX "order_refunds_order_idx" ON "order_refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_refunds_refunded_idx" ON "order_refunds" USING btree ("refunded_at");--> statement-breakpoint
-- Refunds made before they were recorded one by one were whole: one row per refunded order, for its total, at its refund's time (or its payment's, for the oldest).
INSERT INTO "order_refunds" ("order_id", "amount", "currency", "status", "provider", "created_at", "refunded_at")
SELECT o."id", o."total", o."currency", 'succeeded',
       coalesce((SELECT p."provider" FROM "payments" p WHERE p."order_id" = o."id" AND p."status" = 'Refunded' ORDER BY p."id" LIMIT 1), 'none'),
       coalesce(o."refunded_at", o."paid_at", o."created_at"), coalesce(o."refunded_at", o."paid_at", o."created_at")
FROM "orders" o
WHERE o."status" = 'Refunded';
