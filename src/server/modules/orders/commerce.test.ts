import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseListItem } from '../../../shared/catalog.js';
import { commerceMessages } from '../../../shared/commerce.js';
import { coupons, devMailbox, enrolments, orders, payments, providerEvents, users } from '../../db/schema/index.js';
import { insertCoupon } from '../../db/seed/factories.js';
import { createTestApp, createVerifiedUser, freshIp, latestEmail, linkIn, loginAs, STRONG_PASSWORD, type TestApp } from '../../../../test/helpers.js';
import { startFakeProviders } from '../../../../test/payments.js';
import { guestBilling } from '../../../../test/orders.js';

let t: TestApp;
let fake: Awaited<ReturnType<typeof startFakeProviders>>;
let paid: CourseListItem[];

beforeAll(async () => {
  t = await createTestApp({
    env: { GEO_COUNTRY_HEADER: 'cf-ipcountry' },
    setup: async (handle) => {
      fake = await startFakeProviders(handle.db);
      return { stripe: fake.stripe, razorpay: fake.razorpay };
    },
  });
  paid = (await t.app.inject({ url: '/api/v1/courses/' })).json<CourseListItem[]>().filter((c) => c.course_type === 'paid');
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

type Headers = Record<string, string>;
const api = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, headers: Headers = {}) =>
  t.app.inject({ method, url: `/api/v1${url}`, payload: payload as object, headers, remoteAddress: freshIp() });

let guestCounter = 0;
const billing = (overrides: Record<string, unknown> = {}) => guestBilling({ email: `buyer${++guestCounter}-${Date.now()}@example.com`, ...overrides });

const orderCount = async () => (await t.handle.db.select().from(orders)).length;
const enrolled = async (userId: number, courseId: number) =>
  (
    await t.handle.db
      .select()
      .from(enrolments)
      .where(and(eq(enrolments.userId, userId), eq(enrolments.courseId, courseId), isNull(enrolments.revokedAt)))
  ).length;

/** Delivers a collected fake-Stripe event to our webhook, signed as Stripe signs it. */
async function deliverStripe(event: { id: string; type: string; object: Record<string, unknown> }, signature?: string) {
  const payload = JSON.stringify({ id: event.id, object: 'event', type: event.type, data: { object: event.object } });
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/webhooks/stripe',
    payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature ?? fake.stripe.signPayload(payload) },
  });
}

/**
 * A guest's checkout of one course with a new once-per-buyer 10% coupon: the form (to check out again with), the total
 * and the created order. `price` and `headers` for another region's checkout (Razorpay in India).
 */
async function checkoutWithOnceCoupon(
  code: string,
  course: CourseListItem,
  options: { price?: number; headers?: Record<string, string>; payment_method?: string } = {},
) {
  await insertCoupon(t.handle.db, { code, discountPercentage: 10, maxUsesPerUser: 1 });
  const total = Math.round((options.price ?? course.country_price.amount) * 90) / 100;
  const form = billing({ coupon_code: code, ...(options.payment_method ? { payment_method: options.payment_method } : {}) });
  const res = await api('POST', '/create-order/', { ...form, courses: [course.id], total }, options.headers);
  expect(res.statusCode, res.body).toBe(201);
  return { form, total, order: res.json(), auth: { authorization: `Bearer ${res.json().tokens.access}` } };
}

async function payOnFakeStripe(sessionId: string) {
  const res = await fake.server.inject({ method: 'POST', url: `/sandbox/stripe/checkout/${sessionId}/pay` });
  expect(res.statusCode).toBe(303);
  return fake.stripeEvents.at(-1)!;
}

describe('cart', () => {
  it('adds a paid course once, prices the cart on the server, removes by item id and totals', async () => {
    const cartId = randomUUID();
    const [a, b] = paid;
    expect((await api('POST', '/add-to-cart/', { course_id: a!.id, cart_id: cartId })).json()).toEqual({ message: 'added_to_cart', cart_items_count: 1 });
    expect((await api('POST', '/add-to-cart/', { course_id: a!.id, cart_id: cartId })).json()).toEqual({ message: 'already_in_cart', cart_items_count: 1 });
    await api('POST', '/add-to-cart/', { course_id: b!.id, cart_id: cartId });
    const cart = (await api('GET', `/get-cart-items/${cartId}/?ip=1.2.3.4`, undefined, { 'cf-ipcountry': 'IN' })).json();
    expect(cart.items).toHaveLength(2);
    expect(cart.currency).toBe('INR');
    expect(cart.items[0].country_price.currency).toBe('INR');
    const total = (
      await api('GET', `/calculate-total/?cart_items=${cart.items.map((i: { item_id: string }) => i.item_id).join(',')}`, undefined, { 'cf-ipcountry': 'IN' })
    ).json();
    expect(total.total).toBeCloseTo(cart.total, 2);
    expect((await api('DELETE', `/cart-items/${cart.items[0].item_id}/`, { cart_item_id: cart.items[0].item_id })).json().cart_items_count).toBe(1);
    expect((await api('DELETE', `/cart-items/${cart.items[0].item_id}/`)).statusCode).toBe(404);
  });

  it('keeps free courses out and refuses bad ids', async () => {
    const free = (await t.app.inject({ url: '/api/v1/courses/' })).json<CourseListItem[]>().find((c) => c.course_type === 'free')!;
    const res = await api('POST', '/add-to-cart/', { course_id: free.id, cart_id: randomUUID() });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ course_id: [commerceMessages.freeCourseNotInCart] });
    expect((await api('POST', '/add-to-cart/', { course_id: 999999, cart_id: randomUUID() })).statusCode).toBe(404);
    expect((await api('POST', '/add-to-cart/', { course_id: paid[0]!.id, cart_id: 'not-a-uuid' })).json()).toHaveProperty('cart_id');
  });

  it("merges a guest cart into the user's cart on login and drops courses the user owns", async () => {
    const user = await createVerifiedUser(t);
    const { access } = await loginAs(t, user.email);
    const auth = { authorization: `Bearer ${access}` };
    const older = randomUUID();
    await api('POST', '/add-to-cart/', { course_id: paid[2]!.id, cart_id: older }, auth);
    const guestCart = randomUUID();
    await api('POST', '/add-to-cart/', { course_id: paid[3]!.id, cart_id: guestCart });
    await api('POST', '/add-to-cart/', { course_id: paid[4]!.id, cart_id: guestCart });
    await t.handle.db.insert(enrolments).values({ userId: user.id, courseId: paid[4]!.id, source: 'admin' });
    const merged = (await api('GET', `/get-cart-items/${guestCart}/`, undefined, auth)).json();
    expect(merged.items.map((i: { course_id: number }) => i.course_id).sort()).toEqual([paid[2]!.id, paid[3]!.id].sort());
  });
});

