CREATE TABLE "order_course_daily" (
	"day" date NOT NULL,
	"course_id" integer NOT NULL,
	"currency" text NOT NULL,
	"sales" integer DEFAULT 0 NOT NULL,
	"revenue" numeric DEFAULT '0' NOT NULL,
	CONSTRAINT "order_course_daily_day_course_id_currency_pk" PRIMARY KEY("day","course_id","currency")
);
--> statement-breakpoint
CREATE TABLE "order_daily" (
	"day" date NOT NULL,
	"currency" text NOT NULL,
	"gross" bigint DEFAULT 0 NOT NULL,
	"paid" integer DEFAULT 0 NOT NULL,
	"refunds" bigint DEFAULT 0 NOT NULL,
	"refunded" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "order_daily_day_currency_pk" PRIMARY KEY("day","currency")
);
--> statement-breakpoint
CREATE INDEX "subscription_transactions_created_idx" ON "subscription_transactions" USING btree ("created_at");--> statement-breakpoint
-- The overview's roll-ups (decision 0015) are kept by these triggers, in the transaction of every
-- write to orders, order_items and order_refunds, whoever makes it. A row's share of a roll-up
-- depends only on the row (and for course sales on its order and items), so each statement adds
-- what its new rows bring and takes away what its old rows brought; an update that changes no
-- share writes nothing. A deleted order's course sales are taken away before the row goes (its
-- items are deleted with it, after which neither side could find the other).
--> statement-breakpoint
CREATE FUNCTION "orders_rollup"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH changed AS (
      SELECT (r.paid_at AT TIME ZONE 'UTC')::date AS day, r.currency, r.total::bigint AS amount, 1 AS n
      FROM new_rows r WHERE r.status IN ('Paid', 'Refunded') AND r.paid_at IS NOT NULL
    )
    INSERT INTO order_daily AS d (day, currency, gross, paid)
    SELECT day, currency, sum(amount), sum(n) FROM changed GROUP BY day, currency HAVING sum(amount) <> 0 OR sum(n) <> 0
    ON CONFLICT (day, currency) DO UPDATE SET gross = d.gross + excluded.gross, paid = d.paid + excluded.paid;
    WITH changed AS (
      SELECT (r.paid_at AT TIME ZONE 'UTC')::date AS day, i.course_id, r.currency, 1 AS n,
             (i.price::numeric * r.total / nullif(r.subtotal, 0)) AS revenue
      FROM new_rows r JOIN order_items i ON i.order_id = r.id WHERE r.status = 'Paid' AND r.paid_at IS NOT NULL
    )
    INSERT INTO order_course_daily AS d (day, course_id, currency, sales, revenue)
    SELECT day, course_id, currency, sum(n), coalesce(sum(revenue), 0) FROM changed GROUP BY day, course_id, currency
    HAVING sum(n) <> 0 OR coalesce(sum(revenue), 0) <> 0
    ON CONFLICT (day, course_id, currency) DO UPDATE SET sales = d.sales + excluded.sales, revenue = d.revenue + excluded.revenue;
  ELSIF TG_OP = 'UPDATE' THEN
    WITH changed AS (
      SELECT (r.paid_at AT TIME ZONE 'UTC')::date AS day, r.currency, r.total::bigint AS amount, 1 AS n
      FROM new_rows r WHERE r.status IN ('Paid', 'Refunded') AND r.paid_at IS NOT NULL
      UNION ALL
      SELECT (r.paid_at AT TIME ZONE 'UTC')::date AS day, r.currency, -r.total::bigint AS amount, -1 AS n
      FROM old_rows r WHERE r.status IN ('Paid', 'Refunded') AND r.paid_at IS NOT NULL
    )
    INSERT INTO order_daily AS d (day, currency, gross, paid)
    SELECT day, currency, sum(amount), sum(n) FROM changed GROUP BY day, currency HAVING sum(amount) <> 0 OR sum(n) <> 0
    ON CONFLICT (day, currency) DO UPDATE SET gross = d.gross + excluded.gross, paid = d.paid + excluded.paid;
    WITH changed AS (
      SELECT (r.paid_at AT TIME ZONE 'UTC')::date AS day, i.course_id, r.currency, 1 AS n,
             (i.price::numeric * r.total / nullif(r.subtotal, 0)) AS revenue
      FROM new_rows r JOIN order_items i ON i.order_id = r.id WHERE r.status = 'Paid' AND r.paid_at IS NOT NULL
      UNION ALL
      SELECT (r.paid_at AT TIME ZONE 'UTC')::date AS day, i.course_id, r.currency, -1 AS n,
             -(i.price::numeric * r.total / nullif(r.subtotal, 0)) AS revenue
      FROM old_rows r JOIN order_items i ON i.order_id = r.id WHERE r.status = 'Paid' AND r.paid_at IS NOT NULL
    )
    INSERT INTO order_course_daily AS d (day, course_id, currency, sales, revenue)
    SELECT day, course_id, currency, sum(n), coalesce(sum(revenue), 0) FROM changed GROUP BY day, course_id, currency
    HAVING sum(n) <> 0 OR coalesce(sum(revenue), 0) <> 0
    ON CONFLICT (day, course_id, currency) DO UPDATE SET sales = d.sales + excluded.sales, revenue = d.revenue + excluded.revenue;
  ELSE
    WITH changed AS (
      SELECT (r.paid_at AT TIME ZONE 'UTC')::date AS day, r.currency, -r.total::bigint AS amount, -1 AS n
      FROM old_rows r WHERE r.status IN ('Paid', 'Refunded') AND r.paid_at IS NOT NULL
    )
    INSERT INTO order_daily AS d (day, currency, gross, paid)
    SELECT day, currency, sum(amount), sum(n) FROM changed GROUP BY day, currency HAVING sum(amount) <> 0 OR sum(n) <> 0
    ON CONFLICT (day, currency) DO UPDATE SET gross = d.gross + excluded.gross, paid = d.paid + excluded.paid;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "order_refunds_rollup"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH changed AS (
      SELECT (r.refunded_at AT TIME ZONE 'UTC')::date AS day, r.currency, r.amount::bigint AS amount, 1 AS n
      FROM new_rows r WHERE r.status = 'succeeded' AND r.refunded_at IS NOT NULL
    )
    INSERT INTO order_daily AS d (day, currency, refunds, refunded)
    SELECT day, currency, sum(amount), sum(n) FROM changed GROUP BY day, currency HAVING sum(amount) <> 0 OR sum(n) <> 0
    ON CONFLICT (day, currency) DO UPDATE SET refunds = d.refunds + excluded.refunds, refunded = d.refunded + excluded.refunded;
  ELSIF TG_OP = 'UPDATE' THEN
    WITH changed AS (
      SELECT (r.refunded_at AT TIME ZONE 'UTC')::date AS day, r.currency, r.amount::bigint AS amount, 1 AS n
      FROM new_rows r WHERE r.status = 'succeeded' AND r.refunded_at IS NOT NULL
      UNION ALL
      SELECT (r.refunded_at AT TIME ZONE 'UTC')::date AS day, r.currency, -r.amount::bigint AS amount, -1 AS n
      FROM old_rows r WHERE r.status = 'succeeded' AND r.refunded_at IS NOT NULL
    )
    INSERT INTO order_daily AS d (day, currency, refunds, refunded)
    SELECT day, currency, sum(amount), sum(n) FROM changed GROUP BY day, currency HAVING sum(amount) <> 0 OR sum(n) <> 0
    ON CONFLICT (day, currency) DO UPDATE SET refunds = d.refunds + excluded.refunds, refunded = d.refunded + excluded.refunded;
  ELSE
    WITH changed AS (
      SELECT (r.refunded_at AT TIME ZONE 'UTC')::date AS day, r.currency, -r.amount::bigint AS amount, -1 AS n
      FROM old_rows r WHERE r.status = 'succeeded' AND r.refunded_at IS NOT NULL
    )
    INSERT INTO order_daily AS d (day, currency, refunds, refunded)
    SELECT day, currency, sum(amount), sum(n) FROM changed GROUP BY day, currency HAVING sum(amount) <> 0 OR sum(n) <> 0
    ON CONFLICT (day, currency) DO UPDATE SET refunds = d.refunds + excluded.refunds, refunded = d.refunded + excluded.refunded;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "order_items_rollup"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH changed AS (
      SELECT (r.paid_at AT TIME ZONE 'UTC')::date AS day, i.course_id, r.currency, 1 AS n,
             (i.price::numeric * r.total / nullif(r.subtotal, 0)) AS revenue
      FROM new_rows i JOIN orders r ON r.id = i.order_id WHERE r.status = 'Paid' AND r.paid_at IS NOT NULL
    )
    INSERT INTO order_course_daily AS d (day, course_id, currency, sales, revenue)
    SELECT day, course_id, currency, sum(n), coalesce(sum(revenue), 0) FROM changed GROUP BY day, course_id, currency
    HAVING sum(n) <> 0 OR coalesce(sum(revenue), 0) <> 0
    ON CONFLICT (day, course_id, currency) DO UPDATE SET sales = d.sales + excluded.sales, revenue = d.revenue + excluded.revenue;
  ELSIF TG_OP = 'UPDATE' THEN
    WITH changed AS (
      SELECT (r.paid_at AT TIME ZONE 'UTC')::date AS day, i.course_id, r.currency, 1 AS n,
             (i.price::numeric * r.total / nullif(r.subtotal, 0)) AS revenue
      FROM new_rows i JOIN orders r ON r.id = i.order_id WHERE r.status = 'Paid' AND r.paid_at IS NOT NULL
      UNION ALL
      SELECT (r.paid_at AT TIME ZONE 'UTC')::date AS day, i.course_id, r.currency, -1 AS n,
             -(i.price::numeric * r.total / nullif(r.subtotal, 0)) AS revenue
      FROM old_rows i JOIN orders r ON r.id = i.order_id WHERE r.status = 'Paid' AND r.paid_at IS NOT NULL
    )
    INSERT INTO order_course_daily AS d (day, course_id, currency, sales, revenue)
    SELECT day, course_id, currency, sum(n), coalesce(sum(revenue), 0) FROM changed GROUP BY day, course_id, currency
    HAVING sum(n) <> 0 OR coalesce(sum(revenue), 0) <> 0
    ON CONFLICT (day, course_id, currency) DO UPDATE SET sales = d.sales + excluded.sales, revenue = d.revenue + excluded.revenue;
  ELSE
    WITH changed AS (
      SELECT (r.paid_at AT TIME ZONE 'UTC')::date AS day, i.course_id, r.currency, -1 AS n,
             -(i.price::numeric * r.total / nullif(r.subtotal, 0)) AS revenue
      FROM old_rows i JOIN orders r ON r.id = i.order_id WHERE r.status = 'Paid' AND r.paid_at IS NOT NULL
    )
    INSERT INTO order_course_daily AS d (day, course_id, currency, sales, revenue)
    SELECT day, course_id, currency, sum(n), coalesce(sum(revenue), 0) FROM changed GROUP BY day, course_id, currency
    HAVING sum(n) <> 0 OR coalesce(sum(revenue), 0) <> 0
    ON CONFLICT (day, course_id, currency) DO UPDATE SET sales = d.sales + excluded.sales, revenue = d.revenue + excluded.revenue;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "orders_rollup_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'Paid' AND OLD.paid_at IS NOT NULL THEN
    WITH changed AS (
        SELECT (r.paid_at AT TIME ZONE 'UTC')::date AS day, i.course_id, r.currency, -1 AS n,
               -(i.price::numeric * r.total / nullif(r.subtotal, 0)) AS revenue
        FROM (SELECT OLD.id, OLD.currency, OLD.total, OLD.subtotal, OLD.status, OLD.paid_at) r JOIN order_items i ON i.order_id = r.id WHERE r.status = 'Paid' AND r.paid_at IS NOT NULL
      )
      INSERT INTO order_course_daily AS d (day, course_id, currency, sales, revenue)
      SELECT day, course_id, currency, sum(n), coalesce(sum(revenue), 0) FROM changed GROUP BY day, course_id, currency
      HAVING sum(n) <> 0 OR coalesce(sum(revenue), 0) <> 0
      ON CONFLICT (day, course_id, currency) DO UPDATE SET sales = d.sales + excluded.sales, revenue = d.revenue + excluded.revenue;
  END IF;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER "orders_rollup_insert" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "orders_rollup"();
