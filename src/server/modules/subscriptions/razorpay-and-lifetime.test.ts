import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptionMessages, type SubscriptionDetail, type SubscriptionHistoryRow } from '../../../shared/subscriptions.js';
import { jobs, providerEvents, subscriptions } from '../../db/schema/index.js';
import { RAZORPAY_RETRY_DAYS } from '../../integrations/razorpay/fake-billing.js';
import { startKit, type Kit } from '../../../../test/memberships.js';
import { JOBS } from './state-machine.js';

let kit: Kit;
beforeAll(async () => {
  kit = await startKit();
});
afterAll(() => kit.close());

type Member = Awaited<ReturnType<Kit['member']>>;
const DAY = 24 * 60 * 60 * 1000;
const detailOf = async (m: Member) => (await m.call('GET', '/user/subscription-detail/')).json<SubscriptionDetail>();
const historyOf = async (m: Member) => (await m.call('GET', '/subscription-history')).json<SubscriptionHistoryRow[]>();
const rowsOf = (m: Member) => kit.t.handle.db.select().from(subscriptions).where(eq(subscriptions.userId, m.user.id));

/** The sandbox popup's "Pay" for a Razorpay subscription: returns what Razorpay's handler would give, and the index of the first webhook. */
async function payRazorpaySubscription(subscriptionId: string) {
  const from = kit.fake().razorpayEvents.length;
  const res = await kit.fake().server.inject({ method: 'POST', url: `/sandbox/razorpay/subscriptions/${subscriptionId}/pay` });
  expect(res.statusCode, res.body).toBe(200);
  return { handler: res.json<{ razorpay_payment_id: string; razorpay_subscription_id: string; razorpay_signature: string }>(), from };
}

describe('a lifetime membership through Stripe', () => {
  it('activates only once the session is paid and is the member’s own, once whatever the replays', async () => {
    const m = await kit.member();
    const started = await m.call('POST', '/subscription-lifetime/?ip=1.1.1.1', { payment_method: 'stripe' });
    expect(started.statusCode, started.body).toBe(200);
    const body = started.json();
    expect(body).toMatchObject({
      checkout_url: expect.stringContaining('/sandbox/stripe/checkout/'),
      session_id: expect.stringMatching(/^cs_test_/),
      order_id: null,
      amount: 29900,
      currency: 'USD',
    });

    // Before payment: nothing, whatever the browser says.
    const early = await m.call('POST', '/update-lifetime-subscription/', { payment_method: 'stripe', session_id: body.session_id });
    expect(early.json()).toMatchObject({ success: false, message: subscriptionMessages.paymentPending });
    expect((await rowsOf(m))[0]!.status).toBe('pending');

    // Someone else's session, or one that is not a lifetime membership's, is not found.
    const stranger = await kit.member();
    expect((await stranger.call('POST', '/update-lifetime-subscription/', { payment_method: 'stripe', session_id: body.session_id })).statusCode).toBe(404);
    expect((await m.call('POST', '/update-lifetime-subscription/', { payment_method: 'stripe', session_id: 'cs_test_nope' })).statusCode).toBe(404);
    expect((await m.call('POST', '/update-lifetime-subscription/', { payment_method: 'stripe' })).statusCode).toBe(400);

    const from = await kit.payStripe(body.session_id);
    const confirmations = await Promise.all(
      [1, 2, 3, 4, 5].map(() => m.call('POST', '/update-lifetime-subscription/', { payment_method: 'stripe', session_id: body.session_id })),
    );
    for (const res of confirmations) expect(res.json()).toMatchObject({ success: true, message: subscriptionMessages.lifetimeActivated });
    await kit.deliverAll('stripe', from, { times: 5 });

    expect(await detailOf(m)).toMatchObject({
      subscription_active: true,
      status: 'Active',
      is_active: true,
      plan_type: 'lifetime',
      end_date: null,
      auto_renew: false,
    });
    expect((await historyOf(m)).map((h) => h.status)).toEqual(['active']);
    expect(await rowsOf(m)).toHaveLength(1);
    expect((await kit.mailTo(m.user.email)).filter((mail) => mail.subject.startsWith('Welcome'))).toHaveLength(1);

    const cancel = await m.call('POST', '/cancel-subscription/', { subscription_id: (await detailOf(m)).id });
    expect(cancel.statusCode).toBe(400);
    expect(cancel.json()).toMatchObject({ error: subscriptionMessages.lifetimeNoRenewal });
  });
});

