import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseDetail, CourseListItem } from '../../../shared/catalog.js';
import { subscriptionMessages, type SubscriptionDetail, type SubscriptionHistoryRow } from '../../../shared/subscriptions.js';
import { providerEvents, subscriptionTransactions, subscriptions } from '../../db/schema/index.js';
import { addPeriods, RETRY_DAYS } from '../../integrations/stripe/fake-billing.js';
import { startKit, type Kit } from '../../../../test/memberships.js';
import { JOBS } from './state-machine.js';

let kit: Kit;
let paidCourse: CourseListItem;
beforeAll(async () => {
  kit = await startKit();
  paidCourse = (await kit.t.app.inject({ url: '/api/v1/courses/' })).json<CourseListItem[]>().find((c) => c.course_type === 'paid')!;
});
afterAll(() => kit.close());

const DAY = 24 * 60 * 60 * 1000;
const detailOf = async (m: { call: Kit['member'] extends () => Promise<infer M> ? (M extends { call: infer C } ? C : never) : never }) =>
  (await m.call('GET', '/user/subscription-detail/')).json<SubscriptionDetail>();
const historyOf = async (m: Parameters<typeof detailOf>[0]) => (await m.call('GET', '/subscription-history')).json<SubscriptionHistoryRow[]>();
const premiumOpen = async (m: Parameters<typeof detailOf>[0]) => {
  const detail = (await m.call('GET', `/courses/${paidCourse.slug}/`)).json<CourseDetail>();
  return { access: detail.access, locked: detail.sections.flatMap((s) => s.lessons).filter((l) => l.is_locked).length };
};

