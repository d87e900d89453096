/**
 * Issue 21 item 7: what Stripe's customer portal gives a member, through the real SDKs against the
 * local fakes: update the card (a Billing Portal session; Razorpay's subscription page), turn
 * auto-renewal back on before the period ends, move from monthly to yearly with Stripe's
 * proration, and upgrade to lifetime (the subscription ends, access never pauses, nothing ends twice).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseDetail, CourseListItem } from '../../../shared/catalog.js';
import { subscriptionMessages as m, type PlanChanges, type SubscriptionDetail, type SubscriptionHistoryRow } from '../../../shared/subscriptions.js';
import { subscriptions } from '../../db/schema/index.js';
import { startKit, type Kit } from '../../../../test/memberships.js';
import { JOBS } from './state-machine.js';

let kit: Kit;
let paidCourse: CourseListItem;
beforeAll(async () => {
  kit = await startKit();
  paidCourse = (await kit.t.app.inject({ url: '/api/v1/courses/' })).json<CourseListItem[]>().find((c) => c.course_type === 'paid')!;
});
afterAll(() => kit.close());

type Member = Awaited<ReturnType<Kit['member']>>;
const DAY = 24 * 60 * 60 * 1000;
const detailOf = async (who: Member) => (await who.call('GET', '/user/subscription-detail/')).json<SubscriptionDetail>();
const historyOf = async (who: Member) => (await who.call('GET', '/subscription-history')).json<SubscriptionHistoryRow[]>();
const accessOf = async (who: Member) => (await who.call('GET', `/courses/${paidCourse.slug}/`)).json<CourseDetail>().access;
const rowsOf = (who: Member) => kit.t.handle.db.select().from(subscriptions).where(eq(subscriptions.userId, who.user.id));
const path = (url: string) => new URL(url, 'http://x').pathname;

describe('updating the card', () => {
  it('Stripe: a Billing Portal session; the saved card pays the failed renewal at once', async () => {
    const member = await kit.stripeMember();
    const row = await kit.stripeSubscriptionOf(member.membershipId);
    await kit.fake().stripeBilling.setDeclines(row.stripeSubscriptionId!, true);
    await kit.deliverAll('stripe', await kit.advanceStripe(member.customerId, row.endDate!.getTime() + 60_000));
    expect((await detailOf(member)).state).toBe('retrying');

    // Only the owner; a membership with nothing to pay has no card to update.
    expect((await (await kit.member()).call('POST', '/subscription/payment-method/', { subscription_id: member.membershipId })).statusCode).toBe(404);
    const opened = await member.call('POST', '/subscription/payment-method/', { subscription_id: member.membershipId });
    expect(opened.statusCode, opened.body).toBe(200);
    const { url, provider } = opened.json<{ url: string; provider: string }>();
    expect(provider).toBe('stripe');
    expect(path(url)).toMatch(/^\/sandbox\/stripe\/portal\/bps_/);
    const sessionId = path(url).split('/').at(-1)!;
    const session = await kit.fake().stripeBilling.get<{ customer: string; return_url: string; flow: { type: string } }>('billing_portal.session', sessionId);
    expect(session).toMatchObject({ customer: member.customerId, return_url: 'http://lectern.test/subscription', flow: { type: 'payment_method_update' } });
    const page = await kit.fake().server.inject({ url: path(url) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Update your payment method');

    const from = kit.fake().stripeEvents.length;
    const saved = await kit.fake().server.inject({ method: 'POST', url: `${path(url)}/save` });
    expect(saved.statusCode).toBe(303);
    expect(saved.headers.location).toBe('http://lectern.test/subscription');
    expect(
      kit
        .fake()
        .stripeEvents.slice(from)
        .map((e) => e.type),
    ).toEqual(['invoice.paid', 'customer.subscription.updated']);
    await kit.deliverAll('stripe', from, { times: 2, reverse: true });
    const sub = await kit.fake().stripeSdk.subscriptions.retrieve(row.stripeSubscriptionId!);
    expect(await detailOf(member)).toMatchObject({
      state: 'renewing',
      grace_until: null,
      paid_through: new Date(sub.items.data[0]!.current_period_end * 1000).toISOString(),
    });
    expect((await historyOf(member)).map((h) => h.status)).toEqual(['renewed', 'failed', 'active']);
  });

  it('Razorpay: the subscription’s hosted page; the saved card charges the pending renewal', async () => {
    const member = await kit.razorpayMember();
    const end = (await kit.fake().razorpay.fetchSubscription(member.subscriptionId)).currentEnd!.getTime();
    await kit.fake().razorpayBilling.setDeclines(member.subscriptionId, true);
    await kit.deliverAll('razorpay', await kit.advanceRazorpay(member.subscriptionId, end + 60_000));
    expect((await detailOf(member)).state).toBe('retrying');

    const opened = await member.call('POST', '/subscription/payment-method/', { subscription_id: member.membershipId });
    expect(opened.statusCode, opened.body).toBe(200);
    const { url, provider } = opened.json<{ url: string; provider: string }>();
    expect(provider).toBe('razorpay');
    expect(url).toBe(`/sandbox/razorpay/subscriptions/${member.subscriptionId}/card`);
    expect((await kit.fake().server.inject({ url })).statusCode).toBe(200);
    const from = kit.fake().razorpayEvents.length;
    expect((await kit.fake().server.inject({ method: 'POST', url: `${url}/save` })).statusCode).toBe(303);
    await kit.deliverAll('razorpay', from, { times: 2 });
    expect(await detailOf(member)).toMatchObject({ state: 'renewing', grace_until: null, is_active: true });
    expect((await kit.fake().razorpay.fetchSubscription(member.subscriptionId)).status).toBe('active');
  });
});

describe('resuming auto-renewal', () => {
  it('Stripe: back on before the period ends, and the membership renews; refused when there is nothing to resume', async () => {
    const member = await kit.stripeMember();
    const id = member.membershipId;
    expect((await member.call('POST', '/resume-subscription/', { subscription_id: id })).json()).toMatchObject({ error: m.nothingToResume });
    await kit.deliverAll('stripe', kit.fake().stripeEvents.length);
    const cancelFrom = kit.fake().stripeEvents.length;
    expect((await member.call('POST', '/cancel-subscription/', { subscription_id: id })).statusCode).toBe(200);
    await kit.deliverAll('stripe', cancelFrom);
    expect(await detailOf(member)).toMatchObject({ state: 'ending', auto_renew: false, is_canceled: true });

    expect((await (await kit.member()).call('POST', '/resume-subscription/', { subscription_id: id })).statusCode).toBe(404);
    const resumeFrom = kit.fake().stripeEvents.length;
    const resumed = await member.call('POST', '/resume-subscription/', { subscription_id: id });
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json()).toMatchObject({ success: true, subscription: { state: 'renewing', auto_renew: true, is_canceled: false } });
    expect(resumed.json().message).toMatch(/^Auto-renewal is back on\. Your membership renews on /);
    const row = await kit.stripeSubscriptionOf(id);
    expect((await kit.fake().stripeSdk.subscriptions.retrieve(row.stripeSubscriptionId!)).cancel_at_period_end).toBe(false);
    // Stripe's own event (the update) changes nothing more, in any order, however often.
    await kit.deliverAll('stripe', resumeFrom, { times: 3 });
    expect(await detailOf(member)).toMatchObject({ state: 'renewing', auto_renew: true });

    // The period's end: Stripe renews it.
    const renewFrom = await kit.advanceStripe(member.customerId, row.endDate!.getTime() + 60_000);
    expect(
      kit
        .fake()
        .stripeEvents.slice(renewFrom)
        .map((e) => e.type),
    ).toEqual(['invoice.paid', 'customer.subscription.updated']);
    await kit.deliverAll('stripe', renewFrom);
    expect((await detailOf(member)).state).toBe('renewing');
    expect(Date.parse((await detailOf(member)).paid_through!)).toBeGreaterThan(row.endDate!.getTime() + 20 * DAY);
  });

  it('Razorpay: says how to continue, since Razorpay cannot undo a cancellation at cycle end; changes nothing', async () => {
    const member = await kit.razorpayMember();
    expect((await member.call('POST', '/cancel-subscription/', { subscription_id: member.membershipId })).statusCode).toBe(200);
    const before = await detailOf(member);
    const refused = await member.call('POST', '/resume-subscription/', { subscription_id: member.membershipId });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatch(/^Razorpay cannot restart a subscription once it is set to end\. You keep full access until /);
    expect(await detailOf(member)).toEqual(before);
  });

  it('is refused once the membership has ended', async () => {
    const member = await kit.stripeMember();
    const row = await kit.stripeSubscriptionOf(member.membershipId);
    await member.call('POST', '/cancel-subscription/', { subscription_id: member.membershipId });
    await kit.deliverAll('stripe', await kit.advanceStripe(member.customerId, row.endDate!.getTime() + 60_000));
    expect((await detailOf(member)).state).toBe('ended');
    const refused = await member.call('POST', '/resume-subscription/', { subscription_id: member.membershipId });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: m.resumeTooLate });
  });
});

describe('changing the plan', () => {
  it('Stripe monthly → yearly: charged now with Stripe’s proration, a yearly period from today; a declined card changes nothing', async () => {
    const member = await kit.stripeMember('monthly');
    const id = member.membershipId;
    const row = await kit.stripeSubscriptionOf(id);
    const changes = (await member.call('GET', '/subscription/plan-changes/')).json<PlanChanges>();
    expect(changes.subscription_id).toBe(id);
    const yearly = changes.options.find((o) => o.plan_type === 'yearly')!;
    expect(yearly).toMatchObject({ plan_id: kit.planId('yearly'), kind: 'now', currency: 'USD' });
    // The month was just paid: nearly all of it is credited.
    expect(yearly.credit).toBeGreaterThan(1990);
    expect(yearly.amount_due).toBe(15599 - yearly.credit);
    expect(changes.options.find((o) => o.plan_type === 'lifetime')).toMatchObject({ kind: 'upgrade', amount_due: 29900 - yearly.credit });

    // A declined card: 400, the membership and Stripe's subscription unchanged.
    await kit.fake().stripeBilling.setDeclines(row.stripeSubscriptionId!, true);
    const declined = await member.call('POST', '/subscription/change-plan/', { subscription_id: id, plan_id: kit.planId('yearly') });
    expect(declined.statusCode).toBe(400);
    expect(declined.json()).toMatchObject({ error: m.changeDeclined });
    expect(await detailOf(member)).toMatchObject({ plan_type: 'monthly', paid_through: row.endDate!.toISOString() });
    expect((await kit.fake().stripeSdk.subscriptions.retrieve(row.stripeSubscriptionId!)).items.data[0]!.price.recurring!.interval).toBe('month');
    await kit.fake().stripeBilling.setDeclines(row.stripeSubscriptionId!, false);

    // Refused: the same plan, someone else's membership, lifetime (its own checkout).
    const change = (body: Record<string, unknown>, who: Member = member) => who.call('POST', '/subscription/change-plan/', { subscription_id: id, ...body });
    expect((await change({ plan_id: kit.planId('monthly') })).json()).toMatchObject({ error: m.samePlan });
    expect((await change({ plan_id: kit.planId('yearly') }, await kit.member())).statusCode).toBe(404);
    expect((await change({ plan_id: kit.planId('lifetime') })).json()).toEqual({ plan_id: [m.lifetimeByCheckout] });
    expect((await change({ plan_id: 'x' })).statusCode).toBe(400);

    const from = kit.fake().stripeEvents.length;
    const changed = await change({ plan_id: kit.planId('yearly') });
    expect(changed.statusCode, changed.body).toBe(200);
    const sub = await kit.fake().stripeSdk.subscriptions.retrieve(row.stripeSubscriptionId!);
    const item = sub.items.data[0]!;
    expect(item.price.recurring!.interval).toBe('year');
    expect(item.price.unit_amount).toBe(15599);
    const invoice = await kit.fake().stripeSdk.invoices.retrieve(sub.latest_invoice as string);
    expect(invoice.billing_reason).toBe('subscription_update');
    // Stripe's proration and the preview agree to the cent, give or take the seconds between them.
    expect(Math.abs(invoice.amount_paid - yearly.amount_due!)).toBeLessThanOrEqual(2);
    expect(changed.json()).toMatchObject({
      success: true,
      message: expect.stringMatching(/^You are now on the Yearly Membership\. It renews on /),
      subscription: { plan_type: 'yearly', state: 'renewing', paid_through: new Date(item.current_period_end * 1000).toISOString() },
    });
    // The webhooks, replayed and reordered, change nothing more: one charge for the change.
    await kit.deliverAll('stripe', from, { times: 3, reverse: true });
    expect(await detailOf(member)).toMatchObject({ plan_type: 'yearly', paid_through: new Date(item.current_period_end * 1000).toISOString() });
    const history = await historyOf(member);
    expect(history.map((h) => [h.status, h.amount])).toEqual([
      ['renewed', invoice.amount_paid / 100],
      ['active', 19.99],
    ]);
    expect((await kit.t.handle.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]).toMatchObject({
      planId: kit.planId('yearly'),
      amount: 15599,
    });
    // No renewal email for a plan change.
    expect((await kit.mailTo(member.user.email)).filter((mail) => mail.subject.includes('has renewed'))).toHaveLength(0);
  });

  it('Razorpay: the change happens at renewal, and the page is told how (Razorpay cannot change a running plan paid from India)', async () => {
    const member = await kit.razorpayMember();
    const changes = (await member.call('GET', '/subscription/plan-changes/')).json<PlanChanges>();
    expect(changes.options.find((o) => o.plan_type === 'yearly')).toMatchObject({ kind: 'at_renewal', amount_due: null });
    const refused = await member.call('POST', '/subscription/change-plan/', { subscription_id: member.membershipId, plan_id: kit.planId('yearly') });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatch(/^Razorpay cannot change the plan of a running subscription/);
    expect((await detailOf(member)).plan_type).toBe('monthly');
  });
});

describe('upgrading to lifetime', () => {
  it('Stripe: one payment less the unused month; the subscription is cancelled, access never pauses, nothing ends twice', async () => {
    const member = await kit.stripeMember('monthly');
    const monthly = await kit.stripeSubscriptionOf(member.membershipId);
    const started = await member.call('POST', '/subscription-lifetime/?ip=1.1.1.1', { payment_method: 'stripe' });
    expect(started.statusCode, started.body).toBe(200);
    const body = started.json<{ session_id: string; amount: number; credit: number }>();
    expect(body.credit).toBeGreaterThan(1990);
    expect(body.amount).toBe(29900 - body.credit);
    const session = await kit.fake().stripeSdk.checkout.sessions.retrieve(body.session_id);
    expect(session.amount_total).toBe(body.amount);
    // Still a member while paying.
    expect(await accessOf(member)).toBe('membership');

    const from = await kit.payStripe(body.session_id);
    await kit.deliverAll('stripe', from, { times: 2, reverse: true });
    expect(await detailOf(member)).toMatchObject({ plan_type: 'lifetime', state: 'lifetime', is_active: true, end_date: null });
    expect(await accessOf(member)).toBe('membership');
    const [old] = await kit.t.handle.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, member.user.id), eq(subscriptions.id, member.membershipId)));
    expect(old).toMatchObject({ status: 'cancelled', autoRenew: false });

    // Stripe stops the monthly subscription; its events and the old period's jobs change nothing.
    const cancelFrom = kit.fake().stripeEvents.length;
    await kit.drain();
    expect((await kit.fake().stripeSdk.subscriptions.retrieve(monthly.stripeSubscriptionId!)).status).toBe('canceled');
    await kit.deliverAll('stripe', cancelFrom, { times: 2 });
    await kit.fastForward(JOBS.periodEnd);
    await kit.fastForward(JOBS.reminder);
    expect(await detailOf(member)).toMatchObject({ plan_type: 'lifetime', state: 'lifetime', is_active: true });
    const mail = await kit.mailTo(member.user.email);
    expect(mail.filter((x) => x.subject.includes('has ended') || x.subject.includes('renews on'))).toHaveLength(0);
    expect((await rowsOf(member)).filter((r) => r.status === 'active')).toHaveLength(1);

    // A lifetime member cannot buy it again, nor change plan.
    const again = await member.call('POST', '/subscription-lifetime/', { payment_method: 'stripe' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: m.alreadyLifetime });
    expect((await member.call('GET', '/subscription/plan-changes/')).json<PlanChanges>().options).toEqual([]);
  });

  it('Razorpay: the order is the lifetime price less the unused month; the Razorpay subscription is cancelled once paid', async () => {
    const member = await kit.razorpayMember();
    const started = await member.call('POST', '/subscription-lifetime/?ip=1.1.1.1', { payment_method: 'razorpay' });
    expect(started.statusCode, started.body).toBe(200);
    const body = started.json<{ order_id: string; amount: number; credit: number; currency: string }>();
    expect(body.currency).toBe('INR');
    expect(body.credit).toBeGreaterThan(99000);
    expect(body.amount).toBe(1999900 - body.credit);
    const paid = await kit.fake().server.inject({ method: 'POST', url: `/sandbox/razorpay/orders/${body.order_id}/pay` });
    const handler = paid.json<{ razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string }>();
    const confirmed = await member.call('POST', '/update-lifetime-subscription/', {
      payment_method: 'razorpay',
      payment_id: handler.razorpay_payment_id,
      order_id: handler.razorpay_order_id,
      signature: handler.razorpay_signature,
    });
    expect(confirmed.json()).toMatchObject({ success: true, subscription: { plan_type: 'lifetime', is_active: true } });
    await kit.drain();
    expect((await kit.fake().razorpay.fetchSubscription(member.subscriptionId)).status).toBe('cancelled');
    await kit.deliverAll('razorpay', 0, { times: 1 });
    expect(await detailOf(member)).toMatchObject({ plan_type: 'lifetime', state: 'lifetime' });
    expect((await kit.mailTo(member.user.email)).filter((x) => x.subject.includes('has ended'))).toHaveLength(0);
  });
});

describe('the OpenAPI document', () => {
  it('describes the member’s own changes with their schemas', async () => {
    const doc = (await kit.t.app.inject({ url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { requestBody?: unknown; responses: Record<string, unknown> }>>;
    }>();
    for (const [route, method] of [
      ['/api/v1/resume-subscription/', 'post'],
      ['/api/v1/subscription/payment-method/', 'post'],
      ['/api/v1/subscription/plan-changes/', 'get'],
      ['/api/v1/subscription/change-plan/', 'post'],
    ] as const) {
      const operation = doc.paths[route]?.[method];
      expect(operation, route).toBeDefined();
      expect(operation!.responses['200'], route).toBeDefined();
      if (method === 'post') expect(operation!.requestBody, route).toBeDefined();
    }
  });
});
