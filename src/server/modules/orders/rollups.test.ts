/**
 * The overview's daily roll-ups (order_daily, order_course_daily; decision 0015) against the raw
 * tables they summarise. A varied history is made through the app's own paths (Stripe and
 * Razorpay orders paid through the fakes, a 100% coupon order, part and full refunds from the
 * studio) and by direct writes of the kinds the triggers must follow (past days on both sides of
 * UTC midnight, several currencies, a status changed, a payment moved across midnight by one
 * statement over many rows, items added to and removed from a paid order, refunds settled late,
 * an order deleted). Then the roll-ups must equal the raw tables' sums, the overview's queries
 * must answer what the old per-request queries over the raw tables answered (kept here as the
 * oracle), and buildOverview must answer the same before and after the roll-ups are rebuilt
 * from scratch by the migration's own backfill.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../../../../test/admin.js';
import { createTestApp, type TestApp } from '../../../../test/helpers.js';
import { createOrder, freeCouponOrder, guestBilling } from '../../../../test/orders.js';
import { startFakeProviders } from '../../../../test/payments.js';
import type { CourseDetail, CourseListItem } from '../../../shared/catalog.js';
import type { Config } from '../../config.js';
import { rowsOf, type Db } from '../../db/client.js';
import { orderItems, orderRefunds, orders } from '../../db/schema/index.js';
import { buildOverview } from '../admin/index.js';
import { courseSales, orderMoneyByDay } from './overview.js';

let t: TestApp;
let fake: Awaited<ReturnType<typeof startFakeProviders>>;
let admin: Awaited<ReturnType<typeof signedIn>>;
let paid: CourseListItem[];

beforeAll(async () => {
  t = await createTestApp({
    env: { GEO_COUNTRY_HEADER: 'cf-ipcountry' },
    setup: async (handle) => {
      fake = await startFakeProviders(handle.db);
      return { stripe: fake.stripe, razorpay: fake.razorpay };
    },
  });
  admin = await signedIn(t, { isAdmin: true });
  paid = (await t.app.inject({ url: '/api/v1/courses/' })).json<CourseListItem[]>().filter((c) => c.course_type === 'paid');
  expect(paid.length).toBeGreaterThanOrEqual(2);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
const utcDay = (column: unknown) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;

/** The overview's order money as it was computed before the roll-up, from orders and order_refunds (the oracle). */
async function rawOrderMoneyByDay(db: Db, from: Date, to: Date) {
  const rows = rowsOf<{ day: string; currency: string; gross: string; paid: string; refunds: string; refunded: string }>(
    await db.execute(sql`
    select day, currency,
           coalesce(sum(amount) filter (where kind = 'paid'), 0) as gross,
           count(*) filter (where kind = 'paid') as paid,
           coalesce(sum(amount) filter (where kind = 'refund'), 0) as refunds,
           count(*) filter (where kind = 'refund') as refunded
    from (
      select 'paid' as kind, ${utcDay(orders.paidAt)} as day, ${orders.currency} as currency, ${orders.total} as amount
      from ${orders}
      where ${orders.paidAt} >= ${at(from)} and ${orders.paidAt} < ${at(to)} and ${orders.status} in ('Paid', 'Refunded')
      union all
      select 'refund', ${utcDay(orderRefunds.refundedAt)}, ${orderRefunds.currency}, ${orderRefunds.amount}
      from ${orderRefunds}
      where ${orderRefunds.status} = 'succeeded' and ${orderRefunds.refundedAt} >= ${at(from)} and ${orderRefunds.refundedAt} < ${at(to)}
    ) money
    group by day, currency
    order by day, currency`),
  );
  return rows.map((r) => ({
    day: r.day,
    currency: r.currency,
    gross: Number(r.gross),
    paid: Number(r.paid),
    refunds: Number(r.refunds),
    refunded: Number(r.refunded),
  }));
}