describe('a monthly Stripe membership, from checkout to the end', () => {
  it('subscribes, activates once under replayed and reordered events, renews by exactly one period, cancels and ends', async () => {
    const m = await kit.member();
    expect((await detailOf(m)).subscription_active).toBe(false);
    expect((await m.call('GET', '/subscription/course/')).json()).toEqual({ courses: [] });

    const started = await m.call('POST', '/membership-subscription-api/?ip=8.8.8.8', { plan_id: kit.planId('monthly'), payment_method: 'stripe' });
    expect(started.statusCode, started.body).toBe(200);
    const body = started.json();
    expect(body).toMatchObject({
      checkout_url: expect.stringContaining('/sandbox/stripe/checkout/cs_test_'),
      subscription_id: null,
      plan_name: 'Monthly Membership',
      currency: 'USD',
    });
    expect(body.amount).toBe(1999);
    // Nothing is granted before the provider confirms.
    expect((await detailOf(m)).subscription_active).toBe(false);

    const from = await kit.payStripe(body.session_id);
    const events = kit.fake().stripeEvents.slice(from);
    expect(events.map((e) => e.type)).toEqual(['customer.subscription.created', 'invoice.paid', 'checkout.session.completed']);
    // Five deliveries of each, newest first: one membership, one charge, one welcome email.
    await kit.deliverAll('stripe', from, { times: 5, reverse: true });

    const detail = await detailOf(m);
    expect(detail).toMatchObject({
      subscription_active: true,
      status: 'Active',
      is_active: true,
      auto_renew: true,
      is_canceled: false,
      plan_type: 'monthly',
      payment_method: 'stripe',
    });
    const sub = await kit.fake().stripeSdk.subscriptions.retrieve((await kit.stripeSubscriptionOf(detail.id!)).stripeSubscriptionId!);
    const item = sub.items.data[0]!;
    expect(detail.end_date).toBe(new Date(item.current_period_end * 1000).toISOString());
    expect(item.current_period_end).toBe(addPeriods(item.current_period_start, 'month', 1));

    let history = await historyOf(m);
    expect(history.map((h) => h.status)).toEqual(['active']);
    expect(history[0]).toMatchObject({ plan_name: 'Monthly Membership', payment_method: 'Stripe', amount: 19.99, currency: 'USD' });
    expect(history[0]!.transaction_id).toMatch(/^in_/);
    expect((await kit.mailTo(m.user.email)).filter((mail) => mail.subject.startsWith('Welcome to your'))).toHaveLength(1);
    const logged = await kit.t.handle.db.select().from(providerEvents).where(eq(providerEvents.eventId, events[1]!.id));
    expect(logged[0]).toMatchObject({ provider: 'stripe', type: 'invoice.paid', deliveries: 5 });
    expect(logged[0]!.outcome).toMatch(/^membership /);

    // Every course opens; the course list of the membership lists them all and searches.
    expect(await premiumOpen(m)).toEqual({ access: 'membership', locked: 0 });
    const courses = (await m.call('GET', '/subscription/course/')).json<{ courses: CourseListItem[] }>().courses;
    const published = (await kit.t.app.inject({ url: '/api/v1/courses/' })).json<CourseListItem[]>();
    expect(courses.map((c) => c.id).sort()).toEqual(published.map((c) => c.id).sort());
    const found = (await m.call('GET', `/subscription/course/?search=${encodeURIComponent(paidCourse.title.slice(0, 6).toLowerCase())}`)).json<{
      courses: CourseListItem[];
    }>().courses;
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((c) => c.title.toLowerCase().includes(paidCourse.title.slice(0, 6).toLowerCase()))).toBe(true);

    // A second membership while this one is current is refused.
    const again = await m.call('POST', '/membership-subscription-api/', { plan_id: kit.planId('yearly'), payment_method: 'stripe' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: subscriptionMessages.alreadyMember });
    // Lifetime is an upgrade, not a second membership (self-service.test.ts).

    // The reminder before the renewal goes out once.
    await kit.fastForward(JOBS.reminder);
    await kit.fastForward(JOBS.reminder);
    expect((await kit.mailTo(m.user.email)).filter((mail) => mail.subject.includes('renews on'))).toHaveLength(1);

    // Renewal: the test clock passes the period end.
    const renewedFrom = await kit.advanceStripe(detail.stripe_customer_id!, item.current_period_end * 1000 + 60_000);
    expect(
      kit
        .fake()
        .stripeEvents.slice(renewedFrom)
        .map((e) => e.type),
    ).toEqual(['invoice.paid', 'customer.subscription.updated']);
    await kit.deliverAll('stripe', renewedFrom, { times: 5 });
    const renewed = await detailOf(m);
    expect(renewed.end_date).toBe(new Date(addPeriods(item.current_period_start, 'month', 2) * 1000).toISOString());
    history = await historyOf(m);
    expect(history.map((h) => h.status)).toEqual(['renewed', 'active']);
    // The renewal is dated when the test clock renewed it (not when the row was written), with Stripe's own invoice id.
    expect(history[0]!.created_at).toBe(new Date(item.current_period_end * 1000).toISOString());
    expect(history[0]!.transaction_id).toMatch(/^in_[A-Za-z0-9]+$/);
    expect((await kit.mailTo(m.user.email)).filter((mail) => mail.subject.includes('has renewed'))).toHaveLength(1);

    // Cancel: auto-renewal off at Stripe, still active until the end date.
    expect((await (await kit.member()).call('POST', '/cancel-subscription/', { subscription_id: detail.id })).statusCode).toBe(404);
    expect((await m.call('POST', '/cancel-subscription/', { subscription_id: 'abc' })).statusCode).toBe(400);
    const cancelFrom = kit.fake().stripeEvents.length;
    const cancelled = await m.call('POST', '/cancel-subscription/', { subscription_id: detail.id });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ success: true, message: expect.stringContaining('You keep full access until') });
    await kit.deliverAll('stripe', cancelFrom, { times: 3 });
    expect(await detailOf(m)).toMatchObject({ status: 'Active', is_active: true, auto_renew: false, is_canceled: true, end_date: renewed.end_date });
    expect((await kit.fake().stripeSdk.subscriptions.retrieve(sub.id)).cancel_at_period_end).toBe(true);
    expect((await m.call('POST', '/cancel-subscription/', { subscription_id: detail.id })).json().success).toBe(true);
    history = await historyOf(m);
    expect(history.map((h) => h.status)).toEqual(['cancelled', 'renewed', 'active']);
    expect(await premiumOpen(m)).toEqual({ access: 'membership', locked: 0 });

    // The end of the period: Stripe ends the subscription; access ends, the course list empties.
    const endFrom = await kit.advanceStripe(detail.stripe_customer_id!, Date.parse(renewed.end_date!) + 60_000);
    expect(
      kit
        .fake()
        .stripeEvents.slice(endFrom)
        .map((e) => e.type),
    ).toEqual(['customer.subscription.deleted']);
    await kit.deliverAll('stripe', endFrom, { times: 5 });
    expect(await detailOf(m)).toMatchObject({ subscription_active: true, status: 'Inactive', is_active: false, auto_renew: false });
    expect((await premiumOpen(m)).access).toBe('none');
    expect((await m.call('GET', '/subscription/course/')).json()).toEqual({ courses: [] });
    history = await historyOf(m);
    expect(history.map((h) => h.status)).toEqual(['expired', 'cancelled', 'renewed', 'active']);
    // What Lectern recorded itself carries no made-up id ('sub_…-ended'); the end is dated when the period ended.
    expect(history.slice(0, 2).map((h) => h.transaction_id)).toEqual([null, null]);
    expect(history[0]!.created_at).toBe(renewed.end_date);

    // Old events delivered late change nothing: the provider's current state is what counts.
    for (const event of kit.fake().stripeEvents.slice(from, endFrom)) await kit.deliverStripe({ ...event, id: `${event.id}_late` });
    expect((await detailOf(m)).status).toBe('Inactive');

    // And a new membership is possible again.
    const next = await m.call('POST', '/membership-subscription-api/', { plan_id: kit.planId('yearly'), payment_method: 'stripe' });
    expect(next.statusCode).toBe(200);
  });
});

