CREATE UNIQUE INDEX "coupons_code_upper_idx" ON "coupons" USING btree (upper("code"));--> statement-breakpoint
CREATE INDEX "orders_coupon_idx" ON "orders" USING btree ("coupon_id","status");