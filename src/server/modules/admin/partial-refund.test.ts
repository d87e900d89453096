/**
 * Issue 25 item 7: partial refunds from the studio, through Stripe's and Razorpay's partial refunds
 * (their real SDK / our adapter against the local fakes), and refunds made in the providers'
 * dashboards learnt from their webhooks. Tries to break it: more than is left, bad amounts, two at
 * once, the wrong role, replayed webhooks, a provider that refuses or does not answer.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../../../../test/admin.js';
import { createTestApp, latestEmail, loginAs, createVerifiedUser, type TestApp } from '../../../../test/helpers.js';
import { createOrder, firstPaidCourse, guestBilling } from '../../../../test/orders.js';
import { startFakeProviders } from '../../../../test/payments.js';
import { pdfText } from '../../../../test/pdf-text.js';
import { refundMessages, type AdminOrderDetail } from '../../../shared/admin.js';
import type { CourseDetail, CourseListItem } from '../../../shared/catalog.js';
import type { OrderHistoryItem } from '../../../shared/commerce.js';
import { auditLog, devMailbox, enrolments, orderRefunds, orders, users } from '../../db/schema/index.js';

let t: TestApp;
let fake: Awaited<ReturnType<typeof startFakeProviders>>;
let admin: Awaited<ReturnType<typeof signedIn>>;
let course: CourseListItem;

beforeAll(async () => {
  t = await createTestApp({
    env: { GEO_COUNTRY_HEADER: 'cf-ipcountry' },
    setup: async (handle) => {
      fake = await startFakeProviders(handle.db);
      return { stripe: fake.stripe, razorpay: fake.razorpay };
    },
  });
  admin = await signedIn(t, { isAdmin: true, fullName: 'Ada Admin' });
  course = await firstPaidCourse(t);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const deliverStripe = (event: { id: string; type: string; object: Record<string, unknown> }) => {
  const payload = JSON.stringify({ id: event.id, object: 'event', type: event.type, data: { object: event.object } });
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/webhooks/stripe',
    payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': fake.stripe.signPayload(payload) },
  });
};
const deliverRazorpay = (event: { id: string; event: string; payload: Record<string, unknown> }) => {
  const payload = JSON.stringify({ event: event.event, payload: event.payload });
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/webhooks/razorpay',
    payload,
    headers: { 'content-type': 'application/json', 'x-razorpay-signature': fake.razorpay.signWebhook(payload), 'x-razorpay-event-id': event.id },
  });
};

let counter = 0;
interface Paid {
  orderNumber: string;
  email: string;
  access: string;
  buyerId: number;
  /** Major units. */
  total: number;
  currency: string;
  courseSlug: string;
  courseId: number;
}

/** A guest buys the first paid course through Stripe's checkout (the fake) and Stripe's webhook fulfils it. */
async function paidStripeOrder(): Promise<Paid> {
  const email = `partial-${++counter}-${Date.now()}@example.com`;
  const created = await createOrder(t, guestBilling({ email, courses: [course.id], total: course.country_price.amount }));
  expect(created.statusCode, created.body).toBe(201);
  const order = created.json<{ order_number: string; stripe_session_id: string; tokens: { access: string } }>();
  expect((await fake.server.inject({ method: 'POST', url: `/sandbox/stripe/checkout/${order.stripe_session_id}/pay` })).statusCode).toBe(303);
  expect((await deliverStripe(fake.stripeEvents.at(-1)!)).statusCode).toBe(200);
  const [buyer] = await t.handle.db.select().from(users).where(eq(users.email, email));
  return {
    orderNumber: order.order_number,
    email,
    access: order.tokens.access,
    buyerId: buyer!.id,
    total: course.country_price.amount,
    currency: 'USD',
    courseSlug: course.slug,
    courseId: course.id,
  };
}