describe('a failed renewal', () => {
  it('keeps access through the grace period with dunning emails, then ends when the grace period is over', async () => {
    const m = await kit.stripeMember();
    const row = await kit.stripeSubscriptionOf(m.membershipId);
    await kit.fake().stripeBilling.setDeclines(row.stripeSubscriptionId!, true);
    const from = await kit.advanceStripe(m.customerId, row.endDate!.getTime() + 60_000);
    expect(
      kit
        .fake()
        .stripeEvents.slice(from)
        .map((e) => e.type),
    ).toEqual(['invoice.payment_failed', 'customer.subscription.updated']);
    await kit.deliverAll('stripe', from, { times: 5, reverse: true });

    const detail = await detailOf(m);
    expect(detail).toMatchObject({ status: 'Active', is_active: true });
    // Grace: 7 days from the failed renewal (the provider's time).
    expect(Date.parse(detail.grace_until!)).toBe(row.endDate!.getTime() + 7 * DAY);
    expect((await premiumOpen(m)).access).toBe('membership');
    const afterFailure = await historyOf(m);
    expect(afterFailure.map((h) => h.status)).toEqual(['failed', 'active']);
    // The failed attempt: the invoice's own id (not 'in_…-attempt-1'), dated when the clock made the attempt.
    expect(afterFailure[0]!.transaction_id).toMatch(/^in_[A-Za-z0-9]+$/);
    expect(afterFailure[0]!.created_at).toBe(row.endDate!.toISOString());
    expect((await kit.mailTo(m.user.email)).filter((mail) => mail.subject.includes('did not go through'))).toHaveLength(1);

    await kit.fastForward(JOBS.graceWarning);
    expect((await kit.mailTo(m.user.email)).filter((mail) => mail.subject.includes(' ends on '))).toHaveLength(1);

    // Our grace period ends first: the membership expires here and Stripe is told to stop retrying.
    const endFrom = kit.fake().stripeEvents.length;
    await kit.fastForward(JOBS.graceEnd);
    await kit.drain();
    expect(await detailOf(m)).toMatchObject({ status: 'Inactive', is_active: false, grace_until: null });
    expect((await premiumOpen(m)).access).toBe('none');
    expect((await kit.fake().stripeSdk.subscriptions.retrieve(row.stripeSubscriptionId!)).status).toBe('canceled');
    await kit.deliverAll('stripe', endFrom, { times: 2 });
    expect((await historyOf(m)).map((h) => h.status)).toEqual(['expired', 'failed', 'active']);
    expect((await kit.mailTo(m.user.email)).filter((mail) => mail.subject.includes('has ended'))).toHaveLength(1);
  });

  it('ends when Stripe gives up after its retries', async () => {
    const m = await kit.stripeMember();
    const row = await kit.stripeSubscriptionOf(m.membershipId);
    await kit.fake().stripeBilling.setDeclines(row.stripeSubscriptionId!, true);
    const renewalAt = row.endDate!.getTime();
    const from = await kit.advanceStripe(m.customerId, renewalAt + (RETRY_DAYS.at(-1)! + 0.5) * DAY);
    expect(
      kit
        .fake()
        .stripeEvents.slice(from)
        .map((e) => e.type),
    ).toEqual([
      'invoice.payment_failed',
      'customer.subscription.updated',
      'invoice.payment_failed',
      'invoice.payment_failed',
      'invoice.payment_failed',
      'customer.subscription.deleted',
    ]);
    await kit.deliverAll('stripe', from);
    expect(await detailOf(m)).toMatchObject({ status: 'Inactive', is_active: false });
    // Each failed attempt is a row (the events arrive after the end, so the expiry row sits among them).
    expect((await historyOf(m)).map((h) => h.status).sort()).toEqual(['active', 'expired', 'failed', 'failed', 'failed', 'failed']);
  });

  it('recovers when a retry succeeds: active again, the renewal recorded', async () => {
    const m = await kit.stripeMember();
    const row = await kit.stripeSubscriptionOf(m.membershipId);
    await kit.fake().stripeBilling.setDeclines(row.stripeSubscriptionId!, true);
    await kit.deliverAll('stripe', await kit.advanceStripe(m.customerId, row.endDate!.getTime() + 60_000));
    expect((await detailOf(m)).grace_until).not.toBeNull();
    await kit.fake().stripeBilling.setDeclines(row.stripeSubscriptionId!, false);
    const from = await kit.advanceStripe(m.customerId, row.endDate!.getTime() + (RETRY_DAYS[0]! + 0.5) * DAY);
    await kit.deliverAll('stripe', from, { times: 3, reverse: true });
    expect(await detailOf(m)).toMatchObject({ status: 'Active', is_active: true, grace_until: null, auto_renew: true });
    expect((await historyOf(m)).map((h) => h.status)).toEqual(['renewed', 'failed', 'active']);
    // The grace jobs find nothing to do.
    await kit.fastForward(JOBS.graceEnd);
    expect((await detailOf(m)).is_active).toBe(true);
  });
});

