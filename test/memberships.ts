/**
 * Shared setup of the membership tests: the real app on a fresh database, the local fakes of
 * Stripe and Razorpay on a real port (the real SDK talks to them), and helpers to act as a member,
 * pay in the sandbox, deliver the collected webhooks (as often and in whatever order a test
 * wants) and move the providers' clocks.
 */
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { MembershipPlan } from '../src/shared/catalog.js';
import { devMailbox, jobs } from '../src/server/db/schema/index.js';
import { createTestApp, createVerifiedUser, freshIp, loginAs, type TestApp } from './helpers.js';
import { startFakeProviders } from './payments.js';

export type Fake = Awaited<ReturnType<typeof startFakeProviders>>;
export type StripeFakeEvent = Fake['stripeEvents'][number];
export type RazorpayFakeEvent = Fake['razorpayEvents'][number];

export async function startKit(options: { catalogCacheMs?: number } = {}) {
  let fake!: Fake;
  const t: TestApp = await createTestApp({
    ...options,
    env: { GEO_COUNTRY_HEADER: 'cf-ipcountry' },
    setup: async (handle) => {
      fake = await startFakeProviders(handle.db);
      return { stripe: fake.stripe, razorpay: fake.razorpay };
    },
  });
  const plans = (await t.app.inject({ url: '/api/v1/membership-plan/' })).json<MembershipPlan[]>();
  const planId = (type: MembershipPlan['plan_type']) => plans.find((p) => p.plan_type === type)!.id;

  async function member(options: { country?: string; isAdmin?: boolean } = {}) {
    const user = await createVerifiedUser(t, { isAdmin: options.isAdmin ?? false, fullName: 'Meera Nair' });
    const { access } = await loginAs(t, user.email);
    const headers: Record<string, string> = { authorization: `Bearer ${access}`, 'cf-ipcountry': options.country ?? 'US' };
    const call = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
      t.app.inject({ method, url: `/api/v1${url}`, payload: payload as object, headers, remoteAddress: freshIp() });
    return { user, headers, call };
  }
  type Member = Awaited<ReturnType<typeof member>>;

  /** Delivers a collected fake-Stripe event to our webhook, signed as Stripe signs it. */
  async function deliverStripe(event: StripeFakeEvent, signature?: string) {
    const payload = JSON.stringify({ id: event.id, object: 'event', type: event.type, created: event.created, data: { object: event.object } });
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/stripe',
      payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature ?? fake.stripe.signPayload(payload) },
    });
  }

  async function deliverRazorpay(event: RazorpayFakeEvent, signature?: string) {
    const payload = JSON.stringify({ entity: 'event', event: event.event, payload: event.payload });
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/razorpay',
      payload,
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature ?? fake.razorpay.signWebhook(payload), 'x-razorpay-event-id': event.id },
    });
  }

  /** Every event collected since `from`, delivered `times` times each (replays), in order or reversed. */
  async function deliverAll(kind: 'stripe' | 'razorpay', from: number, options: { times?: number; reverse?: boolean } = {}) {
    const list = (kind === 'stripe' ? fake.stripeEvents : fake.razorpayEvents).slice(from);
    const ordered = options.reverse ? [...list].reverse() : list;
    for (let i = 0; i < (options.times ?? 1); i++) {
      for (const event of ordered) {
        const res = kind === 'stripe' ? await deliverStripe(event as StripeFakeEvent) : await deliverRazorpay(event as RazorpayFakeEvent);
        expect(res.statusCode, res.body).toBe(200);
      }
    }
    return list;
  }

  /** Pays a Stripe checkout session on the sandbox page; returns the index of the first event it caused. */
  async function payStripe(sessionId: string): Promise<number> {
    const from = fake.stripeEvents.length;
    const res = await fake.server.inject({ method: 'POST', url: `/sandbox/stripe/checkout/${sessionId}/pay` });
    expect(res.statusCode).toBe(303);
    return from;
  }

  /** A member with an active monthly (or yearly) Stripe membership, every event delivered once. */
  async function stripeMember(type: 'monthly' | 'yearly' = 'monthly', who?: Member) {
    const m = who ?? (await member());
    const started = await m.call('POST', '/membership-subscription-api/?ip=1.2.3.4', { plan_id: planId(type), payment_method: 'stripe' });
    expect(started.statusCode, started.body).toBe(200);
    const sessionId = started.json<{ session_id: string }>().session_id;
    await deliverAll('stripe', await payStripe(sessionId));
    const detail = (await m.call('GET', '/user/subscription-detail/')).json<{ id: number; is_active: boolean; stripe_customer_id: string }>();
    expect(detail.is_active).toBe(true);
    return { ...m, sessionId, membershipId: detail.id, customerId: detail.stripe_customer_id };
  }

  /** The sandbox popup's "Pay" for a Razorpay subscription: what Razorpay's handler would give, and the index of the first webhook. */
  async function payRazorpaySubscription(subscriptionId: string) {
    const from = fake.razorpayEvents.length;
    const res = await fake.server.inject({ method: 'POST', url: `/sandbox/razorpay/subscriptions/${subscriptionId}/pay` });
    expect(res.statusCode, res.body).toBe(200);
    return { handler: res.json<{ razorpay_payment_id: string; razorpay_subscription_id: string; razorpay_signature: string }>(), from };
  }

  /** A member in India with an active monthly (or yearly) Razorpay membership, verified and every webhook delivered once. */
  async function razorpayMember(type: 'monthly' | 'yearly' = 'monthly') {
    const m = await member({ country: 'IN' });
    const started = await m.call('POST', '/membership-subscription-api/?ip=1.2.3.4', { plan_id: planId(type), payment_method: 'razorpay' });
    expect(started.statusCode, started.body).toBe(200);
    const subscriptionId = started.json<{ subscription_id: string }>().subscription_id;
    const { handler, from } = await payRazorpaySubscription(subscriptionId);
    expect((await m.call('POST', '/razorpay-subscription-verify/', handler)).statusCode).toBe(200);
    await deliverAll('razorpay', from);
    const detail = (await m.call('GET', '/user/subscription-detail/')).json<{ id: number; is_active: boolean }>();
    expect(detail.is_active).toBe(true);
    return { ...m, subscriptionId, membershipId: detail.id };
  }

  /** Moves a Stripe customer's test clock (through the SDK), returning the index of the first event it caused. */
  async function advanceStripe(customerId: string, toMs: number): Promise<number> {
    const from = fake.stripeEvents.length;
    const customer = (await fake.stripeSdk.customers.retrieve(customerId)) as { test_clock: string };
    await fake.stripeSdk.testHelpers.testClocks.advance(customer.test_clock, { frozen_time: Math.floor(toMs / 1000) });
    return from;
  }

  /** Moves a Razorpay subscription's clock (a sandbox control: Razorpay has no test clocks), collecting the webhooks it causes. */
  async function advanceRazorpay(subscriptionId: string, toMs: number): Promise<number> {
    const from = fake.razorpayEvents.length;
    fake.razorpayEvents.push(...(await fake.razorpayBilling.advance(subscriptionId, toMs)));
    return from;
  }

  async function stripeSubscriptionOf(membershipId: number) {
    const { subscriptions } = await import('../src/server/db/schema/index.js');
    const [row] = await t.handle.db.select().from(subscriptions).where(eq(subscriptions.id, membershipId));
    return row!;
  }

  /** Runs the jobs that are due. */
  async function drain() {
    while ((await t.app.ctx.queue.runDue(50)) > 0) {
      // keep going
    }
  }

  /** Makes the queued jobs of this name due now (time passing, without waiting for it), then runs them. */
  async function fastForward(name: string) {
    await t.handle.db
      .update(jobs)
      .set({ runAt: sql`now()` })
      .where(sql`${jobs.name} = ${name} and ${jobs.status} = 'queued'`);
    await drain();
  }

  async function mailTo(email: string) {
    await drain();
    return t.handle.db.select().from(devMailbox).where(eq(devMailbox.to, email));
  }

  return {
    t,
    fake: () => fake,
    plans,
    planId,
    member,
    deliverStripe,
    deliverRazorpay,
    deliverAll,
    payStripe,
    stripeMember,
    payRazorpaySubscription,
    razorpayMember,
    advanceStripe,
    advanceRazorpay,
    stripeSubscriptionOf,
    drain,
    fastForward,
    mailTo,
    /** Closes the app and the fake providers' server. */
    close: async () => {
      await t.close();
      await fake.close();
    },
  };
}

export type Kit = Awaited<ReturnType<typeof startKit>>;