/** A guest in India buys the first paid course through Razorpay's popup (the fake), confirmed by its signed handler result. */
async function paidRazorpayOrder(): Promise<Paid> {
  const india = { 'cf-ipcountry': 'IN' };
  const email = `partial-rzp-${++counter}-${Date.now()}@example.com`;
  const price = (await t.app.inject({ url: `/api/v1/courses/${course.slug}/`, headers: india })).json<CourseDetail>().country_price.amount;
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/create-order/',
    headers: india,
    remoteAddress: `10.99.${counter}.1`,
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
  const [buyer] = await t.handle.db.select().from(users).where(eq(users.email, email));
  return {
    orderNumber: order.order_number,
    email,
    access: order.tokens.access,
    buyerId: buyer!.id,
    total: price,
    currency: 'INR',
    courseSlug: course.slug,
    courseId: course.id,
  };
}

const refund = (orderNumber: string, body?: unknown) => admin.call('POST', `/admin/orders/${orderNumber}/refund/`, body);
const detail = async (orderNumber: string) => (await admin.call('GET', `/admin/orders/${orderNumber}/`)).json<AdminOrderDetail>();
const hasAccess = async (p: Paid) => {
  const rows = await t.handle.db
    .select()
    .from(enrolments)
    .where(and(eq(enrolments.userId, p.buyerId), eq(enrolments.courseId, p.courseId), isNull(enrolments.revokedAt)));
  const view = (await t.app.inject({ url: `/api/v1/courses/${p.courseSlug}/`, headers: { authorization: `Bearer ${p.access}` } })).json<CourseDetail>();
  return rows.length === 1 && view.course_status !== 'not enrolled';
};
const refundRows = async (orderNumber: string) => {
  const [order] = await t.handle.db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
  return t.handle.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order!.id)).orderBy(orderRefunds.id);
};
const mailCount = async (to: string) => {
  await latestEmail(t, to);
  return (await t.handle.db.select().from(devMailbox).where(eq(devMailbox.to, to))).length;
};
/** The newest refund email to `to` (the receipt and the refunds' emails may be sent in any order). */
const refundMail = async (to: string) => {
  await latestEmail(t, to);
  const mails = await t.handle.db.select().from(devMailbox).where(eq(devMailbox.to, to)).orderBy(devMailbox.id);
  return mails.filter((m) => m.subject.startsWith('Your refund')).at(-1)!;
};
const stripeRefundCalls = () => fake.requests.filter((r) => r === 'POST /v1/refunds').length;
/** Two decimals, as the API's amounts are. */
const money = (major: number) => Math.round(major * 100) / 100;