describe('a refund', () => {
  it('of a membership charge ends the membership and revokes access, once however often Stripe says so', async () => {
    const m = await kit.stripeMember('yearly');
    const [charge] = await kit.t.handle.db
      .select()
      .from(subscriptionTransactions)
      .where(and(eq(subscriptionTransactions.subscriptionId, m.membershipId), eq(subscriptionTransactions.status, 'active')));
    const from = kit.fake().stripeEvents.length;
    await kit.fake().stripeSdk.refunds.create({ payment_intent: charge!.providerPaymentId! });
    expect(
      kit
        .fake()
        .stripeEvents.slice(from)
        .map((e) => e.type),
    ).toEqual(['charge.refunded']);
    await kit.deliverAll('stripe', from, { times: 5 });
    expect(await detailOf(m)).toMatchObject({ status: 'Cancelled', is_active: false, auto_renew: false });
    expect((await premiumOpen(m)).access).toBe('none');
    expect((await historyOf(m)).map((h) => h.status)).toEqual(['refunded', 'active']);
    // Stripe stops the subscription too, and its event changes nothing more.
    const cancelFrom = kit.fake().stripeEvents.length;
    await kit.drain();
    const row = await kit.stripeSubscriptionOf(m.membershipId);
    expect((await kit.fake().stripeSdk.subscriptions.retrieve(row.stripeSubscriptionId!)).status).toBe('canceled');
    await kit.deliverAll('stripe', cancelFrom, { times: 2 });
    expect((await historyOf(m)).map((h) => h.status)).toEqual(['refunded', 'active']);
    expect(row.status).toBe('cancelled');
  });
});