/** The overview's course sales as computed before the roll-up, from orders and order_items (the oracle). */
async function rawCourseSales(db: Db, from: Date, to: Date) {
  const rows = rowsOf<{ course_id: number; currency: string; sales: string; revenue: string }>(
    await db.execute(sql`
    select ${orderItems.courseId} as course_id, ${orders.currency} as currency, count(*) as sales,
           coalesce(round(sum(${orderItems.price}::numeric * ${orders.total} / nullif(${orders.subtotal}, 0))), 0) as revenue
    from ${orderItems} join ${orders} on ${orders.id} = ${orderItems.orderId}
    where ${orders.paidAt} >= ${at(from)} and ${orders.paidAt} < ${at(to)} and ${orders.status} = 'Paid'
    group by ${orderItems.courseId}, ${orders.currency}`),
  );
  return rows.map((r) => ({ courseId: Number(r.course_id), currency: r.currency, sales: Number(r.sales), revenue: Number(r.revenue) }));
}

const byKey = <T extends { courseId: number; currency: string }>(rows: T[]) =>
  [...rows].sort((a, b) => a.courseId - b.courseId || a.currency.localeCompare(b.currency));

/** Rows where the roll-ups and the raw tables' sums differ, over all days (numeric equality: 1.50 = 1.5). */
async function differences(db: Db) {
  const money = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
    with raw as (
      select day, currency, sum(gross) gross, sum(paid) paid, sum(refunds) refunds, sum(refunded) refunded from (
        select (paid_at at time zone 'UTC')::date as day, currency, total::bigint as gross, 1 as paid, 0::bigint as refunds, 0 as refunded
        from orders where status in ('Paid', 'Refunded') and paid_at is not null
        union all
        select (refunded_at at time zone 'UTC')::date, currency, 0, 0, amount, 1 from order_refunds where status = 'succeeded' and refunded_at is not null
      ) m group by day, currency
    ), rolled as (select * from order_daily where paid <> 0 or refunded <> 0)
    select * from raw full join rolled using (day, currency)
    where raw.gross is distinct from rolled.gross or raw.paid is distinct from rolled.paid
       or raw.refunds is distinct from rolled.refunds or raw.refunded is distinct from rolled.refunded`),
  );
  const courses = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
    with raw as (
      select (o.paid_at at time zone 'UTC')::date as day, i.course_id, o.currency, count(*) as sales,
             coalesce(sum(i.price::numeric * o.total / nullif(o.subtotal, 0)), 0) as revenue
      from order_items i join orders o on o.id = i.order_id where o.status = 'Paid' and o.paid_at is not null
      group by 1, 2, 3
    ), rolled as (select * from order_course_daily where sales <> 0 or revenue <> 0)
    select * from raw full join rolled using (day, course_id, currency)
    where raw.sales is distinct from rolled.sales or raw.revenue is distinct from rolled.revenue`),
  );
  return { money, courses };
}

let counter = 0;
const deliverStripe = (event: { id: string; type: string; object: Record<string, unknown> }) => {
  const payload = JSON.stringify({ id: event.id, object: 'event', type: event.type, data: { object: event.object } });
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/webhooks/stripe',
    payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': fake.stripe.signPayload(payload) },
  });
};

/** A guest buys courses through Stripe's checkout (the fake) and Stripe's webhook fulfils the order. */
async function stripeOrder(courses: CourseListItem[]): Promise<string> {
  const email = `rollup-${++counter}@example.com`;
  const total = Math.round(courses.reduce((n, c) => n + c.country_price.amount, 0) * 100) / 100;
  const created = await createOrder(t, guestBilling({ email, courses: courses.map((c) => c.id), total }));
  expect(created.statusCode, created.body).toBe(201);
  const order = created.json<{ order_number: string; stripe_session_id: string }>();
  expect((await fake.server.inject({ method: 'POST', url: `/sandbox/stripe/checkout/${order.stripe_session_id}/pay` })).statusCode).toBe(303);
  expect((await deliverStripe(fake.stripeEvents.at(-1)!)).statusCode).toBe(200);
  return order.order_number;
}