describe('a lifetime membership through Razorpay (India)', () => {
  it('is offered only to India and activates only with a valid signature over order and payment ids', async () => {
    const us = await kit.member();
    expect((await us.call('POST', '/subscription-lifetime/', { payment_method: 'razorpay' })).json()).toEqual({
      payment_method: [subscriptionMessages.razorpayIndiaOnly],
    });

    const m = await kit.member({ country: 'IN' });
    const started = await m.call('POST', '/subscription-lifetime/?ip=1.1.1.1', { payment_method: 'razorpay' });
    expect(started.statusCode, started.body).toBe(200);
    const body = started.json();
    expect(body).toMatchObject({ order_id: expect.stringMatching(/^order_/), amount: 1999900, currency: 'INR', checkout_url: null });
    expect(body.user_info).toMatchObject({ name: 'Meera Nair', email: m.user.email });

    const paid = await kit.fake().server.inject({ method: 'POST', url: `/sandbox/razorpay/orders/${body.order_id}/pay` });
    const handler = paid.json<{ razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string }>();
    const confirm = (overrides: Record<string, unknown> = {}) =>
      m.call('POST', '/update-lifetime-subscription/', {
        payment_method: 'razorpay',
        payment_id: handler.razorpay_payment_id,
        order_id: handler.razorpay_order_id,
        signature: handler.razorpay_signature,
        total: 19999,
        payment_status: 'Success',
        currency: 'INR',
        ...overrides,
      });
    expect((await confirm({ signature: 'f'.repeat(64) })).statusCode).toBe(400);
    expect((await confirm({ payment_id: 'pay_forged' })).statusCode).toBe(400);
    expect((await rowsOf(m))[0]!.status).toBe('pending');
    const stranger = await kit.member({ country: 'IN' });
    expect(
      (
        await stranger.call('POST', '/update-lifetime-subscription/', {
          payment_method: 'razorpay',
          payment_id: handler.razorpay_payment_id,
          order_id: handler.razorpay_order_id,
          signature: handler.razorpay_signature,
        })
      ).statusCode,
    ).toBe(404);

    for (let i = 0; i < 5; i++) expect((await confirm()).json()).toMatchObject({ success: true });
    await kit.deliverAll('razorpay', 0, { times: 2 });
    expect(await detailOf(m)).toMatchObject({ is_active: true, plan_type: 'lifetime', payment_method: 'razorpay', end_date: null });
    expect((await historyOf(m)).map((h) => [h.status, h.currency, h.amount])).toEqual([['active', 'INR', 19999]]);
  });
});