describe('webhooks', () => {
  it('refuse a forged or missing signature, and write nothing', async () => {
    const m = await kit.member();
    const started = (await m.call('POST', '/membership-subscription-api/', { plan_id: kit.planId('monthly'), payment_method: 'stripe' })).json();
    const from = await kit.payStripe(started.session_id);
    const before = (await kit.t.handle.db.select().from(providerEvents)).length;
    for (const event of kit.fake().stripeEvents.slice(from)) {
      expect((await kit.deliverStripe(event, 't=1,v1=forged')).statusCode).toBe(400);
      const payload = JSON.stringify({ id: event.id, object: 'event', type: event.type, data: { object: event.object } });
      expect(
        (await kit.t.app.inject({ method: 'POST', url: '/api/v1/webhooks/stripe', payload, headers: { 'content-type': 'application/json' } })).statusCode,
      ).toBe(400);
    }
    expect((await kit.t.handle.db.select().from(providerEvents)).length).toBe(before);
    // (The detail would read the paid session back from Stripe: the row itself shows what the webhooks did.)
    expect((await kit.t.handle.db.select().from(subscriptions).where(eq(subscriptions.userId, m.user.id)))[0]!.status).toBe('pending');
  });

  it('activate from the invoice alone when the checkout event never comes, and from the detail poll when no webhook comes', async () => {
    const a = await kit.member();
    const startedA = (await a.call('POST', '/membership-subscription-api/', { plan_id: kit.planId('monthly'), payment_method: 'stripe' })).json();
    const fromA = await kit.payStripe(startedA.session_id);
    const invoicePaid = kit
      .fake()
      .stripeEvents.slice(fromA)
      .find((e) => e.type === 'invoice.paid')!;
    expect((await kit.deliverStripe(invoicePaid)).statusCode).toBe(200);
    expect((await detailOf(a)).is_active).toBe(true);

    const b = await kit.member();
    const startedB = (await b.call('POST', '/membership-subscription-api/', { plan_id: kit.planId('monthly'), payment_method: 'stripe' })).json();
    await kit.payStripe(startedB.session_id);
    expect((await detailOf(b)).is_active).toBe(true);
    expect((await historyOf(b)).map((h) => h.status)).toEqual(['active']);
  });

  it('about an object Stripe does not know are acknowledged and logged as ignored, with the reason; an outage still answers 503', async () => {
    const stored = async (eventId: string) => (await kit.t.handle.db.select().from(providerEvents).where(eq(providerEvents.eventId, eventId)))[0]!;
    // Signed events (a test mode's leftovers, another account's objects) about subscriptions, invoices, charges and sessions Stripe has never heard of.
    const unknown = [
      { id: 'evt_unknown_sub_updated', type: 'customer.subscription.updated', object: { id: 'sub_never_existed', object: 'subscription' } },
      { id: 'evt_unknown_sub_deleted', type: 'customer.subscription.deleted', object: { id: 'sub_never_existed', object: 'subscription' } },
      { id: 'evt_unknown_invoice_paid', type: 'invoice.paid', object: { id: 'in_never_existed', object: 'invoice' } },
      { id: 'evt_unknown_invoice_failed', type: 'invoice.payment_failed', object: { id: 'in_never_existed', object: 'invoice', attempt_count: 1 } },
      { id: 'evt_unknown_charge', type: 'charge.refunded', object: { id: 'ch_never_existed', object: 'charge' } },
      { id: 'evt_unknown_session', type: 'checkout.session.completed', object: { id: 'cs_never_existed', object: 'checkout.session' } },
    ];
    for (const event of unknown) {
      const res = await kit.deliverStripe(event);
      expect(res.statusCode, `${event.type}: ${res.body}`).toBe(200);
      const row = await stored(event.id);
      expect(row.processedAt, event.type).not.toBeNull();
      expect(row.outcome, event.type).toMatch(/^ignored: Stripe says it does not exist \(No such (subscription|invoice|charge|checkout\.session)/);
    }
    // The studio's payments log shows them processed, with the reason.
    const admin = await kit.member({ isAdmin: true });
    const log = (await admin.call('GET', '/admin/payment-events/?search=never_existed')).json<{
      results: { event_id: string; state: string; outcome: string }[];
    }>();
    expect(log.results.find((e) => e.event_id === 'evt_unknown_sub_updated')).toMatchObject({
      state: 'processed',
      outcome: expect.stringContaining('ignored'),
    });

    // A real outage (Stripe answers 5xx, or the network fails) is not a verdict: 503, so Stripe retries; the retry then does the work.
    const m = await kit.stripeMember();
    const row = await kit.stripeSubscriptionOf(m.membershipId);
    const sub = row.stripeSubscriptionId!;
    const updated = { id: 'evt_sub_updated_during_outage', type: 'customer.subscription.updated', object: { id: sub, object: 'subscription' } };
    kit.fake().failNext('GET', `/v1/subscriptions/${sub}`, 3);
    expect((await kit.deliverStripe(updated)).statusCode).toBe(503);
    expect(await stored(updated.id)).toMatchObject({ processedAt: null, outcome: expect.stringContaining('will be retried') });
    kit.fake().dropNext('GET', `/v1/subscriptions/${sub}`, 3);
    expect((await kit.deliverStripe(updated)).statusCode).toBe(503);
    expect((await stored(updated.id)).processedAt).toBeNull();
    const retried = await kit.deliverStripe(updated);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(await stored(updated.id)).toMatchObject({ processedAt: expect.any(Date), outcome: expect.stringMatching(/^membership /) });
  }, 30_000);

  it('link a subscription only to the membership and member it was created for', async () => {
    const m = await kit.member();
    const started = (await m.call('POST', '/membership-subscription-api/', { plan_id: kit.planId('monthly'), payment_method: 'stripe' })).json();
    const row = (await kit.t.handle.db.select().from(subscriptions).where(eq(subscriptions.providerReference, started.session_id)))[0]!;
    // A subscription made elsewhere that claims this membership for another user is ignored.
    const customer = await kit.fake().stripeBilling.createCustomer({ email: 'someone@example.com' });
    const forged = await kit.fake().stripeBilling.startSubscription({
      customer: customer.id,
      currency: 'usd',
      amount: 1,
      interval: 'month',
      productName: 'Forged',
      metadata: { membership_id: String(row.id), user_id: String(row.userId + 1000), kind: 'membership' },
    });
    expect(forged.events.map((e) => e.type)).toContain('customer.subscription.created');
    for (const event of forged.events) expect((await kit.deliverStripe(event)).statusCode).toBe(200);
    expect((await detailOf(m)).subscription_active).toBe(false);
  });
});

describe('the subscribe calls refuse', () => {
  it('an unknown plan, the lifetime plan, an unknown provider, Razorpay outside India, a visitor and malformed bodies', async () => {
    const m = await kit.member();
    const subscribe = (body: unknown) => m.call('POST', '/membership-subscription-api/', body);
    expect((await subscribe({ plan_id: 99999, payment_method: 'stripe' })).statusCode).toBe(404);
    const lifetime = await subscribe({ plan_id: kit.planId('lifetime'), payment_method: 'stripe' });
    expect(lifetime.statusCode).toBe(400);
    expect(lifetime.json()).toEqual({ plan_id: [subscriptionMessages.lifetimeNotRecurring] });
    expect((await subscribe({ plan_id: kit.planId('monthly'), payment_method: 'paypal' })).json()).toHaveProperty('payment_method');
    expect((await subscribe({ plan_id: kit.planId('monthly'), payment_method: 'razorpay' })).json()).toEqual({
      payment_method: [subscriptionMessages.razorpayIndiaOnly],
    });
    expect((await subscribe({ plan_id: 'x', payment_method: 'stripe' })).json()).toHaveProperty('plan_id');
    expect((await subscribe({})).statusCode).toBe(400);
    expect(
      (
        await kit.t.app.inject({
          method: 'POST',
          url: '/api/v1/membership-subscription-api/',
          payload: { plan_id: kit.planId('monthly'), payment_method: 'stripe' },
        })
      ).statusCode,
    ).toBe(401);
    for (const url of ['/user/subscription-detail/', '/subscription-history', '/subscription/course/']) {
      expect((await kit.t.app.inject({ url: `/api/v1${url}` })).statusCode).toBe(401);
    }
    expect(await kit.t.handle.db.select().from(subscriptions).where(eq(subscriptions.userId, m.user.id))).toHaveLength(0);
  });

  it('lets a member start again after abandoning a checkout: the older one can no longer be paid', async () => {
    const m = await kit.member();
    const first = (await m.call('POST', '/membership-subscription-api/', { plan_id: kit.planId('monthly'), payment_method: 'stripe' })).json();
    const second = (await m.call('POST', '/membership-subscription-api/', { plan_id: kit.planId('yearly'), payment_method: 'stripe' })).json();
    await kit.drain();
    expect((await kit.fake().stripeSdk.checkout.sessions.retrieve(first.session_id)).status).toBe('expired');
    const from = await kit.payStripe(second.session_id);
    await kit.deliverAll('stripe', from);
    expect(await detailOf(m)).toMatchObject({ is_active: true, plan_type: 'yearly' });
  });
});

describe('the return from a membership checkout', () => {
  it('comes back to the origin the member called from (tokens live per origin), never to one outside the allow-list', async () => {
    const sessionOf = async (id: string) => kit.fake().stripeSdk.checkout.sessions.retrieve(id);
    const m = await kit.member();
    m.headers.origin = 'http://127.0.0.1:3000';
    const monthly = (await m.call('POST', '/membership-subscription-api/?ip=8.8.8.8', { plan_id: kit.planId('monthly'), payment_method: 'stripe' })).json();
    const session = await sessionOf(monthly.session_id);
    expect(session.success_url).toBe('http://127.0.0.1:3000/pending-activation/?session_id={CHECKOUT_SESSION_ID}');
    expect(session.cancel_url).toBe('http://127.0.0.1:3000/subscribe?scrollTo=plans');

    m.headers.origin = 'https://evil.example';
    const lifetime = (await m.call('POST', '/subscription-lifetime/?ip=1.1.1.1', { payment_method: 'stripe' })).json();
    const other = await sessionOf(lifetime.session_id);
    expect(other.success_url).toBe('http://lectern.test/pending-activation/?session_id={CHECKOUT_SESSION_ID}&plan=lifetime');
    expect(other.cancel_url).toBe('http://lectern.test/subscribe?scrollTo=plans');
  });
});