/** A guest in India buys a course through Razorpay's popup (the fake), confirmed by its signed handler result (INR). */
async function razorpayOrder(course: CourseListItem): Promise<string> {
  const india = { 'cf-ipcountry': 'IN' };
  const email = `rollup-rzp-${++counter}@example.com`;
  const price = (await t.app.inject({ url: `/api/v1/courses/${course.slug}/`, headers: india })).json<CourseDetail>().country_price.amount;
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/create-order/',
    headers: india,
    remoteAddress: `10.98.${counter}.1`,
    payload: guestBilling({ email, payment_method: 'RazorPay', country: 'India', courses: [course.id], total: price }),
  });
  expect(created.statusCode, created.body).toBe(201);
  const order = created.json<{ order_number: string; rzp_order: { id: string }; tokens: { access: string } }>();
  const popup = (await fake.server.inject({ method: 'POST', url: `/sandbox/razorpay/orders/${order.rzp_order.id}/pay` })).json<Record<string, string>>();
  const confirmed = await t.app.inject({
    method: 'POST',
    url: '/api/v1/payments/update/',
    headers: { authorization: `Bearer ${order.tokens.access}` },
    payload: {
      payment_method: 'RazorPay',
      order_number: order.order_number,
      order_id: popup.razorpay_order_id,
      payment_id: popup.razorpay_payment_id,
      signature: popup.razorpay_signature,
      payment_status: 'Success',
      total: price,
      currency: 'INR',
    },
  });
  expect(confirmed.json()).toMatchObject({ status: 'Success' });
  return order.order_number;
}

const refund = async (orderNumber: string, amount?: number) => {
  const res = await admin.call('POST', `/admin/orders/${orderNumber}/refund/`, amount === undefined ? {} : { amount });
  expect(res.statusCode, res.body).toBe(200);
};

/** Orders written straight into the tables, as the seed, an import or a fix by hand would. */
async function pastOrder(
  values: { currency: string; status: 'Paid' | 'Refunded' | 'Pending'; paidAt?: string; subtotal: number; total: number },
  items: [number, number][],
) {
  const db = t.handle.db;
  const [row] = await db
    .insert(orders)
    .values({
      orderNumber: `ROLLUP-${++counter}`,
      userId: admin.user.id,
      status: values.status,
      paymentMethod: 'Stripe',
      region: values.currency === 'INR' ? 'IN' : values.currency === 'EUR' ? 'EU' : 'US',
      currency: values.currency,
      subtotal: values.subtotal,
      total: values.total,
      fullName: 'Past Buyer',
      email: 'past@example.com',
      phoneNumber: '+1 415 555 0100',
      addressLine1: '1 Main St',
      country: 'United States',
      state: 'CA',
      city: 'SF',
      pinCode: '94105',
      createdAt: new Date(values.paidAt ?? '2025-12-30T00:00:00Z'),
      paidAt: values.paidAt ? new Date(values.paidAt) : null,
    })
    .returning({ id: orders.id });
  if (items.length) await db.insert(orderItems).values(items.map(([courseId, price]) => ({ orderId: row!.id, courseId, price, regularPrice: price })));
  return row!.id;
}

const pastRefund = async (
  orderId: number,
  currency: string,
  amount: number,
  refundedAt: string | null,
  status: 'succeeded' | 'pending' | 'failed' = 'succeeded',
) => {
  const [row] = await t.handle.db
    .insert(orderRefunds)
    .values({
      orderId,
      amount,
      currency,
      status,
      provider: 'stripe',
      createdAt: new Date(refundedAt ?? '2026-01-01T00:00:00Z'),
      refundedAt: refundedAt ? new Date(refundedAt) : null,
    })
    .returning({ id: orderRefunds.id });
  return row!.id;
};