describe('coupons', () => {
  it('answers a valid code with its percentage and an invalid one with errors', async () => {
    expect((await api('POST', '/coupon/', { coupon_code: 'welcome10' })).json()).toMatchObject({ discount_percentage: 10 });
    expect((await api('POST', '/coupon/', { coupon_code: 'EXPIRED20' })).json()).toEqual({ errors: [commerceMessages.couponExpired] });
    expect((await api('POST', '/coupon/', { coupon_code: 'NOPE' })).json()).toEqual({ errors: [commerceMessages.couponNotFound] });
  });
});

describe('create-order and Stripe', () => {
  it('refuses a tampered total, a free or unknown course and a missing field, writing nothing', async () => {
    const before = await orderCount();
    const userCount = (await t.handle.db.select().from(users)).length;
    const cheap = await api('POST', '/create-order/', { ...billing(), courses: [paid[0]!.id], total: 1 });
    expect(cheap.statusCode).toBe(400);
    expect(cheap.json()).toEqual({ total: [commerceMessages.totalChanged] });
    expect((await api('POST', '/create-order/', { ...billing(), courses: [999999], total: 0 })).statusCode).toBe(400);
    const missing = await api('POST', '/create-order/', {
      ...billing({ city: ' ', email: 'not-an-email' }),
      courses: [paid[0]!.id],
      total: paid[0]!.country_price.amount,
    });
    expect(missing.json()).toMatchObject({ city: [commerceMessages.required], email: [commerceMessages.emailInvalid] });
    const weak = await api('POST', '/create-order/', { ...billing({ password: 'weak' }), courses: [paid[0]!.id], total: paid[0]!.country_price.amount });
    expect(weak.json()).toHaveProperty('password');
    expect(await orderCount()).toBe(before);
    expect((await t.handle.db.select().from(users)).length).toBe(userCount);
  });

  it('a guest pays through Stripe: the order is fulfilled once whatever the webhook replays', async () => {
    const course = paid[0]!;
    const form = billing();
    const res = await api('POST', '/create-order/', { ...form, courses: [course.id], total: course.country_price.amount });
    expect(res.statusCode).toBe(201);
    const order = res.json();
    expect(order).toMatchObject({ payment_method: 'Stripe', currency: 'USD', order_status: 'Pending', rzp_order: null });
    expect(order.stripe_session_id).toMatch(/^cs_test_/);
    expect(order.tokens.access).toBeTruthy();
    const auth = { authorization: `Bearer ${order.tokens.access}` };

    const early = (
      await api('POST', '/payments/update/', { payment_method: 'Stripe', session_id: order.stripe_session_id, order_number: order.order_number }, auth)
    ).json();
    expect(early.status).toBe('Pending');

    const event = await payOnFakeStripe(order.stripe_session_id);
    for (let i = 0; i < 5; i++) expect((await deliverStripe(event)).statusCode).toBe(200);
    const [buyer] = await t.handle.db.select().from(users).where(eq(users.email, form.email));
    expect(await enrolled(buyer!.id, course.id)).toBe(1);
    await latestEmail(t, form.email);
    const receipts = (await t.handle.db.select().from(devMailbox).where(eq(devMailbox.to, form.email))).filter((m) => m.subject.includes('receipt'));
    expect(receipts).toHaveLength(1);
    expect(await t.handle.db.select().from(providerEvents).where(eq(providerEvents.eventId, event.id))).toHaveLength(1);

    const confirm = (
      await api('POST', '/payments/update/', { payment_method: 'Stripe', session_id: order.stripe_session_id, order_number: order.order_number }, auth)
    ).json();
    expect(confirm).toMatchObject({ status: 'Success', payment_id: expect.stringMatching(/^pi_/) });
    const details = (await api('GET', `/orders/${order.order_number}/`, undefined, auth)).json();
    expect(details.order_details).toMatchObject({
      order_number: order.order_number,
      total_paid: course.country_price.amount,
      coupon: 'N/A',
      order_status: 'Paid',
    });
    expect(details.order_items[0].course.id).toBe(course.id);

    const pdf = await api('GET', `/orders/${order.order_number}/invoice.pdf`, undefined, auth);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('a guest who paid signs in later, unverified, and the receipt carries the verification link; an unpaid guest still verifies first', async () => {
    const course = paid[1]!;
    const form = billing();
    const order = (await api('POST', '/create-order/', { ...form, courses: [course.id], total: course.country_price.amount })).json();
    const login = () => api('POST', '/token/', { email: form.email, password: STRONG_PASSWORD });
    // Not paid yet: the email proves nothing and nothing was bought, so the usual rule holds.
    expect((await login()).statusCode).toBe(403);
    expect(await latestEmail(t, form.email)).toBeUndefined();

    await deliverStripe(await payOnFakeStripe(order.stripe_session_id));
    const receipt = await latestEmail(t, form.email);
    expect(receipt!.subject).toContain('receipt');
    const verifyUrl = linkIn(receipt!.text, /http:\/\/lectern\.test\/api\/v1\/verify-email\/[^\s]+/);
    expect(receipt!.html).toContain('Confirm my email address');

    const signedIn = await login();
    expect(signedIn.statusCode).toBe(200);
    const auth = { authorization: `Bearer ${signedIn.json().access}` };
    expect((await api('GET', '/user-details/', undefined, auth)).json()).toMatchObject({ email: form.email, is_verified: false });
    expect((await api('GET', `/orders/${order.order_number}/`, undefined, auth)).json().order_details.order_status).toBe('Paid');

    const verified = await t.app.inject({ url: new URL(verifyUrl).pathname });
    expect(verified.headers.location).toBe('/login/?status=success');
    expect((await api('GET', '/user-details/', undefined, auth)).json().is_verified).toBe(true);
  });

  it('returns the buyer to the origin they came from (tokens live per origin), checked against the allow-list', async () => {
    const course = paid[0]!;
    const start = async (headers: Headers) => {
      const res = await api('POST', '/create-order/', { ...billing(), courses: [course.id], total: course.country_price.amount }, headers);
      expect(res.statusCode, res.body).toBe(201);
      const order = res.json();
      return { order, session: await fake.stripeSdk.checkout.sessions.retrieve(order.stripe_session_id) };
    };
    // PUBLIC_URL is http://lectern.test; the buyer opened the shop on 127.0.0.1.
    const local = await start({ origin: 'http://127.0.0.1:3000' });
    expect(local.session.success_url).toBe(`http://127.0.0.1:3000/order/success/?order_no=${local.order.order_number}&session_id={CHECKOUT_SESSION_ID}`);
    expect(new URL(local.session.cancel_url!).origin).toBe('http://127.0.0.1:3000');
    // A declined card on the hosted page also lands on the buyer's origin.
    const declined = await fake.server.inject({ method: 'POST', url: `/sandbox/stripe/checkout/${local.order.stripe_session_id}/decline` });
    expect(declined.headers.location).toMatch(/^http:\/\/127\.0\.0\.1:3000\/order\/failure\/\?code=card_declined/);

    for (const headers of [{ origin: 'https://evil.example' }, { referer: 'https://evil.example/checkout' }, {}] as Headers[]) {
      const { session } = await start(headers);
      expect(new URL(session.success_url!).origin).toBe('http://lectern.test');
      expect(new URL(session.cancel_url!).origin).toBe('http://lectern.test');
    }
  });

  it('a cancel on Stripe comes back to the checkout, closes the order unpaid and gives the coupon back; the same cart and coupon check out again', async () => {
    const course = paid[3]!;
    const { form, total, order, auth } = await checkoutWithOnceCoupon('ONCEEACH', course);

    const back = await fake.server.inject({ method: 'POST', url: `/sandbox/stripe/checkout/${order.stripe_session_id}/cancel` });
    expect(back.headers.location).toBe(`http://lectern.test/checkout/?payment=cancelled&order_no=${order.order_number}`);

    // Only the buyer may close it.
    const stranger = await loginAs(t, (await createVerifiedUser(t)).email);
    expect((await api('POST', '/payments/cancel/', { order_number: order.order_number }, { authorization: `Bearer ${stranger.access}` })).statusCode).toBe(404);
    expect((await api('POST', '/payments/cancel/', { order_number: order.order_number })).statusCode).toBe(404);

    const cancelled = await api('POST', '/payments/cancel/', { order_number: order.order_number }, auth);
    expect(cancelled.json()).toEqual({ status: 'Cancelled', order_number: order.order_number, replaced_by: null });
    expect((await api('POST', '/payments/cancel/', { order_number: order.order_number }, auth)).json().status).toBe('Cancelled');
    // The session can no longer be paid: Stripe's page sends the buyer back to the checkout.
    const late = await fake.server.inject({ method: 'POST', url: `/sandbox/stripe/checkout/${order.stripe_session_id}/pay` });
    expect(late.headers.location).toContain('/checkout/?payment=cancelled');
    expect((await fake.stripeSdk.checkout.sessions.retrieve(order.stripe_session_id)).status).toBe('expired');

    // The buyer's history says what happened: a checkout left, not a payment that failed.
    const [buyer] = await t.handle.db.select().from(users).where(eq(users.email, form.email));
    // The account the checkout made keeps the billing details, so the checkout they come back to is filled in.
    const details = (await api('GET', '/user-details/', undefined, auth)).json();
    expect(details).toMatchObject({
      phone_number: form.phone_number,
      address_line_1: form.address_line_1,
      city: form.city,
      state: form.state,
      country: form.country,
      pin_code: form.pin_code,
    });
    // A checkout left before any payment was tried is not an order of theirs: their history leaves it out.
    expect((await api('GET', `/order-history/${buyer!.id}/?order_id=${order.order_number}`, undefined, auth)).json()).toEqual([]);

    const again = await api('POST', '/create-order/', { ...form, password: undefined, courses: [course.id], total }, auth);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().order_number).not.toBe(order.order_number);
    await deliverStripe(await payOnFakeStripe(again.json().stripe_session_id));
    expect(await enrolled(buyer!.id, course.id)).toBe(1);
    expect((await api('POST', '/payments/cancel/', { order_number: again.json().order_number }, auth)).json().status).toBe('Paid');
  });

  it("abandoned checkouts stay out of the buyer's history (kept in the studio) unless a payment was tried on them", async () => {
    const course = paid[0]!;
    const form = billing();
    const first = await api('POST', '/create-order/', { ...form, courses: [course.id], total: course.country_price.amount });
    expect(first.statusCode, first.body).toBe(201);
    const auth = { authorization: `Bearer ${first.json().tokens.access}` };
    const [buyer] = await t.handle.db.select().from(users).where(eq(users.email, form.email));
    const history = async () =>
      (await api('GET', `/order-history/${buyer!.id}/`, undefined, auth))
        .json<{ order_number: string; order_status: string }[]>()
        .map((o) => [o.order_number, o.order_status]);
    const checkoutAgain = async () => {
      const res = await api('POST', '/create-order/', { ...form, password: undefined, courses: [course.id], total: course.country_price.amount }, auth);
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ order_number: string; stripe_session_id: string }>();
    };
    // Waiting for its payment, it is listed.
    expect(await history()).toEqual([[first.json().order_number, 'Pending']]);

    // Back from Stripe without paying.
    await api('POST', '/payments/cancel/', { order_number: first.json().order_number }, auth);
    // A second tab's checkout replaces this one.
    const second = await checkoutAgain();
    const third = await checkoutAgain();
    // A card declined on Stripe's page, then the buyer came back: a payment was tried.
    expect((await fake.server.inject({ method: 'POST', url: `/sandbox/stripe/checkout/${third.stripe_session_id}/decline` })).statusCode).toBe(303);
    await api('POST', '/payments/cancel/', { order_number: third.order_number }, auth);
    const fourth = await checkoutAgain();

    expect(await history()).toEqual([
      [fourth.order_number, 'Pending'],
      [third.order_number, 'Cancelled'],
    ]);
    // The studio keeps every attempt.
    const admin = await loginAs(t, (await createVerifiedUser(t, { isAdmin: true })).email);
    const studio = (await api('GET', `/admin/orders/?search=${encodeURIComponent(form.email)}`, undefined, { authorization: `Bearer ${admin.access}` })).json();
    expect(studio.results.map((o: { order_number: string; status: string }) => [o.order_number, o.status])).toEqual([
      [fourth.order_number, 'Pending'],
      [third.order_number, 'Cancelled'],
      [second.order_number, 'Cancelled'],
      [first.json().order_number, 'Cancelled'],
    ]);
    const declined = (await api('GET', `/admin/orders/${third.order_number}/`, undefined, { authorization: `Bearer ${admin.access}` })).json();
    expect(declined.payments).toEqual([expect.objectContaining({ provider: 'stripe', status: 'Failed' })]);
  });

  it("two tabs: the checkout a newer one replaced comes back saying so, with the newer one's page to continue", async () => {
    const course = paid[1]!;
    const form = billing();
    const tabA = (await api('POST', '/create-order/', { ...form, courses: [course.id], total: course.country_price.amount })).json();
    const auth = { authorization: `Bearer ${tabA.tokens.access}` };
    const tabB = (await api('POST', '/create-order/', { ...form, password: undefined, courses: [course.id], total: course.country_price.amount }, auth)).json();
    // Pay pressed in tab A: Stripe's page for the replaced session sends the buyer back.
    const pay = await fake.server.inject({ method: 'POST', url: `/sandbox/stripe/checkout/${tabA.stripe_session_id}/pay` });
    expect(pay.headers.location).toContain(`/checkout/?payment=cancelled&order_no=${tabA.order_number}`);
    const back = (await api('POST', '/payments/cancel/', { order_number: tabA.order_number }, auth)).json();
    expect(back).toEqual({
      status: 'Cancelled',
      order_number: tabA.order_number,
      replaced_by: { order_number: tabB.order_number, status: 'Pending', checkout_url: tabB.checkout_url },
    });
    // Tab B paid meanwhile: tab A is pointed to that order, with nothing left to continue.
    await deliverStripe(await payOnFakeStripe(tabB.stripe_session_id));
    expect((await api('POST', '/payments/cancel/', { order_number: tabA.order_number }, auth)).json().replaced_by).toEqual({
      order_number: tabB.order_number,
      status: 'Paid',
      checkout_url: null,
    });
  });

  it('a Stripe session that expires unpaid cancels its order (not failed) and gives the coupon back; a paid one is left alone', async () => {
    const course = paid[4]!;
    const { form, total, order, auth } = await checkoutWithOnceCoupon('LEFTBEHIND', course);
    await fake.stripeSdk.checkout.sessions.expire(order.stripe_session_id);
    const expired = { id: `evt_expired_${order.order_number}`, type: 'checkout.session.expired', object: { id: order.stripe_session_id } };
    expect((await deliverStripe(expired)).statusCode).toBe(200);
    const [row] = await t.handle.db.select().from(orders).where(eq(orders.orderNumber, order.order_number));
    expect(row!.status).toBe('Cancelled');
    // The coupon use was given back: the same buyer checks out again with it.
    const again = await api('POST', '/create-order/', { ...form, password: undefined, courses: [course.id], total }, auth);
    expect(again.statusCode, again.body).toBe(201);
    // An event claiming a paid session expired changes nothing: the state is read back from Stripe.
    await deliverStripe(await payOnFakeStripe(again.json().stripe_session_id));
    await deliverStripe({ id: `evt_expired_${again.json().order_number}`, type: 'checkout.session.expired', object: { id: again.json().stripe_session_id } });
    const [paidRow] = await t.handle.db.select().from(orders).where(eq(orders.orderNumber, again.json().order_number));
    expect(paidRow!.status).toBe('Paid');
  });

  it("a buyer who left Stripe's page with the back button can check out again: the old session is expired, its order Cancelled", async () => {
    const course = paid[7]!;
    const { form, total, order: first, auth } = await checkoutWithOnceCoupon('ONCEBACK', course);
    const again = await api('POST', '/create-order/', { ...form, password: undefined, courses: [course.id], total }, auth);
    expect(again.statusCode, again.body).toBe(201);
    expect((await fake.stripeSdk.checkout.sessions.retrieve(first.stripe_session_id)).status).toBe('expired');
    const [left] = await t.handle.db.select().from(orders).where(eq(orders.orderNumber, first.order_number));
    expect(left!.status).toBe('Cancelled');
    // A session paid at Stripe whose webhook has not arrived yet is never given up: its webhook still fulfils it.
    const paidEvent = await payOnFakeStripe(again.json().stripe_session_id);
    const other = paid[0]!;
    const third = await api(
      'POST',
      '/create-order/',
      { ...form, coupon_code: undefined, password: undefined, courses: [other.id], total: other.country_price.amount },
      auth,
    );
    expect(third.statusCode, third.body).toBe(201);
    const [waiting] = await t.handle.db.select().from(orders).where(eq(orders.orderNumber, again.json().order_number));
    expect(waiting!.status).toBe('Pending');
    await deliverStripe(paidEvent);
    const [kept] = await t.handle.db.select().from(orders).where(eq(orders.orderNumber, again.json().order_number));
    expect(kept!.status).toBe('Paid');
  });

  it('the same signed event delivered 50 times at once, with the redirect racing it: processed once, one payment, one enrolment, one receipt', async () => {
    const course = paid[2]!;
    const form = billing();
    const order = (await api('POST', '/create-order/', { ...form, courses: [course.id], total: course.country_price.amount })).json();
    const auth = { authorization: `Bearer ${order.tokens.access}` };
    const event = await payOnFakeStripe(order.stripe_session_id);
    const redirect = () =>
      api('POST', '/payments/update/', { payment_method: 'Stripe', session_id: order.stripe_session_id, order_number: order.order_number }, auth);
    const sessionReads = () => fake.requests.filter((r) => r === `GET /v1/checkout/sessions/${order.stripe_session_id}`).length;

    const answers = await Promise.all([...Array.from({ length: 50 }, () => deliverStripe(event)), redirect(), redirect()]);
    const deliveries = answers.slice(0, 50).map((r) => r.statusCode);
    // One delivery claims the event and does the work; one arriving while it works is asked to retry
    // later (409, Stripe retries any non-2xx), one arriving after it is acknowledged.
    expect(deliveries.filter((s) => s !== 200 && s !== 409)).toEqual([]);
    expect(answers.slice(50).map((r) => r.json<{ status: string }>().status)).toEqual(['Success', 'Success']);
    // The webhook read the session back from Stripe once (the two redirects read it once each).
    expect(sessionReads()).toBe(3);
    expect((await deliverStripe(event)).statusCode).toBe(200);
    expect(sessionReads()).toBe(3);

    const [buyer] = await t.handle.db.select().from(users).where(eq(users.email, form.email));
    expect(await enrolled(buyer!.id, course.id)).toBe(1);
    const [row] = await t.handle.db.select().from(orders).where(eq(orders.orderNumber, order.order_number));
    expect(row!.status).toBe('Paid');
    expect(await t.handle.db.select().from(payments).where(eq(payments.orderId, row!.id))).toHaveLength(1);
    const [stored] = await t.handle.db.select().from(providerEvents).where(eq(providerEvents.eventId, event.id));
    expect(stored!.processedAt).not.toBeNull();
    await latestEmail(t, form.email);
    const receipts = (await t.handle.db.select().from(devMailbox).where(eq(devMailbox.to, form.email))).filter((m) => m.subject.includes('receipt'));
    expect(receipts).toHaveLength(1);
  }, 60_000);

  it('an event whose processing failed is processed again on the next delivery', async () => {
    const course = paid[3]!;
    const form = billing();
    const order = (await api('POST', '/create-order/', { ...form, courses: [course.id], total: course.country_price.amount })).json();
    const event = await payOnFakeStripe(order.stripe_session_id);
    fake.failNext('GET', `/v1/checkout/sessions/${order.stripe_session_id}`, 3);
    expect((await deliverStripe(event)).statusCode).toBe(503);
    expect((await deliverStripe(event)).statusCode).toBe(200);
    const [buyer] = await t.handle.db.select().from(users).where(eq(users.email, form.email));
    expect(await enrolled(buyer!.id, course.id)).toBe(1);
  });

  it('fulfils the same way when the redirect arrives before the webhook', async () => {
    const user = await createVerifiedUser(t);
    const { access } = await loginAs(t, user.email);
    const auth = { authorization: `Bearer ${access}` };
    const course = paid[1]!;
    const order = (
      await api(
        'POST',
        '/create-order/',
        { ...billing({ password: undefined, email: user.email }), courses: [course.id], total: course.country_price.amount },
        auth,
      )
    ).json();
    expect(order.tokens).toBeNull();
    const event = await payOnFakeStripe(order.stripe_session_id);
    expect(
      (await api('POST', '/payments/update/', { payment_method: 'Stripe', session_id: order.stripe_session_id, order_number: order.order_number }, auth)).json()
        .status,
    ).toBe('Success');
    await deliverStripe(event);
    expect(await enrolled(user.id, course.id)).toBe(1);
    const [row] = await t.handle.db.select().from(orders).where(eq(orders.orderNumber, order.order_number));
    expect(row!.status).toBe('Paid');
  });

  it('refuses a webhook with a bad signature and writes nothing', async () => {
    const before = (await t.handle.db.select().from(providerEvents)).length;
    const res = await deliverStripe({ id: 'evt_forged', type: 'checkout.session.completed', object: { id: 'cs_forged' } }, 't=1,v1=deadbeef');
    expect(res.statusCode).toBe(400);
    expect((await t.handle.db.select().from(providerEvents)).length).toBe(before);
  });

  it("never shows or confirms someone else's order", async () => {
    const owner = await createVerifiedUser(t);
    const ownerAuth = { authorization: `Bearer ${(await loginAs(t, owner.email)).access}` };
    const order = (
      await api('POST', '/create-order/', { ...billing({ password: undefined }), courses: [paid[5]!.id], total: paid[5]!.country_price.amount }, ownerAuth)
    ).json();
    const intruder = await createVerifiedUser(t);
    const intruderAuth = { authorization: `Bearer ${(await loginAs(t, intruder.email)).access}` };
    expect((await api('GET', `/orders/${order.order_number}/`, undefined, intruderAuth)).statusCode).toBe(404);
    expect((await api('GET', `/orders/${order.order_number}/invoice.pdf`, undefined, intruderAuth)).statusCode).toBe(404);
    expect(
      (
        await api(
          'POST',
          '/payments/update/',
          { payment_method: 'Stripe', session_id: order.stripe_session_id, order_number: order.order_number },
          intruderAuth,
        )
      ).statusCode,
    ).toBe(404);
    expect((await api('GET', `/order-history/${owner.id}/`, undefined, intruderAuth)).statusCode).toBe(404);
    expect((await api('GET', `/order-history/${owner.id}/`)).statusCode).toBe(401);
    const history = (await api('GET', `/order-history/${owner.id}/`, undefined, ownerAuth)).json();
    expect(history[0]).toMatchObject({ order_number: order.order_number, order_status: 'Pending' });
    expect((await api('GET', `/order-history/${owner.id}/?order_id=${order.order_number}`, undefined, ownerAuth)).json()).toHaveLength(1);
    expect((await api('GET', `/order-history/${owner.id}/?search=zzzz-no-match`, undefined, ownerAuth)).json()).toHaveLength(0);
    // Search matches a course bought in the order (any part of its title, any case) or the order number.
    const byTitle = (
      await api('GET', `/order-history/${owner.id}/?search=${encodeURIComponent(paid[5]!.title.slice(2, 12).toUpperCase())}`, undefined, ownerAuth)
    ).json();
    expect(byTitle.map((o: { order_number: string }) => o.order_number)).toEqual([order.order_number]);
    expect(byTitle[0].order_items.map((i: { course: { slug: string } }) => i.course.slug)).toEqual([paid[5]!.slug]);
    const byNumber = (await api('GET', `/order-history/${owner.id}/?search=${order.order_number.slice(-6)}`, undefined, ownerAuth)).json();
    expect(byNumber.map((o: { order_number: string }) => o.order_number)).toEqual([order.order_number]);
    expect((await api('GET', `/order-history/${owner.id}/?search=${encodeURIComponent(paid[6]!.title)}`, undefined, ownerAuth)).json()).toHaveLength(0);
  });

  it('a refund revokes the enrolments of that order', async () => {
    const course = paid[6]!;
    const form = billing();
    const order = (await api('POST', '/create-order/', { ...form, courses: [course.id], total: course.country_price.amount })).json();
    await deliverStripe(await payOnFakeStripe(order.stripe_session_id));
    const [buyer] = await t.handle.db.select().from(users).where(eq(users.email, form.email));
    expect(await enrolled(buyer!.id, course.id)).toBe(1);
    await fake.server.inject({ method: 'POST', url: `/sandbox/stripe/checkout/${order.stripe_session_id}/refund` });
    const refund = fake.stripeEvents.at(-1)!;
    expect(refund.type).toBe('charge.refunded');
    expect((await deliverStripe(refund)).statusCode).toBe(200);
    expect(await enrolled(buyer!.id, course.id)).toBe(0);
    const [row] = await t.handle.db.select().from(orders).where(eq(orders.orderNumber, order.order_number));
    expect(row!.status).toBe('Refunded');
  });
});