describe('a partial refund from the studio (Stripe)', () => {
  it('keeps access, emails the amount and the reason, shows each refund with its time; the rest closes the order', async () => {
    const p = await paidStripeOrder();
    const part = money(p.total * 0.3);
    const first = await refund(p.orderNumber, { amount: part, reason: 'The second module was not ready yet.' });
    expect(first.statusCode, first.body).toBe(200);
    const afterFirst = first.json<AdminOrderDetail>();
    expect(afterFirst).toMatchObject({
      status: 'Paid',
      refundable: true,
      refunded: part,
      refund_left: money(p.total - part),
      refunded_at: null,
      refunds: [
        {
          amount: part,
          reason: 'The second module was not ready yet.',
          status: 'succeeded',
          provider: 'stripe',
          provider_refund_id: expect.stringMatching(/^re_/),
          provider_status: 'succeeded',
          by: 'Ada Admin',
        },
      ],
    });
    expect(Date.parse(afterFirst.refunds[0]!.refunded_at!)).toBeGreaterThan(Date.parse(afterFirst.paid_at!));
    // The payment is still the payment: partly refunded, not Refunded.
    expect(afterFirst.payments).toEqual([expect.objectContaining({ status: 'Success', amount: p.total })]);
    expect(await hasAccess(p)).toBe(true);

    // Stripe holds the same: one refund of that amount, through the real SDK.
    const charge = await fake.stripeSdk.refunds.list({ payment_intent: afterFirst.payments[0]!.provider_payment_id });
    expect(charge.data.map((r) => [r.amount, r.metadata?.refund_id])).toEqual([[Math.round(part * 100), String(afterFirst.refunds[0]!.id)]]);

    const mail = await refundMail(p.email);
    expect(mail.subject).toBe(`Your refund for order ${p.orderNumber}`);
    expect(mail.text).toContain(`$${part.toFixed(2)} USD`);
    expect(mail.text).toContain('Reason: The second module was not ready yet.');
    expect(mail.text).toContain(`$${(p.total - part).toFixed(2)} USD`);
    expect(mail.text).toContain('You keep your courses');

    // The buyer's order page and history show the refund, its time and what they paid after it.
    const own = (await t.app.inject({ url: `/api/v1/orders/${p.orderNumber}/`, headers: { authorization: `Bearer ${p.access}` } })).json();
    expect(own).toBeTruthy();
    const history = (await t.app.inject({ url: `/api/v1/order-history/${p.buyerId}/`, headers: { authorization: `Bearer ${p.access}` } })).json<
      OrderHistoryItem[]
    >();
    expect(history[0]).toMatchObject({
      order_number: p.orderNumber,
      order_status: 'Paid',
      net_paid: money(p.total - part),
      refunds: [{ amount: part, reason: 'The second module was not ready yet.', refunded_at: afterFirst.refunds[0]!.refunded_at }],
    });

    // The invoice stays the invoice, with the refund as a credit under it.
    const pdf = await t.app.inject({ url: `/api/v1/orders/${p.orderNumber}/invoice.pdf`, headers: { authorization: `Bearer ${p.access}` } });
    const text = pdfText(pdf.rawPayload).join('\n');
    expect(text).toContain('Partly refunded');
    expect(text).toMatch(/Refunded on \d{1,2} [A-Z][a-z]+ \d{4}\n-USD \$/);
    expect(text).toContain(`Paid after refunds\nUSD $${(p.total - part).toFixed(2)}`);

    // No amount: whatever is left. The last part closes the order and the course.
    const rest = await refund(p.orderNumber, {});
    expect(rest.statusCode, rest.body).toBe(200);
    const closed = rest.json<AdminOrderDetail>();
    expect(closed).toMatchObject({ status: 'Refunded', refundable: false, refunded: p.total, refund_left: 0 });
    expect(closed.refunds.map((r) => [r.amount, r.reason])).toEqual([
      [part, 'The second module was not ready yet.'],
      [money(p.total - part), null],
    ]);
    expect(closed.refunded_at).toBe(closed.refunds[1]!.refunded_at);
    expect(closed.payments).toEqual([expect.objectContaining({ status: 'Refunded' })]);
    expect(await hasAccess(p)).toBe(false);
    const last = await refundMail(p.email);
    expect(last.text).toContain('refunded in full');
    expect(last.text).toContain('no longer in your account');
    expect(await mailCount(p.email)).toBe(3); // the receipt and one per refund

    const audits = await t.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.refund'), eq(auditLog.entityId, p.orderNumber)));
    expect(audits.map((a) => [a.actorId, (a.after as { status: string }).status])).toEqual([
      [admin.user.id, 'Paid'],
      [admin.user.id, 'Refunded'],
    ]);
    expect(audits[0]!.summary).toContain('The second module was not ready yet.');

    // Stripe's refund webhooks arrive afterwards (and again): nothing new is recorded or sent.
    const refundEvents = fake.stripeEvents.filter((e) => e.type === 'charge.refunded').slice(-2);
    for (const event of [...refundEvents, ...refundEvents]) expect((await deliverStripe(event)).statusCode).toBe(200);
    expect(await refundRows(p.orderNumber)).toHaveLength(2);
    expect(await mailCount(p.email)).toBe(3);
    expect((await refund(p.orderNumber, {})).json()).toEqual({ detail: refundMessages.refundedInFull });
  });

  it('refuses more than is left, and malformed amounts, with nothing written and nothing asked of Stripe', async () => {
    const p = await paidStripeOrder();
    const calls = stripeRefundCalls();
    const mails = await mailCount(p.email);
    const over = await refund(p.orderNumber, { amount: money(p.total + 0.01) });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({ amount: [refundMessages.overLeft(`$${p.total.toFixed(2)} USD`)] });
    for (const body of [
      { amount: 0 },
      { amount: -5 },
      { amount: 1.005 },
      { amount: '10' },
      { amount: 'ten' },
      { amount: 1e308 },
      { amount: 5, reason: 'x'.repeat(501) },
      { amount: 5, refund_everything: true },
      [5],
    ]) {
      const res = await refund(p.orderNumber, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    // After a partial refund, more than the rest is refused the same way.
    expect((await refund(p.orderNumber, { amount: 1 })).statusCode).toBe(200);
    const overRest = await refund(p.orderNumber, { amount: money(p.total - 0.5) });
    expect(overRest.json()).toEqual({ amount: [refundMessages.overLeft(`$${(p.total - 1).toFixed(2)} USD`)] });
    expect((await refundRows(p.orderNumber)).map((r) => r.amount)).toEqual([100]);
    expect(stripeRefundCalls()).toBe(calls + 1);
    expect(await mailCount(p.email)).toBe(mails + 1);
    expect((await admin.call('POST', '/admin/orders/LEC-00000000-NOPE00/refund/', { amount: 1 })).statusCode).toBe(404);
  });

  it('lets only one of two refunds at once take what is left; two that fit both go through', async () => {
    const p = await paidStripeOrder();
    const sixty = money(p.total * 0.6);
    const both = await Promise.all([refund(p.orderNumber, { amount: sixty }), refund(p.orderNumber, { amount: sixty })]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const rows = await refundRows(p.orderNumber);
    expect(rows.map((r) => [r.amount, r.status])).toEqual([[Math.round(sixty * 100), 'succeeded']]);
    expect((await detail(p.orderNumber)).refund_left).toBe(money(p.total - sixty));

    const q = await paidStripeOrder();
    const fifth = money(q.total * 0.2);
    const pair = await Promise.all([refund(q.orderNumber, { amount: fifth }), refund(q.orderNumber, { amount: fifth })]);
    expect(pair.map((r) => r.statusCode)).toEqual([200, 200]);
    const order = await detail(q.orderNumber);
    expect(order.refunded).toBe(money(fifth * 2));
    // Stripe counted both: no refund was lost between them.
    const listed = await fake.stripeSdk.refunds.list({ payment_intent: order.payments[0]!.provider_payment_id });
    expect(listed.data.reduce((s, r) => s + r.amount, 0)).toBe(Math.round(fifth * 100) * 2);

    // Two "refund the rest" at once: one refunds it, the other is told it is gone.
    const r = await paidStripeOrder();
    const rests = await Promise.all([refund(r.orderNumber), refund(r.orderNumber)]);
    expect(rests.map((x) => x.statusCode).sort()).toEqual([200, 409]);
    expect((await refundRows(r.orderNumber)).map((x) => x.status)).toEqual(['succeeded']);
    expect(await hasAccess(r)).toBe(false);
  });

  it('answers 403 to a reviewer and a student, before anything is read or written', async () => {
    const p = await paidStripeOrder();
    const student = await signedIn(t);
    const reviewerUser = await createVerifiedUser(t, { email: `rev-${Date.now()}@example.com` });
    await t.handle.db.update(users).set({ isReviewer: true }).where(eq(users.id, reviewerUser.id));
    const { access } = await loginAs(t, reviewerUser.email);
    for (const headers of [student.headers, { authorization: `Bearer ${access}` }]) {
      const res = await t.app.inject({ method: 'POST', url: `/api/v1/admin/orders/${p.orderNumber}/refund/`, headers, payload: { amount: 1 } });
      expect(res.statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/admin/orders/${p.orderNumber}/refund/`, payload: { amount: 1 } })).statusCode).toBe(401);
    expect(await refundRows(p.orderNumber)).toHaveLength(0);
    expect(await hasAccess(p)).toBe(true);
  });

  it("records refunds made in Stripe's dashboard from the webhook, partial then the rest, each once", async () => {
    const p = await paidStripeOrder();
    const pi = (await detail(p.orderNumber)).payments[0]!.provider_payment_id;
    const part = Math.round(p.total * 100 * 0.25);
    await fake.stripeSdk.refunds.create({ payment_intent: pi, amount: part });
    const event = fake.stripeEvents.at(-1)!;
    expect(event.type).toBe('charge.refunded');
    expect((await deliverStripe(event)).statusCode).toBe(200);
    expect((await deliverStripe(event)).statusCode).toBe(200); // the same event again
    expect((await deliverStripe({ ...event, id: `${event.id}_again` })).statusCode).toBe(200); // another event about the same refund
    let order = await detail(p.orderNumber);
    expect(order).toMatchObject({ status: 'Paid', refunded: part / 100, refunds: [{ amount: part / 100, reason: null, by: null, status: 'succeeded' }] });
    expect(await hasAccess(p)).toBe(true);
    expect((await refundMail(p.email)).text).toContain('You keep your courses');

    await fake.stripeSdk.refunds.create({ payment_intent: pi });
    expect((await deliverStripe(fake.stripeEvents.at(-1)!)).statusCode).toBe(200);
    order = await detail(p.orderNumber);
    expect(order).toMatchObject({ status: 'Refunded', refunded: p.total });
    expect(order.refunds).toHaveLength(2);
    expect(await hasAccess(p)).toBe(false);
    // Stripe refuses a third: there is nothing left (the fake as the real API).
    await expect(fake.stripeSdk.refunds.create({ payment_intent: pi, amount: 1 })).rejects.toMatchObject({ code: 'charge_already_refunded' });
  });

  it("says what Stripe refused (a dashboard refund not yet told), keeps the attempt as failed, and takes the dashboard's refund when its webhook comes", async () => {
    const p = await paidStripeOrder();
    const pi = (await detail(p.orderNumber)).payments[0]!.provider_payment_id;
    await fake.stripeSdk.refunds.create({ payment_intent: pi, amount: 500 });
    const untold = fake.stripeEvents.at(-1)!;
    const res = await refund(p.orderNumber, {});
    expect(res.statusCode).toBe(409);
    expect(res.json<{ detail: string }>().detail).toMatch(
      /^Stripe refused the refund: Refund amount .* is greater than unrefunded amount on charge .* Nothing was refunded\.$/,
    );
    let order = await detail(p.orderNumber);
    expect(order.refunds.map((r) => r.status)).toEqual(['failed']);
    expect(order.refund_left).toBe(p.total);
    expect(await hasAccess(p)).toBe(true);
    expect((await deliverStripe(untold)).statusCode).toBe(200);
    order = await detail(p.orderNumber);
    expect(order.refund_left).toBe(money(p.total - 5));
    expect((await refund(p.orderNumber, {})).json<AdminOrderDetail>().status).toBe('Refunded');
  });

  it('keeps a refund Stripe did not answer as pending, and asks again with the same key later: never refunded twice', async () => {
    const p = await paidStripeOrder();
    // No answer at all, three times (the SDK retries twice with the same idempotency key).
    fake.dropNext('POST', '/v1/refunds', 3);
    const lost = await refund(p.orderNumber, { amount: 10 });
    expect(lost.statusCode).toBe(503);
    let rows = await refundRows(p.orderNumber);
    expect(rows.map((r) => [r.amount, r.status])).toEqual([[1000, 'pending']]);
    // The pending refund counts against what is left.
    expect((await detail(p.orderNumber)).refund_left).toBe(money(p.total - 10));
    expect(await hasAccess(p)).toBe(true);

    // A couple of minutes later, the next refund asks Stripe for the pending one again first (its own key), then makes its own.
    await t.handle.db
      .update(orderRefunds)
      .set({ createdAt: sql`now() - interval '5 minutes'` })
      .where(eq(orderRefunds.id, rows[0]!.id));
    const next = await refund(p.orderNumber, { amount: 5 });
    expect(next.statusCode, next.body).toBe(200);
    rows = await refundRows(p.orderNumber);
    expect(rows.map((r) => [r.amount, r.status])).toEqual([
      [1000, 'succeeded'],
      [500, 'succeeded'],
    ]);
    const listed = await fake.stripeSdk.refunds.list({ payment_intent: (await detail(p.orderNumber)).payments[0]!.provider_payment_id });
    expect(listed.data.map((r) => r.amount).sort()).toEqual([1000, 500].sort());
  });
});

describe('the fakes refund as the providers do', () => {
  it('Stripe: an idempotency key already used answers the same refund; more than is left is refused', async () => {
    const p = await paidStripeOrder();
    const pi = (await detail(p.orderNumber)).payments[0]!.provider_payment_id;
    const a = await fake.stripe.refund(pi, 'same-key-1', { amount: 100 });
    const b = await fake.stripe.refund(pi, 'same-key-1', { amount: 100 });
    expect(b.id).toBe(a.id);
    const listed = await fake.stripe.listRefunds(pi);
    expect(listed.map((r) => r.amount)).toEqual([100]);
    await expect(fake.stripe.refund(pi, 'other-key', { amount: Math.round(p.total * 100) })).rejects.toMatchObject({ name: 'ProviderRefused' });
  });

  it('Razorpay: the same X-Refund-Idempotency answers the same refund; another body with it, or more than is left, is refused', async () => {
    const p = await paidRazorpayOrder();
    const pay = (await detail(p.orderNumber)).payments[0]!.provider_payment_id;
    const a = await fake.razorpay.refund(pay, 'r1', { amount: 10000, idempotencyKey: 'key-0000000001' });
    const b = await fake.razorpay.refund(pay, 'r1', { amount: 10000, idempotencyKey: 'key-0000000001' });
    expect(b.id).toBe(a.id);
    await expect(fake.razorpay.refund(pay, 'r1', { amount: 20000, idempotencyKey: 'key-0000000001' })).rejects.toMatchObject({ name: 'ProviderRefused' });
    await expect(fake.razorpay.refund(pay, 'r2', { amount: Math.round(p.total * 100) })).rejects.toMatchObject({
      providerMessage: 'The total refund amount is greater than the refund payment amount',
    });
    const payment = await fake.razorpay.fetchPayment(pay);
    expect(payment).toMatchObject({ status: 'captured', amountRefunded: 10000 });
  });
});

describe('a partial refund through Razorpay', () => {
  it('refunds part, keeps access, takes a replayed refund.processed once, and the rest closes the order', async () => {
    const p = await paidRazorpayOrder();
    const part = money(p.total / 4);
    const first = await refund(p.orderNumber, { amount: part, reason: 'Partial goodwill refund' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<AdminOrderDetail>()).toMatchObject({
      status: 'Paid',
      currency: 'INR',
      refunded: part,
      refunds: [{ provider: 'razorpay', provider_refund_id: expect.stringMatching(/^rfnd_/), provider_status: 'processed' }],
    });
    expect(await hasAccess(p)).toBe(true);
    expect((await refundMail(p.email)).text).toContain(`₹${part.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`);

    // Razorpay's refund.processed, delivered twice: recorded once (it is the studio's own refund).
    const processed = fake.razorpayEvents.filter((e) => e.event === 'refund.processed').at(-1)!;
    expect((await deliverRazorpay(processed)).statusCode).toBe(200);
    expect((await deliverRazorpay(processed)).statusCode).toBe(200);
    expect(await refundRows(p.orderNumber)).toHaveLength(1);

    const rest = await refund(p.orderNumber);
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json<AdminOrderDetail>()).toMatchObject({ status: 'Refunded', refunded: p.total });
    expect(await hasAccess(p)).toBe(false);
    const payment = await fake.razorpay.fetchPayment((await detail(p.orderNumber)).payments[0]!.provider_payment_id);
    expect(payment).toMatchObject({ status: 'refunded', amountRefunded: Math.round(p.total * 100) });
  });

  it("records a partial refund made in Razorpay's dashboard from refund.processed (the refund's own id keeps two apart)", async () => {
    const p = await paidRazorpayOrder();
    const pay = (await detail(p.orderNumber)).payments[0]!.provider_payment_id;
    await fake.razorpay.refund(pay, 'dash-1', { amount: 10000 });
    await fake.razorpay.refund(pay, 'dash-2', { amount: 5000 });
    const [one, two] = fake.razorpayEvents.filter((e) => e.event === 'refund.processed').slice(-2);
    // Without Razorpay's event id header the events are told apart by their refund's id.
    for (const event of [one!, two!]) {
      const payload = JSON.stringify({ event: event.event, payload: event.payload });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/webhooks/razorpay',
        payload,
        headers: { 'content-type': 'application/json', 'x-razorpay-signature': fake.razorpay.signWebhook(payload) },
      });
      expect(res.statusCode).toBe(200);
    }
    const order = await detail(p.orderNumber);
    expect(order.refunds.map((r) => r.amount)).toEqual([100, 50]);
    expect(order.status).toBe('Paid');
    expect(await hasAccess(p)).toBe(true);
  });
});