--> statement-breakpoint
CREATE TRIGGER "orders_rollup_update" AFTER UPDATE ON "orders" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "orders_rollup"();
--> statement-breakpoint
CREATE TRIGGER "orders_rollup_delete" AFTER DELETE ON "orders" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "orders_rollup"();
--> statement-breakpoint
CREATE TRIGGER "order_refunds_rollup_insert" AFTER INSERT ON "order_refunds" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "order_refunds_rollup"();
--> statement-breakpoint
CREATE TRIGGER "order_refunds_rollup_update" AFTER UPDATE ON "order_refunds" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "order_refunds_rollup"();
--> statement-breakpoint
CREATE TRIGGER "order_refunds_rollup_delete" AFTER DELETE ON "order_refunds" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "order_refunds_rollup"();
--> statement-breakpoint
CREATE TRIGGER "order_items_rollup_insert" AFTER INSERT ON "order_items" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "order_items_rollup"();
--> statement-breakpoint
CREATE TRIGGER "order_items_rollup_update" AFTER UPDATE ON "order_items" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "order_items_rollup"();
--> statement-breakpoint
CREATE TRIGGER "order_items_rollup_delete" AFTER DELETE ON "order_items" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "order_items_rollup"();
--> statement-breakpoint
CREATE TRIGGER "orders_rollup_delete_courses" BEFORE DELETE ON "orders" FOR EACH ROW EXECUTE FUNCTION "orders_rollup_delete"();
--> statement-breakpoint
-- What was there before the triggers.
INSERT INTO order_daily (day, currency, gross, paid, refunds, refunded)
SELECT day, currency, sum(gross), sum(paid), sum(refunds), sum(refunded) FROM (
  SELECT (paid_at AT TIME ZONE 'UTC')::date AS day, currency, total::bigint AS gross, 1 AS paid, 0::bigint AS refunds, 0 AS refunded
  FROM orders WHERE status IN ('Paid', 'Refunded') AND paid_at IS NOT NULL
  UNION ALL
  SELECT (refunded_at AT TIME ZONE 'UTC')::date, currency, 0, 0, amount::bigint, 1
  FROM order_refunds WHERE status = 'succeeded' AND refunded_at IS NOT NULL
) money GROUP BY day, currency;
--> statement-breakpoint
INSERT INTO order_course_daily (day, course_id, currency, sales, revenue)
SELECT (r.paid_at AT TIME ZONE 'UTC')::date, i.course_id, r.currency, count(*), coalesce(sum(i.price::numeric * r.total / nullif(r.subtotal, 0)), 0)
FROM orders r JOIN order_items i ON i.order_id = r.id WHERE r.status = 'Paid' AND r.paid_at IS NOT NULL
GROUP BY 1, 2, 3;