describe('coupons at checkout', () => {
  it('a 100% coupon enrols at once with Full_Discount', async () => {
    const course = paid[2]!;
    const form = billing({ payment_method: 'Full_Discount', coupon_code: 'FREECOURSE' });
    const res = await api('POST', '/create-order/', { ...form, courses: [course.id], total: 0 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ payment_method: 'Full_Discount', order_status: 'Paid', total: 0 });
    const [buyer] = await t.handle.db.select().from(users).where(eq(users.email, form.email));
    expect(await enrolled(buyer!.id, course.id)).toBe(1);
  });

  it('refuses Full_Discount without a full coupon, and an expired coupon', async () => {
    const course = paid[2]!;
    expect((await api('POST', '/create-order/', { ...billing({ payment_method: 'Full_Discount' }), courses: [course.id], total: 0 })).json()).toHaveProperty(
      'total',
    );
    const expired = await api('POST', '/create-order/', {
      ...billing({ coupon_code: 'EXPIRED20' }),
      courses: [course.id],
      total: course.country_price.amount * 0.8,
    });
    expect(expired.json()).toEqual({ coupon_code: [commerceMessages.couponExpired] });
  });

  it('applies a percentage coupon to the server price', async () => {
    const course = paid[3]!;
    const expected = Math.round(course.country_price.amount * 100 * 0.9) / 100;
    const res = await api('POST', '/create-order/', { ...billing({ coupon_code: 'WELCOME10' }), courses: [course.id], total: expected });
    expect(res.statusCode).toBe(201);
    expect(res.json().total).toBeCloseTo(expected, 2);
  });

  it('discounts only the courses a restricted coupon names', async () => {
    const [a, b] = [paid[0]!, paid[1]!];
    await insertCoupon(t.handle.db, { code: 'HALFA', discountPercentage: 50, courseIds: [a.id] });
    expect((await api('POST', '/coupon/', { coupon_code: 'HALFA' })).json()).toMatchObject({ discount_percentage: 50, course_ids: [a.id] });
    const discount = Math.round(a.country_price.amount * 100 * 0.5);
    const total = (Math.round(a.country_price.amount * 100) + Math.round(b.country_price.amount * 100) - discount) / 100;
    const res = await api('POST', '/create-order/', { ...billing({ coupon_code: 'HALFA' }), courses: [a.id, b.id], total });
    expect(res.statusCode).toBe(201);
    expect(res.json().total).toBeCloseTo(total, 2);
    const onlyB = await api('POST', '/create-order/', { ...billing({ coupon_code: 'HALFA' }), courses: [b.id], total: b.country_price.amount });
    expect(onlyB.json()).toEqual({ coupon_code: [commerceMessages.couponNotApplicable] });
  });

  it('refuses a total one cent off either way, a negative total and a total that assumes a coupon not sent', async () => {
    const course = paid[5]!;
    const before = await orderCount();
    const price = course.country_price.amount;
    for (const total of [price - 0.01, price + 0.01, -price, Math.round(price * 90) / 100]) {
      const res = await api('POST', '/create-order/', { ...billing(), courses: [course.id], total });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toHaveProperty('total');
    }
    expect(await orderCount()).toBe(before);
  });

  it('a coupon stored above 100% takes the total to 0, never below, and one below 0% adds nothing', async () => {
    const [a, b] = [paid[5]!, paid[6]!];
    await t.handle.db.insert(coupons).values([
      { code: 'OVERFULL', discountPercentage: 150, isActive: true },
      { code: 'NEGATIVE', discountPercentage: -20, isActive: true },
    ]);
    const free = await api('POST', '/create-order/', { ...billing({ payment_method: 'Full_Discount', coupon_code: 'OVERFULL' }), courses: [a.id], total: 0 });
    expect(free.statusCode).toBe(201);
    expect(free.json()).toMatchObject({ total: 0, payment_method: 'Full_Discount' });
    const [order] = await t.handle.db.select().from(orders).where(eq(orders.orderNumber, free.json().order_number));
    expect(order).toMatchObject({ subtotal: Math.round(a.country_price.amount * 100), discount: Math.round(a.country_price.amount * 100), total: 0 });

    const more = await api('POST', '/create-order/', { ...billing({ coupon_code: 'NEGATIVE' }), courses: [b.id], total: b.country_price.amount * 1.2 });
    expect(more.json()).toHaveProperty('total');
    const same = await api('POST', '/create-order/', { ...billing({ coupon_code: 'NEGATIVE' }), courses: [b.id], total: b.country_price.amount });
    expect(same.statusCode).toBe(201);
    expect(same.json().total).toBe(b.country_price.amount);
  });

  it('lets only one of two concurrent checkouts take the last use of a coupon', async () => {
    await insertCoupon(t.handle.db, { code: 'LASTONE', discountPercentage: 100, maxUses: 1 });
    const course = paid[4]!;
    const attempt = () =>
      api('POST', '/create-order/', { ...billing({ payment_method: 'Full_Discount', coupon_code: 'LASTONE' }), courses: [course.id], total: 0 });
    const results = await Promise.all([attempt(), attempt()]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    expect(results.find((r) => r.statusCode === 400)!.json()).toEqual({ coupon_code: [commerceMessages.couponExhausted] });
    const [coupon] = await t.handle.db.select().from(coupons).where(eq(coupons.code, 'LASTONE'));
    expect(coupon!.usedCount).toBe(1);
  });
});

describe('Razorpay', () => {
  const india = { 'cf-ipcountry': 'IN' };

  it('a buyer who closed the payment popup can check out again with the same once-per-buyer coupon', async () => {
    const course = paid[6]!;
    const inrPrice = (await t.app.inject({ url: `/api/v1/courses/${course.slug}/`, headers: india })).json().country_price.amount as number;
    const {
      form,
      total,
      order: first,
      auth,
    } = await checkoutWithOnceCoupon('ONCEINDIA', course, { price: inrPrice, headers: india, payment_method: 'RazorPay' });
    // The popup was dismissed: nothing is posted, the order waits for a payment that never comes.
    const again = await api('POST', '/create-order/', { ...form, password: undefined, courses: [course.id], total }, { ...india, ...auth });
    expect(again.statusCode, again.body).toBe(201);
    // The abandoned order is closed as Cancelled, not left Pending in the buyer's history.
    const [abandoned] = await t.handle.db.select().from(orders).where(eq(orders.orderNumber, first.order_number));
    expect(abandoned!.status).toBe('Cancelled');
  });

  it('is offered only to India and fulfils only a payment signed for this order', async () => {
    const course = paid[5]!;
    const usd = await api('POST', '/create-order/', { ...billing({ payment_method: 'RazorPay' }), courses: [course.id], total: course.country_price.amount });
    expect(usd.json()).toEqual({ payment_method: [commerceMessages.razorpayIndiaOnly] });

    const inrPrice = (await t.app.inject({ url: `/api/v1/courses/${course.slug}/`, headers: india })).json().country_price.amount as number;
    const first = (await api('POST', '/create-order/', { ...billing({ payment_method: 'RazorPay' }), courses: [course.id], total: inrPrice }, india)).json();
    expect(first.rzp_order).toMatchObject({ amount: Math.round(inrPrice * 100), currency: 'INR' });
    const second = (await api('POST', '/create-order/', { ...billing({ payment_method: 'RazorPay' }), courses: [course.id], total: inrPrice }, india)).json();

    const paidSecond = (await fake.server.inject({ method: 'POST', url: `/sandbox/razorpay/orders/${second.rzp_order.id}/pay` })).json();
    const auth = { authorization: `Bearer ${first.tokens.access}` };
    const stolen = await api(
      'POST',
      '/payments/update/',
      {
        payment_method: 'RazorPay',
        order_number: first.order_number,
        order_id: paidSecond.razorpay_order_id,
        payment_id: paidSecond.razorpay_payment_id,
        signature: paidSecond.razorpay_signature,
        payment_status: 'Success',
        total: inrPrice,
        currency: 'INR',
      },
      auth,
    );
    expect(stolen.statusCode).toBe(400);
    const forged = await api(
      'POST',
      '/payments/update/',
      {
        payment_method: 'RazorPay',
        order_number: first.order_number,
        order_id: first.rzp_order.id,
        payment_id: 'pay_forged',
        signature: 'f'.repeat(64),
        payment_status: 'Success',
      },
      auth,
    );
    expect(forged.statusCode).toBe(400);

    const paidFirst = (await fake.server.inject({ method: 'POST', url: `/sandbox/razorpay/orders/${first.rzp_order.id}/pay` })).json();
    const ok = await api(
      'POST',
      '/payments/update/',
      {
        payment_method: 'RazorPay',
        order_number: first.order_number,
        order_id: paidFirst.razorpay_order_id,
        payment_id: paidFirst.razorpay_payment_id,
        signature: paidFirst.razorpay_signature,
        payment_status: 'Success',
        total: inrPrice,
        currency: 'INR',
      },
      auth,
    );
    expect(ok.json()).toMatchObject({ status: 'Success', payment_id: paidFirst.razorpay_payment_id });
    const [row] = await t.handle.db.select().from(orders).where(eq(orders.orderNumber, first.order_number));
    expect(row!.status).toBe('Paid');
  });

  it('records a failed payment and accepts the signed webhook once', async () => {
    const course = paid[6]!;
    const inrPrice = (await t.app.inject({ url: `/api/v1/courses/${course.slug}/`, headers: india })).json().country_price.amount as number;
    const failed = (await api('POST', '/create-order/', { ...billing({ payment_method: 'RazorPay' }), courses: [course.id], total: inrPrice }, india)).json();
    const res = await api(
      'POST',
      '/payments/update/',
      { payment_method: 'RazorPay', order_number: failed.order_number, payment_id: 'pay_failed1', payment_status: 'Failed' },
      { authorization: `Bearer ${failed.tokens.access}` },
    );
    expect(res.json().status).toBe('Failed');
    const [failedRow] = await t.handle.db.select().from(orders).where(eq(orders.orderNumber, failed.order_number));
    expect(failedRow!.status).toBe('Failed');

    const order = (await api('POST', '/create-order/', { ...billing({ payment_method: 'RazorPay' }), courses: [course.id], total: inrPrice }, india)).json();
    await fake.server.inject({ method: 'POST', url: `/sandbox/razorpay/orders/${order.rzp_order.id}/pay` });
    const event = fake.razorpayEvents.at(-1)!;
    const payload = JSON.stringify({ entity: 'event', event: event.event, payload: event.payload });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/razorpay',
      payload,
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': 'bad', 'x-razorpay-event-id': event.id },
    });
    expect(bad.statusCode).toBe(400);
    for (let i = 0; i < 3; i++) {
      const good = await t.app.inject({
        method: 'POST',
        url: '/api/v1/webhooks/razorpay',
        payload,
        headers: { 'content-type': 'application/json', 'x-razorpay-signature': fake.razorpay.signWebhook(payload), 'x-razorpay-event-id': event.id },
      });
      expect(good.statusCode).toBe(200);
    }
    const [row] = await t.handle.db.select().from(orders).where(eq(orders.orderNumber, order.order_number));
    expect(row!.status).toBe('Paid');
  });
});