describe('the overview roll-ups', () => {
  it('stay equal to the raw tables through every kind of write, and the overview answers as it did from the raw tables', async () => {
    const db = t.handle.db;
    const [a, b] = paid as [CourseListItem, CourseListItem];

    // Through the app: paid orders (USD one and two courses, INR), a free coupon order, part and full refunds.
    const one = await stripeOrder([a]);
    const two = await stripeOrder([a, b]);
    const three = await stripeOrder([b]);
    const india = await razorpayOrder(a);
    await freeCouponOrder(t, { email: `rollup-free-${++counter}@example.com` });
    await refund(one, 1); // part
    await refund(two); // whole: the order is Refunded, its course sales leave the day it was paid
    await refund(india, 100); // part, INR
    await refund(india); // the rest: closes the order
    await stripeOrder([a]); // still Paid
    expect(three).toBeTruthy();

    // Straight into the tables: days on both sides of UTC midnight, three currencies, coupons' shares.
    const lastOfYear = await pastOrder({ currency: 'USD', status: 'Paid', paidAt: '2025-12-31T23:59:59.999Z', subtotal: 7000, total: 3500 }, [
      [a.id, 3000],
      [b.id, 4000],
    ]);
    const newYear = await pastOrder({ currency: 'EUR', status: 'Paid', paidAt: '2026-01-01T00:00:00Z', subtotal: 3333, total: 1000 }, [
      [a.id, 1111],
      [b.id, 2222],
    ]);
    const refundedLater = await pastOrder({ currency: 'INR', status: 'Paid', paidAt: '2025-12-31T18:30:00Z', subtotal: 99900, total: 99900 }, [[a.id, 99900]]);
    const pending = await pastOrder({ currency: 'USD', status: 'Pending', subtotal: 4900, total: 4900 }, [[b.id, 4900]]);
    const toDelete = await pastOrder({ currency: 'EUR', status: 'Paid', paidAt: '2025-11-15T12:00:00Z', subtotal: 5000, total: 5000 }, [
      [a.id, 2500],
      [b.id, 2500],
    ]);
    await pastOrder({ currency: 'USD', status: 'Paid', paidAt: '2025-12-01T00:00:00Z', subtotal: 0, total: 0 }, [[b.id, 0]]);
    await pastRefund(toDelete, 'EUR', 1000, '2025-12-01T09:00:00Z');

    // A refund made at midnight's edge, one settled later (pending, then succeeded), one that failed.
    await pastRefund(newYear, 'EUR', 300, '2025-12-31T23:59:59.999Z');
    const late = await pastRefund(lastOfYear, 'USD', 500, null, 'pending');
    await pastRefund(lastOfYear, 'USD', 700, null, 'failed');
    await db
      .update(orderRefunds)
      .set({ status: 'succeeded', refundedAt: new Date('2026-01-02T00:00:00Z') })
      .where(eq(orderRefunds.id, late));

    // Refunded in full later: status and the refund in one transaction, as the app does.
    await db.transaction(async (tx) => {
      await tx.insert(orderRefunds).values({
        orderId: refundedLater,
        amount: 99900,
        currency: 'INR',
        status: 'succeeded',
        provider: 'stripe',
        refundedAt: new Date('2026-01-03T05:00:00Z'),
      });
      await tx
        .update(orders)
        .set({ status: 'Refunded', refundedAt: new Date('2026-01-03T05:00:00Z') })
        .where(eq(orders.id, refundedLater));
    });

    // The pending order is paid late; a paid order gains a course and loses another.
    await db
      .update(orders)
      .set({ status: 'Paid', paidAt: new Date('2026-01-01T23:59:59Z') })
      .where(eq(orders.id, pending));
    await db.delete(orderItems).where(sql`${orderItems.orderId} = ${newYear} and ${orderItems.courseId} = ${b.id}`);
    await db.insert(orderItems).values({ orderId: newYear, courseId: (paid[2] ?? b).id, price: 1000, regularPrice: 1000 });

    // One statement over many rows: every EUR payment moved an hour later (newYear's stays on the 1st, toDelete's day too).
    await db.execute(sql`update orders set paid_at = paid_at + interval '1 hour' where currency = 'EUR' and paid_at is not null`);
    // And back across midnight: the last second of the year becomes the first of the next.
    await db.execute(sql`update orders set paid_at = paid_at + interval '1 millisecond' where id = ${lastOfYear}`);
    // Writes that change no share write nothing (and must not break anything).
    await db.execute(sql`update orders set full_name = full_name || '.' where currency in ('USD', 'INR')`);

    // An order deleted with its items and refunds.
    await db.delete(orders).where(inArray(orders.id, [toDelete]));

    expect(await differences(db)).toEqual({ money: [], courses: [] });

    // The overview's queries answer what the raw tables answered, over several ranges.
    const now = new Date();
    const midnight = new Date(`${now.toISOString().slice(0, 10)}T00:00:00Z`);
    const ranges: [Date, Date][] = [
      [new Date('2025-12-31T00:00:00Z'), new Date('2026-01-01T00:00:00Z')],
      [new Date('2026-01-01T00:00:00Z'), new Date('2026-01-02T00:00:00Z')],
      [new Date('2025-11-01T00:00:00Z'), new Date('2026-02-01T00:00:00Z')],
      ...[30, 365, 730].map((days): [Date, Date] => [new Date(midnight.getTime() - (days - 1) * 86_400_000), new Date(midnight.getTime() + 86_400_000)]),
      [new Date('2024-01-01T00:00:00Z'), new Date(midnight.getTime() + 86_400_000)],
    ];
    for (const [from, to] of ranges) {
      expect(await orderMoneyByDay(db, from, to)).toEqual(await rawOrderMoneyByDay(db, from, to));
      expect(byKey(await courseSales(db, from, to))).toEqual(byKey(await rawCourseSales(db, from, to)));
    }
    // Something was counted in each: the comparison is not of two empty lists.
    expect((await rawOrderMoneyByDay(db, ranges[2]![0], ranges[2]![1])).map((r) => r.currency)).toEqual(expect.arrayContaining(['EUR', 'INR', 'USD']));
    expect((await rawCourseSales(db, ranges[3]![0], ranges[3]![1])).length).toBeGreaterThan(0);

    // The whole overview, from the roll-ups kept by the triggers and from roll-ups rebuilt from scratch by the migration's backfill.
    const config = { abandonedCartDelayMs: 60 * 60 * 1000 } as Config;
    const queries = [
      {},
      { from: '2025-11-01', to: '2026-01-31' },
      { from: '2025-12-31', to: '2026-01-01' },
      { from: isoDaysAgo(364) },
      { from: isoDaysAgo(729) },
    ];
    const kept = await Promise.all(queries.map((q) => buildOverview({ db, config }, q, now)));
    await rebuildFromScratch(db);
    expect(await differences(db)).toEqual({ money: [], courses: [] });
    const rebuilt = await Promise.all(queries.map((q) => buildOverview({ db, config }, q, now)));
    expect(kept).toEqual(rebuilt);
    expect(kept[1]!.revenue.map((r) => r.currency)).toEqual(['EUR', 'INR', 'USD']);
  });
});

const isoDaysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/** Empties the roll-ups and runs the migration's backfill statements again. */
async function rebuildFromScratch(db: Db) {
  const file = readFileSync(path.join(import.meta.dirname, '../../db/migrations/0028_order_rollups.sql'), 'utf8');
  const backfill = file
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter((s) => /^(--.*\n)*INSERT INTO order_(course_)?daily/.test(s));
  expect(backfill).toHaveLength(2);
  await db.execute(sql`delete from order_daily`);
  await db.execute(sql`delete from order_course_daily`);
  for (const statement of backfill) await db.execute(sql.raw(statement));
}