describe('a monthly Razorpay membership (India)', () => {
  it('verifies the popup, renews, fails into grace, recovers, turns auto-renewal off and ends', async () => {
    const us = await kit.member();
    expect((await us.call('POST', '/membership-subscription-api/', { plan_id: kit.planId('monthly'), payment_method: 'razorpay' })).statusCode).toBe(400);

    const m = await kit.member({ country: 'IN' });
    const started = await m.call('POST', '/membership-subscription-api/?ip=1.1.1.1', { plan_id: kit.planId('monthly'), payment_method: 'RazorPay' });
    expect(started.statusCode, started.body).toBe(200);
    const body = started.json();
    expect(body).toMatchObject({
      subscription_id: expect.stringMatching(/^sub_/),
      checkout_url: null,
      key_id: 'rzp_test_fake',
      amount: 99900,
      currency: 'INR',
    });
    const rzp = await kit.fake().razorpay.fetchSubscription(body.subscription_id);
    expect(rzp).toMatchObject({ status: 'created', totalCount: 120 });

    const { handler, from } = await payRazorpaySubscription(body.subscription_id);
    // Anything but this member's own subscription with a valid signature activates nothing.
    const verify = (who: Member, overrides: Record<string, string> = {}) => who.call('POST', '/razorpay-subscription-verify/', { ...handler, ...overrides });
    expect((await verify(m, { razorpay_signature: 'a'.repeat(64) })).statusCode).toBe(400);
    expect((await verify(await kit.member({ country: 'IN' }))).statusCode).toBe(404);
    expect((await verify(m, { razorpay_subscription_id: 'sub_unknown' })).statusCode).toBe(404);
    expect((await rowsOf(m))[0]!.status).toBe('pending');

    const verified = await verify(m);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({ success: true, subscription: { is_active: true, plan_type: 'monthly', payment_method: 'razorpay' } });
    expect(
      kit
        .fake()
        .razorpayEvents.slice(from)
        .map((e) => e.event),
    ).toEqual(['subscription.authenticated', 'subscription.activated', 'subscription.charged']);
    await kit.deliverAll('razorpay', from, { times: 5, reverse: true });
    expect((await historyOf(m)).map((h) => h.status)).toEqual(['active']);
    const detail = await detailOf(m);
    const fresh = await kit.fake().razorpay.fetchSubscription(body.subscription_id);
    expect(detail.end_date).toBe(fresh.currentEnd!.toISOString());

    // Renewal on the subscription's clock.
    const renewFrom = await kit.advanceRazorpay(body.subscription_id, fresh.currentEnd!.getTime() + 60_000);
    expect(
      kit
        .fake()
        .razorpayEvents.slice(renewFrom)
        .map((e) => e.event),
    ).toEqual(['subscription.charged']);
    await kit.deliverAll('razorpay', renewFrom, { times: 5 });
    const renewed = await detailOf(m);
    const next = new Date(fresh.currentEnd!);
    next.setUTCMonth(next.getUTCMonth() + 1);
    expect(renewed.end_date).toBe(next.toISOString());
    expect((await historyOf(m)).map((h) => h.status)).toEqual(['renewed', 'active']);
    // The renewal reminder, at least 24 hours ahead of the debit.
    await kit.fastForward(JOBS.reminder);
    const reminder = (await kit.mailTo(m.user.email)).find((mail) => mail.subject.includes('renews on'));
    expect(reminder?.text).toContain('at least 24 hours before the charge');

    // A declined renewal: pending at Razorpay, grace here; then a retry succeeds.
    await kit.fake().razorpayBilling.setDeclines(body.subscription_id, true);
    const failFrom = await kit.advanceRazorpay(body.subscription_id, Date.parse(renewed.end_date!) + 60_000);
    expect(
      kit
        .fake()
        .razorpayEvents.slice(failFrom)
        .map((e) => e.event),
    ).toEqual(['payment.failed', 'subscription.pending']);
    await kit.deliverAll('razorpay', failFrom, { times: 3 });
    const grace = await detailOf(m);
    expect(grace).toMatchObject({ status: 'Active', is_active: true });
    expect(Date.parse(grace.grace_until!)).toBe(Date.parse(renewed.end_date!) + 7 * DAY);
    await kit.fake().razorpayBilling.setDeclines(body.subscription_id, false);
    const recoverFrom = await kit.advanceRazorpay(body.subscription_id, Date.parse(renewed.end_date!) + (RAZORPAY_RETRY_DAYS[0]! + 0.5) * DAY);
    await kit.deliverAll('razorpay', recoverFrom, { times: 2 });
    expect(await detailOf(m)).toMatchObject({ is_active: true, grace_until: null });
    expect((await historyOf(m)).map((h) => h.status)).toEqual(['renewed', 'failed', 'renewed', 'active']);

    // Auto-renewal off at the end of the cycle: still active; then the cycle ends.
    const id = (await detailOf(m)).id;
    const cancelled = await m.call('POST', '/cancel-subscription/', { subscription_id: id });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await detailOf(m)).toMatchObject({ status: 'Active', auto_renew: false, is_canceled: true });
    const endAt = Date.parse((await detailOf(m)).end_date!);
    const endFrom = await kit.advanceRazorpay(body.subscription_id, endAt + 60_000);
    expect(
      kit
        .fake()
        .razorpayEvents.slice(endFrom)
        .map((e) => e.event),
    ).toEqual(['subscription.cancelled']);
    await kit.deliverAll('razorpay', endFrom, { times: 5 });
    expect(await detailOf(m)).toMatchObject({ status: 'Inactive', is_active: false });
    // Each row is dated when it happened: the renewals and the end by Razorpay's (test) clock, months ahead; auto-renewal
    // off when the member turned it off (Razorpay gives no time for it), today.
    const history = await historyOf(m);
    expect(history.map((h) => h.status)).toEqual(['expired', 'renewed', 'failed', 'renewed', 'cancelled', 'active']);
    expect(history.find((h) => h.status === 'cancelled')!.transaction_id).toBeNull();
    expect(history.filter((h) => h.status !== 'cancelled' && h.status !== 'expired').every((h) => /^pay_[A-Za-z0-9]+$/.test(h.transaction_id ?? ''))).toBe(
      true,
    );
  });

  it('is halted after the retries fail: the membership expires; a refund ends another at once', async () => {
    const m = await kit.member({ country: 'IN' });
    const body = (await m.call('POST', '/membership-subscription-api/', { plan_id: kit.planId('yearly'), payment_method: 'razorpay' })).json();
    const { handler } = await payRazorpaySubscription(body.subscription_id);
    expect((await m.call('POST', '/razorpay-subscription-verify/', handler)).statusCode).toBe(200);
    await kit.fake().razorpayBilling.setDeclines(body.subscription_id, true);
    const end = (await kit.fake().razorpay.fetchSubscription(body.subscription_id)).currentEnd!.getTime();
    const from = await kit.advanceRazorpay(body.subscription_id, end + (RAZORPAY_RETRY_DAYS.at(-1)! + 1) * DAY);
    expect(
      kit
        .fake()
        .razorpayEvents.slice(from)
        .map((e) => e.event)
        .at(-1),
    ).toBe('subscription.halted');
    await kit.deliverAll('razorpay', from, { times: 2 });
    expect(await detailOf(m)).toMatchObject({ status: 'Inactive', is_active: false });

    const other = await kit.member({ country: 'IN' });
    const otherBody = (await other.call('POST', '/membership-subscription-api/', { plan_id: kit.planId('monthly'), payment_method: 'razorpay' })).json();
    const paid = await payRazorpaySubscription(otherBody.subscription_id);
    expect((await other.call('POST', '/razorpay-subscription-verify/', paid.handler)).statusCode).toBe(200);
    const refundFrom = kit.fake().razorpayEvents.length;
    await kit.fake().razorpay.refund(paid.handler.razorpay_payment_id, 'test');
    await kit.deliverAll('razorpay', refundFrom, { times: 5 });
    expect(await detailOf(other)).toMatchObject({ status: 'Cancelled', is_active: false });
    expect((await historyOf(other)).map((h) => h.status)).toEqual(['refunded', 'active']);
    await kit.drain();
    expect((await kit.fake().razorpay.fetchSubscription(otherBody.subscription_id)).status).toBe('cancelled');
  });

  it('queues the renewal reminder at least 24 hours before the debit; a plan without renewal completes after one cycle and ends (subscription.completed ×5)', async () => {
    const reminderJobs = async (membershipId: number) =>
      (
        await kit.t.handle.db
          .select()
          .from(jobs)
          .where(and(eq(jobs.name, JOBS.reminder), eq(jobs.status, 'queued')))
      ).filter((job) => (job.payload as { id: number }).id === membershipId);

    const renewing = await kit.member({ country: 'IN' });
    const started = (await renewing.call('POST', '/membership-subscription-api/', { plan_id: kit.planId('monthly'), payment_method: 'razorpay' })).json();
    const paid = await payRazorpaySubscription(started.subscription_id);
    expect((await renewing.call('POST', '/razorpay-subscription-verify/', paid.handler)).statusCode).toBe(200);
    const detail = await detailOf(renewing);
    const [reminder] = await reminderJobs(detail.id!);
    expect(reminder, 'a reminder is queued').toBeDefined();
    expect(Date.parse(detail.end_date!) - reminder!.runAt.getTime()).toBeGreaterThanOrEqual(24 * 60 * 60 * 1000);
    expect(reminder!.runAt.getTime()).toBeGreaterThan(Date.now());

    const once = await kit.member({ country: 'IN' });
    const body = (
      await once.call('POST', '/membership-subscription-api/', { plan_id: kit.planId('monthly'), payment_method: 'razorpay', auto_renew: false })
    ).json();
    expect((await kit.fake().razorpay.fetchSubscription(body.subscription_id)).totalCount).toBe(1);
    const { handler } = await payRazorpaySubscription(body.subscription_id);
    expect((await once.call('POST', '/razorpay-subscription-verify/', handler)).statusCode).toBe(200);
    const current = await detailOf(once);
    expect(current).toMatchObject({ is_active: true, auto_renew: false });
    expect(await reminderJobs(current.id!)).toEqual([]);

    const from = await kit.advanceRazorpay(body.subscription_id, Date.parse(current.end_date!) + 60_000);
    expect(
      kit
        .fake()
        .razorpayEvents.slice(from)
        .map((e) => e.event),
    ).toEqual(['subscription.completed']);
    await kit.deliverAll('razorpay', from, { times: 5, reverse: true });
    expect(await detailOf(once)).toMatchObject({ status: 'Inactive', is_active: false });
    const history = (await historyOf(once)).map((h) => h.status);
    expect(history[0]).toBe('expired');
    expect(history.filter((status) => status === 'expired')).toHaveLength(1);
  });

  it('acknowledges events about a payment Razorpay does not know, logged as ignored; an outage still answers 503', async () => {
    const stored = async (eventId: string) =>
      (
        await kit.t.handle.db
          .select()
          .from(providerEvents)
          .where(and(eq(providerEvents.provider, 'razorpay'), eq(providerEvents.eventId, eventId)))
      )[0]!;
    const payment = { entity: { id: 'pay_never_existed', order_id: 'order_never_existed' } };
    for (const event of [
      { id: 'evt_rzp_unknown_captured', event: 'payment.captured', payload: { payment } },
      { id: 'evt_rzp_unknown_order_paid', event: 'order.paid', payload: { payment } },
      { id: 'evt_rzp_unknown_failed', event: 'payment.failed', payload: { payment } },
      { id: 'evt_rzp_unknown_refund', event: 'refund.processed', payload: { refund: { entity: { payment_id: 'pay_never_existed' } } } },
    ]) {
      const res = await kit.deliverRazorpay(event);
      expect(res.statusCode, `${event.event}: ${res.body}`).toBe(200);
      const row = await stored(event.id);
      expect(row.processedAt, event.event).not.toBeNull();
      expect(row.outcome, event.event).toMatch(/^ignored: Razorpay says it does not exist \(The id provided does not exist/);
    }
    // Razorpay failing (5xx, or no answer at all) is not a verdict: 503, and the retry decides.
    const outage = { id: 'evt_rzp_outage', event: 'payment.captured', payload: { payment: { entity: { id: 'pay_unknown_after_outage' } } } };
    kit.fake().failNext('GET', '/razorpay/v1/payments/pay_unknown_after_outage', 1);
    expect((await kit.deliverRazorpay(outage)).statusCode).toBe(503);
    expect((await stored(outage.id)).processedAt).toBeNull();
    kit.fake().dropNext('GET', '/razorpay/v1/payments/pay_unknown_after_outage', 1);
    expect((await kit.deliverRazorpay(outage)).statusCode).toBe(503);
    expect((await stored(outage.id)).processedAt).toBeNull();
    expect((await kit.deliverRazorpay(outage)).statusCode).toBe(200);
    expect((await stored(outage.id)).outcome).toMatch(/^ignored: Razorpay says it does not exist/);
  });

  it('refuses forged webhooks', async () => {
    const before = kit.fake().razorpayEvents.length;
    const m = await kit.member({ country: 'IN' });
    const body = (await m.call('POST', '/membership-subscription-api/', { plan_id: kit.planId('monthly'), payment_method: 'razorpay' })).json();
    await payRazorpaySubscription(body.subscription_id);
    const events = kit.fake().razorpayEvents.slice(before);
    expect(events.length).toBeGreaterThan(0);
    for (const event of events) expect((await kit.deliverRazorpay(event, 'b'.repeat(64))).statusCode).toBe(400);
    expect((await rowsOf(m))[0]!.status).toBe('pending');
  });
});
