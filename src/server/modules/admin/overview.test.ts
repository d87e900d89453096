import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, visitorCall } from '../../../../test/admin.js';
import { createTestApp, type TestApp } from '../../../../test/helpers.js';
import type { Overview } from '../../../shared/analytics.js';
import type { CourseListItem } from '../../../shared/catalog.js';
import {
  abandonedEmails,
  analyticsEvents,
  cartItems,
  carts,
  orderItems,
  orderRefunds,
  orders,
  plans,
  subscriptionTransactions,
  subscriptions,
  users,
} from '../../db/schema/index.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let student: Awaited<ReturnType<typeof signedIn>>;
let courseA: CourseListItem;
let courseB: CourseListItem;

const at = (iso: string) => new Date(iso);
const DAY = 24 * 60 * 60 * 1000;

/**
 * March 2025, two currencies: three course orders paid (one INR order refunded on the 10th), a USD
 * order paid in February and refunded on the 4th, membership charges and a membership refund,
 * three memberships current now (monthly USD, yearly INR, lifetime USD) and one that ended on the
 * 15th, funnel events, carts left behind and a reminder that brought an order back.
 */
async function seedMarch() {
  const db = t.handle.db;
  let n = 0;
  const user = async (createdAt: string, isAdmin = false) => {
    n += 1;
    const [row] = await db
      .insert(users)
      .values({ username: `march-${n}`, email: `march-${n}@example.com`, fullName: `March ${n}`, isAdmin, createdAt: at(createdAt) })
      .returning({ id: users.id, email: users.email });
    return row!;
  };
  const s1 = await user('2025-03-02T08:00:00Z');
  const s2 = await user('2025-03-02T09:00:00Z');
  const s3 = await user('2025-03-05T12:00:00Z');
  await user('2025-03-06T12:00:00Z', true); // an admin is not a new student
  await user('2025-04-01T00:00:00Z'); // after the range

  const order = async (
    buyer: { id: number; email: string },
    values: { status: 'Paid' | 'Refunded' | 'Pending'; currency: string; subtotal: number; total: number; paidAt?: string; refundedAt?: string },
    items: [number, number][],
    /** Its refunds; a Refunded order without any listed has one of its total at refundedAt. */
    refunds: { amount: number; at: string; status?: 'succeeded' | 'failed' | 'pending' }[] = [],
  ) => {
    n += 1;
    const [row] = await db
      .insert(orders)
      .values({
        orderNumber: `MARCH-${n}`,
        userId: buyer.id,
        status: values.status,
        paymentMethod: 'Stripe',
        region: values.currency === 'INR' ? 'IN' : 'US',
        currency: values.currency,
        subtotal: values.subtotal,
        total: values.total,
        fullName: 'Buyer',
        email: buyer.email,
        phoneNumber: '+1 415 555 0100',
        addressLine1: '1 Main St',
        country: 'United States',
        state: 'CA',
        city: 'SF',
        pinCode: '94105',
        createdAt: at(values.paidAt ?? '2025-03-03T00:00:00Z'),
        paidAt: values.paidAt ? at(values.paidAt) : null,
        refundedAt: values.refundedAt ? at(values.refundedAt) : null,
      })
      .returning({ id: orders.id });
    await db.insert(orderItems).values(items.map(([courseId, price]) => ({ orderId: row!.id, courseId, price, regularPrice: price })));
    const made = refunds.length ? refunds : values.status === 'Refunded' ? [{ amount: values.total, at: values.refundedAt! }] : [];
    for (const r of made) {
      const status = r.status ?? 'succeeded';
      await db.insert(orderRefunds).values({
        orderId: row!.id,
        amount: r.amount,
        currency: values.currency,
        status,
        provider: 'stripe',
        createdAt: at(r.at),
        refundedAt: status === 'succeeded' ? at(r.at) : null,
      });
    }
  };
  await order(s1, { status: 'Paid', currency: 'USD', subtotal: 4900, total: 4900, paidAt: '2025-03-02T10:00:00Z' }, [[courseA.id, 4900]]);
  await order(s2, { status: 'Refunded', currency: 'INR', subtotal: 99900, total: 99900, paidAt: '2025-03-03T10:00:00Z', refundedAt: '2025-03-10T10:00:00Z' }, [
    [courseA.id, 99900],
  ]);
  // Half off with a coupon: the discount is shared by the lines (A 1000, B 2000).
  await order(s3, { status: 'Paid', currency: 'USD', subtotal: 6000, total: 3000, paidAt: '2025-03-05T13:00:00Z' }, [
    [courseA.id, 2000],
    [courseB.id, 4000],
  ]);
  await order(s1, { status: 'Pending', currency: 'USD', subtotal: 4900, total: 4900 }, [[courseB.id, 4900]]);
  await order(s2, { status: 'Refunded', currency: 'USD', subtotal: 2500, total: 2500, paidAt: '2025-02-20T10:00:00Z', refundedAt: '2025-03-04T10:00:00Z' }, [
    [courseB.id, 2500],
  ]);
  await order(s3, { status: 'Paid', currency: 'USD', subtotal: 4900, total: 4900, paidAt: '2025-04-02T10:00:00Z' }, [[courseB.id, 4900]]);
  // Paid in February, refunded in parts: $10 on March 12th, $5 on April 5th; an attempt the provider refused and one still waiting count nowhere.
  await order(
    s1,
    { status: 'Paid', currency: 'USD', subtotal: 6000, total: 6000, paidAt: '2025-02-25T10:00:00Z' },
    [[courseB.id, 6000]],
    [
      { amount: 1000, at: '2025-03-12T10:00:00Z' },
      { amount: 2000, at: '2025-03-13T10:00:00Z', status: 'failed' },
      { amount: 300, at: '2025-03-14T10:00:00Z', status: 'pending' },
      { amount: 500, at: '2025-04-05T10:00:00Z' },
    ],
  );

  const planIds = Object.fromEntries((await db.select({ id: plans.id, type: plans.planType }).from(plans)).map((p) => [p.type, p.id]));
  const now = Date.now();
  const membership = async (
    member: { id: number },
    values: {
      plan: 'monthly' | 'yearly' | 'lifetime';
      status: 'active' | 'cancelled';
      currency: string;
      amount: number;
      endDate: Date | null;
      endedAt?: string;
    },
    history: { status: 'active' | 'refunded'; amount: number; at: string }[],
  ) => {
    const [row] = await db
      .insert(subscriptions)
      .values({
        userId: member.id,
        planId: planIds[values.plan]!,
        status: values.status,
        paymentMethod: 'stripe',
        region: values.currency === 'INR' ? 'IN' : 'US',
        currency: values.currency,
        amount: values.amount,
        startDate: at('2025-03-01T00:00:00Z'),
        endDate: values.endDate,
        endedAt: values.endedAt ? at(values.endedAt) : null,
      })
      .returning({ id: subscriptions.id });
    for (const h of history) {
      n += 1;
      await db.insert(subscriptionTransactions).values({
        subscriptionId: row!.id,
        userId: member.id,
        planName: values.plan,
        paymentMethod: 'Stripe',
        currency: values.currency,
        amount: h.amount,
        status: h.status,
        transactionId: `march-tx-${n}`,
        createdAt: at(h.at),
      });
    }
  };
  await membership(s1, { plan: 'monthly', status: 'active', currency: 'USD', amount: 1500, endDate: new Date(now + 10 * DAY) }, [
    { status: 'active', amount: 1500, at: '2025-03-06T10:00:00Z' },
  ]);
  await membership(s2, { plan: 'yearly', status: 'active', currency: 'INR', amount: 120000, endDate: new Date(now + 200 * DAY) }, [
    { status: 'active', amount: 120000, at: '2025-03-07T10:00:00Z' },
  ]);
  await membership(s3, { plan: 'lifetime', status: 'active', currency: 'USD', amount: 29900, endDate: null }, [
    { status: 'active', amount: 29900, at: '2025-03-09T10:00:00Z' },
  ]);
  await membership(
    s3,
    { plan: 'monthly', status: 'cancelled', currency: 'USD', amount: 1500, endDate: at('2025-03-31T00:00:00Z'), endedAt: '2025-03-15T10:00:00Z' },
    [
      { status: 'active', amount: 1500, at: '2025-03-01T10:00:00Z' },
      { status: 'refunded', amount: 1500, at: '2025-03-15T10:00:00Z' },
    ],
  );

  const event = (category: string, action: string, label: string, when = '2025-03-03T12:00:00Z') => ({ category, action, label, createdAt: at(when) });
  await db
    .insert(analyticsEvents)
    .values([
      event('Page', 'View', `/courses/${courseA.slug}`),
      event('Page', 'View', `/courses/${courseA.slug}`),
      event('Page', 'View', `/courses/${courseB.slug}/`),
      event('Page', 'View', `/course/${courseB.slug}`),
      event('Page', 'View', '/courses'),
      event('Page', 'View', `/courses/${courseA.slug}`, '2025-04-03T12:00:00Z'),
      event('API', 'Call', 'POST /add-to-cart/'),
      event('API', 'Call', 'POST /add-to-cart/'),
      event('API', 'Call', 'GET /get-cart-items/x/'),
      event('Page', 'View', '/checkout'),
      event('Page', 'View', '/checkout'),
    ]);

  const cart = async (id: string, addedAt?: string) => {
    await db.insert(carts).values({ id, region: 'US' });
    if (addedAt) await db.insert(cartItems).values({ cartId: id, courseId: courseA.id, createdAt: at(addedAt) });
  };
  await cart('00000000-0000-4000-8000-000000000001', '2025-03-04T10:00:00Z');
  await cart('00000000-0000-4000-8000-000000000002', '2025-03-20T10:00:00Z');
  await cart('00000000-0000-4000-8000-000000000003');
  await cart('00000000-0000-4000-8000-000000000004', '2025-04-20T10:00:00Z');

  await db.insert(abandonedEmails).values([
    {
      email: s3.email.toUpperCase(),
      sendingReason: 'add_to_cart',
      courseIds: [courseB.id],
      sendAfter: at('2025-03-04T09:00:00Z'),
      sentAt: at('2025-03-04T09:00:00Z'),
    },
    {
      email: 'someone@example.com',
      sendingReason: 'checkout',
      courseIds: [courseA.id],
      sendAfter: at('2025-03-20T09:00:00Z'),
      sentAt: at('2025-03-20T09:00:00Z'),
    },
    { email: s1.email, sendingReason: 'checkout', courseIds: [courseA.id], sendAfter: at('2025-03-02T11:00:00Z'), sentAt: at('2025-03-02T11:00:00Z') },
  ]);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, { isAdmin: true });
  student = await signedIn(t);
  const list = (await t.app.inject({ url: '/api/v1/courses/' })).json<CourseListItem[]>().filter((c) => c.course_type === 'paid');
  [courseA, courseB] = [list[0]!, list[1]!];
  await seedMarch();
});
afterAll(() => t.close());

