// Issue 26: nothing in the order path holds a database transaction open across a call to a payment
// provider. The real app runs against the local fakes of Stripe's and Razorpay's APIs; each gateway
// is watched, and every call notes how many transactions the app's database has open at that moment
// (and, on PostgreSQL, how many of the test database's connections sit idle in one meanwhile).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseListItem } from '../../../shared/catalog.js';
import { openTransactions, rowsOf } from '../../db/client.js';
import { insertCoupon } from '../../db/seed/factories.js';
import { createTestApp, createVerifiedUser, freshIp, loginAs, type TestApp } from '../../../../test/helpers.js';
import { guestBilling } from '../../../../test/orders.js';
import { startFakeProviders } from '../../../../test/payments.js';

interface ProviderCall {
  method: string;
  /** Transactions open on the app's database handle when the call was made. */
  openTransactions: number;
  /** PostgreSQL only: connections of the test database idle inside a transaction when the call was made. */
  idleInTransaction?: number;
}

let t: TestApp;
let fake: Awaited<ReturnType<typeof startFakeProviders>>;
let paid: CourseListItem[];
const calls: ProviderCall[] = [];

/** The gateway as the app sees it, each of its calls noted before it goes out. */
function watched<T extends object>(gateway: T, name: string): T {
  return new Proxy(gateway, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const call: ProviderCall = { method: `${name}.${String(property)}`, openTransactions: openTransactions(t.handle.db) };
        calls.push(call);
        const result = (value as (...a: unknown[]) => unknown).apply(target, args);
        if (t.handle.kind !== 'postgres' || !(result instanceof Promise)) return result;
        // While the call is out, no connection of the database may sit in a transaction (the caller's would).
        const open = t.handle.db.execute<{ n: number }>(
          sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'`,
        );
        return Promise.all([result, open]).then(([answer, counted]) => {
          call.idleInTransaction = Number(rowsOf<{ n: number }>(counted)[0]?.n ?? 0);
          return answer;
        });
      };
    },
  });
}

beforeAll(async () => {
  t = await createTestApp({
    env: { GEO_COUNTRY_HEADER: 'cf-ipcountry' },
    setup: async (handle) => {
      fake = await startFakeProviders(handle.db);
      return { stripe: watched(fake.stripe, 'stripe'), razorpay: watched(fake.razorpay, 'razorpay') };
    },
  });
  paid = (await t.app.inject({ url: '/api/v1/courses/' })).json<CourseListItem[]>().filter((c) => c.course_type === 'paid');
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const createOrder = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/v1/create-order/', remoteAddress: freshIp(), payload, headers });

describe('the order path and the payment providers', () => {
  it('the probe sees a transaction when there is one', async () => {
    expect(openTransactions(t.handle.db)).toBe(0);
    await t.handle.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      expect(openTransactions(t.handle.db)).toBe(1);
      await tx.transaction(async () => expect(openTransactions(t.handle.db)).toBe(1));
    });
    expect(openTransactions(t.handle.db)).toBe(0);
    await expect(
      t.handle.db.transaction(async () => {
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(openTransactions(t.handle.db)).toBe(0);
  });

  it('creates, replaces and fails checkouts with no transaction open across any call to Stripe or Razorpay', async () => {
    const course = paid[0]!;
    const price = course.country_price.amount;
    const buyer = await createVerifiedUser(t);
    const auth = { authorization: `Bearer ${(await loginAs(t, buyer.email)).access}` };
    const signedIn: Record<string, unknown> = guestBilling({ email: buyer.email, password: undefined, courses: [course.id], total: price });

    // A signed-in buyer's checkout (one statement, no transaction), then another that replaces it (the first session is expired).
    const first = await createOrder(signedIn, auth);
    expect(first.statusCode, first.body).toBe(201);
    const second = await createOrder(signedIn, auth);
    expect(second.statusCode, second.body).toBe(201);
    expect((await fake.stripeSdk.checkout.sessions.retrieve(first.json().stripe_session_id)).status).toBe('expired');

    // With a coupon (its row locked, its use reserved in a transaction), signed in and as a guest.
    await insertCoupon(t.handle.db, { code: 'NOTXACROSS', discountPercentage: 10 });
    const discounted = Math.round(price * 90) / 100;
    const withCoupon = await createOrder({ ...signedIn, coupon_code: 'NOTXACROSS', total: discounted }, auth);
    expect(withCoupon.statusCode, withCoupon.body).toBe(201);
    const guest = await createOrder(
      guestBilling({ email: `guest-${Date.now()}@example.com`, coupon_code: 'NOTXACROSS', courses: [course.id], total: discounted }),
    );
    expect(guest.statusCode, guest.body).toBe(201);

    // Razorpay in India, twice (the second replaces the first).
    const india = { 'cf-ipcountry': 'IN' };
    const inr = (await t.app.inject({ url: `/api/v1/courses/${course.slug}/`, headers: india })).json<CourseListItem>().country_price.amount;
    const rzpBuyer = await createVerifiedUser(t);
    const rzpAuth = { authorization: `Bearer ${(await loginAs(t, rzpBuyer.email)).access}` };
    const rzp: Record<string, unknown> = guestBilling({
      email: rzpBuyer.email,
      password: undefined,
      payment_method: 'RazorPay',
      courses: [course.id],
      total: inr,
    });
    for (let i = 0; i < 2; i++) {
      const res = await createOrder(rzp, { ...india, ...rzpAuth });
      expect(res.statusCode, res.body).toBe(201);
    }

    // Stripe down: the order is closed as Failed after the failed call, and the buyer gets a 503.
    fake.failNext('POST', '/v1/checkout/sessions', 3);
    const down = await createOrder(signedIn, auth);
    expect(down.statusCode, down.body).toBe(503);

    const methods = new Set(calls.map((c) => c.method));
    for (const method of ['stripe.createCheckoutSession', 'stripe.expireOpenSession', 'razorpay.createOrder']) expect(methods).toContain(method);
    expect(calls.filter((c) => c.openTransactions > 0)).toEqual([]);
    expect(calls.filter((c) => (c.idleInTransaction ?? 0) > 0)).toEqual([]);
  });
});