const MARCH = '/admin/overview/?from=2025-03-01&to=2025-03-31';

describe('who may see the overview', () => {
  it.each(['/admin/overview/', '/admin/overview/export.csv'])('%s: 401 to a visitor, 403 to a student', async (url) => {
    expect((await visitorCall(t, 'GET', url)).statusCode).toBe(401);
    expect((await student.call('GET', url)).statusCode).toBe(403);
  });
});

describe('the range', () => {
  it('is the last 30 days, today included, when none is given', async () => {
    const res = await admin.call('GET', '/admin/overview/');
    expect(res.statusCode).toBe(200);
    const body = res.json<Overview>();
    const today = new Date().toISOString().slice(0, 10);
    expect(body.to).toBe(today);
    expect(body.daily).toHaveLength(30);
    expect(body.from).toBe(new Date(Date.parse(today) - 29 * DAY).toISOString().slice(0, 10));
  });

  it('answers a field error for a reversed range, one longer than two years, or something that is not a date', async () => {
    const reversed = await admin.call('GET', '/admin/overview/?from=2025-03-10&to=2025-03-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toEqual({ to: ['The start must be on or before the end.'] });
    const long = await admin.call('GET', '/admin/overview/?from=2020-01-01&to=2025-01-01');
    expect(long.statusCode).toBe(400);
    expect(Object.keys(long.json())).toEqual(['from']);
    for (const junk of ['from=yesterday', 'to=2025-02-30', "from=2025-01-01'%20or%201=1--", 'from=9999999-01-01', `from=${'9'.repeat(5000)}`]) {
      const res = await admin.call('GET', `/admin/overview/?${junk}`);
      expect(res.statusCode, junk).toBe(400);
    }
    expect((await admin.call('GET', '/admin/overview/export.csv?from=2025-03-10&to=2025-03-01')).statusCode).toBe(400);
  });

  it('accepts a single day', async () => {
    const res = await admin.call('GET', '/admin/overview/?from=2025-03-02&to=2025-03-02');
    expect(res.statusCode).toBe(200);
    expect(res.json<Overview>()).toMatchObject({ orders_paid: 1, new_students: 2, daily: [{ date: '2025-03-02', orders_paid: 1, new_students: 2 }] });
  });
});

describe('the numbers for March 2025', () => {
  it('adds up money per currency, never across currencies, with refunds dated when they were made', async () => {
    const body = (await admin.call('GET', MARCH)).json<Overview>();
    expect(body.revenue).toEqual([
      { currency: 'INR', gross: 219900, refunds: 99900, net: 120000, courses: 99900, memberships: 120000 },
      { currency: 'USD', gross: 40800, refunds: 5000, net: 35800, courses: 7900, memberships: 32900 },
    ]);
    expect(body).toMatchObject({ from: '2025-03-01', to: '2025-03-31', orders_paid: 3, refunds: 4, new_students: 3 });
  });

  it("counts each refund, partial ones too, on the day it was made, not its order's; a refused or waiting one nowhere", async () => {
    const body = (await admin.call('GET', MARCH)).json<Overview>();
    const day = (date: string) => body.daily.find((d) => d.date === date)!;
    expect(day('2025-03-12').revenue).toEqual([{ currency: 'USD', gross: 0, refunds: 1000, net: -1000, courses: 0, memberships: 0 }]);
    expect(day('2025-03-13').revenue).toEqual([]);
    expect(day('2025-03-14').revenue).toEqual([]);
    const april = (await admin.call('GET', '/admin/overview/?from=2025-04-01&to=2025-04-30')).json<Overview>();
    expect(april.refunds).toBe(1);
    expect(april.daily.find((d) => d.date === '2025-04-05')!.revenue).toEqual([
      { currency: 'USD', gross: 0, refunds: 500, net: -500, courses: 0, memberships: 0 },
    ]);
    const february = (await admin.call('GET', '/admin/overview/?from=2025-02-01&to=2025-02-28')).json<Overview>();
    expect(february.revenue.find((r) => r.currency === 'USD')).toMatchObject({ gross: 8500, refunds: 0 });
  });

  it('counts current members and their monthly revenue (yearly a twelfth, lifetime none), and the memberships that ended', async () => {
    const body = (await admin.call('GET', MARCH)).json<Overview>();
    expect(body.members).toEqual({
      active: 3,
      mrr: [
        { currency: 'INR', amount: 10000 },
        { currency: 'USD', amount: 1500 },
      ],
      churned: 1,
    });
  });

  it('shows the funnel, the carts left behind and what reminders brought back', async () => {
    const body = (await admin.call('GET', MARCH)).json<Overview>();
    expect(body.funnel).toEqual({ course_views: 4, add_to_cart: 2, checkout_started: 2, paid: 3 });
    // s1's reminder came after its order was paid: not a recovery.
    expect(body.carts).toEqual({ abandoned: 2, reminders_sent: 3, recovered_orders: 1, recovered: [{ currency: 'USD', amount: 3000 }] });
  });

  it('ranks courses by sales in paid orders, with the discount shared by the lines', async () => {
    const body = (await admin.call('GET', MARCH)).json<Overview>();
    expect(body.top_courses).toEqual([
      { course_id: courseA.id, title: courseA.title, slug: courseA.slug, sales: 2, revenue: [{ currency: 'USD', amount: 5900 }] },
      { course_id: courseB.id, title: courseB.title, slug: courseB.slug, sales: 1, revenue: [{ currency: 'USD', amount: 2000 }] },
    ]);
  });

  it('gives every day of the range, empty ones too', async () => {
    const body = (await admin.call('GET', MARCH)).json<Overview>();
    expect(body.daily).toHaveLength(31);
    expect(body.daily[0]).toEqual({
      date: '2025-03-01',
      orders_paid: 0,
      new_students: 0,
      revenue: [{ currency: 'USD', gross: 1500, refunds: 0, net: 1500, courses: 0, memberships: 1500 }],
    });
    expect(body.daily.find((d) => d.date === '2025-03-10')!.revenue).toEqual([
      { currency: 'INR', gross: 0, refunds: 99900, net: -99900, courses: 0, memberships: 0 },
    ]);
    expect(body.daily.find((d) => d.date === '2025-03-11')).toEqual({ date: '2025-03-11', orders_paid: 0, new_students: 0, revenue: [] });
  });
});

describe('the CSV export', () => {
  it('sends the daily series with a total row, as a download', async () => {
    const res = await admin.call('GET', '/admin/overview/export.csv?from=2025-03-01&to=2025-03-31');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="overview-2025-03-01-to-2025-03-31.csv"');
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines).toHaveLength(1 + 31 + 1);
    expect(lines[0]).toBe('date,orders_paid,new_students,gross_INR,refunds_INR,net_INR,gross_USD,refunds_USD,net_USD');
    expect(lines[2]).toBe('2025-03-02,1,2,0.00,0.00,0.00,49.00,0.00,49.00');
    expect(lines.at(-1)).toBe('total,3,3,2199.00,999.00,1200.00,408.00,50.00,358.00');
  });
});
