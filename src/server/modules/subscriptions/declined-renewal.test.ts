/**
 * Issue 21 item 6: a declined renewal, on the providers' sandbox clocks. At each point of time the
 * member's detail tells one truth: paid through (the last paid period's end, never the unpaid
 * period Stripe already moved into), grace until (the provider's last retry, the same day), ended
 * on (when access really ended); the 'grace ending' email goes out once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SubscriptionDetail } from '../../../shared/subscriptions.js';
import { RAZORPAY_RETRY_DAYS } from '../../integrations/razorpay/fake-billing.js';
import { RETRY_DAYS } from '../../integrations/stripe/fake-billing.js';
import { startKit, type Kit } from '../../../../test/memberships.js';
import { JOBS } from './state-machine.js';

let kit: Kit;
beforeAll(async () => {
  kit = await startKit();
});
afterAll(() => kit.close());

const DAY = 24 * 60 * 60 * 1000;
type Member = Awaited<ReturnType<Kit['member']>>;
const detailOf = async (m: Member) => (await m.call('GET', '/user/subscription-detail/')).json<SubscriptionDetail>();
const iso = (ms: number) => new Date(ms).toISOString();
const graceMails = async (email: string) => (await kit.mailTo(email)).filter((mail) => / ends on /.test(mail.subject) && !mail.subject.includes('renews'));

describe('the provider retry schedule and the grace period', () => {
  it('agree: the last retry is on the grace period’s last day (MEMBERSHIP_GRACE_DAYS)', () => {
    const graceDays = kit.t.app.ctx.config.membershipGraceMs / DAY;
    expect(RETRY_DAYS.at(-1)).toBe(graceDays);
    expect(RAZORPAY_RETRY_DAYS.at(-1)).toBe(graceDays);
  });
});

describe('a declined Stripe renewal', () => {
  it('shows paid through, grace until and ended on truthfully at each point of the sandbox clock, and warns once before the end', async () => {
    const m = await kit.stripeMember();
    const row = await kit.stripeSubscriptionOf(m.membershipId);
    const paidThrough = row.endDate!.getTime();
    expect(await detailOf(m)).toMatchObject({
      state: 'renewing',
      end_date: iso(paidThrough),
      paid_through: iso(paidThrough),
      grace_until: null,
      ended_on: null,
    });

    // The renewal is declined: Stripe moves the subscription into its next (unpaid) period.
    await kit.fake().stripeBilling.setDeclines(row.stripeSubscriptionId!, true);
    const failed = await kit.advanceStripe(m.customerId, paidThrough + 60_000);
    await kit.deliverAll('stripe', failed, { times: 2, reverse: true });
    const stripeSub = await kit.fake().stripeSdk.subscriptions.retrieve(row.stripeSubscriptionId!);
    expect(stripeSub.status).toBe('past_due');
    expect(stripeSub.items.data[0]!.current_period_end * 1000).toBeGreaterThan(paidThrough + 20 * DAY);
    const graceUntil = paidThrough + 7 * DAY;
    const retrying = {
      state: 'retrying',
      status: 'Active',
      is_active: true,
      end_date: iso(paidThrough),
      paid_through: iso(paidThrough),
      grace_until: iso(graceUntil),
      ended_on: null,
    };
    expect(await detailOf(m)).toMatchObject(retrying);
    const failedMail = (await kit.mailTo(m.user.email)).filter((mail) => mail.subject.includes('did not go through'));
    expect(failedMail).toHaveLength(1);
    const graceDay = new Date(graceUntil).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
    expect(failedMail[0]!.text).toContain(graceDay);

    // The first retries fail: nothing moves.
    const retries = await kit.advanceStripe(m.customerId, paidThrough + (RETRY_DAYS[1]! + 0.5) * DAY);
    expect(
      kit
        .fake()
        .stripeEvents.slice(retries)
        .map((e) => e.type),
    ).toEqual(['invoice.payment_failed', 'invoice.payment_failed']);
    await kit.deliverAll('stripe', retries, { times: 2 });
    expect(await detailOf(m)).toMatchObject(retrying);

    // The 'grace ending' email: once, whatever the job's runs and the replays, naming the same day.
    await kit.fastForward(JOBS.graceWarning);
    await kit.fastForward(JOBS.graceWarning);
    await kit.deliverAll('stripe', failed, { times: 2 });
    await kit.fastForward(JOBS.graceWarning);
    const warnings = await graceMails(m.user.email);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.subject).toContain(graceDay);

    // The last retry, on the grace period's last day: Stripe gives up and access ends that day, not before.
    const last = await kit.advanceStripe(m.customerId, graceUntil + 60_000);
    expect(
      kit
        .fake()
        .stripeEvents.slice(last)
        .map((e) => e.type),
    ).toEqual(['invoice.payment_failed', 'customer.subscription.deleted']);
    expect((await kit.fake().stripeSdk.subscriptions.retrieve(row.stripeSubscriptionId!)).ended_at! * 1000).toBe(graceUntil);
    await kit.deliverAll('stripe', last, { times: 2, reverse: true });
    expect(await detailOf(m)).toMatchObject({
      state: 'ended',
      status: 'Inactive',
      is_active: false,
      auto_renew: false,
      end_date: iso(paidThrough),
      paid_through: iso(paidThrough),
      grace_until: null,
      ended_on: iso(graceUntil),
    });
    // The jobs that were waiting change nothing: no second ending, no late warning.
    await kit.fastForward(JOBS.graceEnd);
    await kit.fastForward(JOBS.graceWarning);
    expect((await detailOf(m)).ended_on).toBe(iso(graceUntil));
    expect((await kit.mailTo(m.user.email)).filter((mail) => mail.subject.includes('has ended'))).toHaveLength(1);
    expect(await graceMails(m.user.email)).toHaveLength(1);
  });

  it('ends on the grace period’s last day when our grace end comes before Stripe’s last retry', async () => {
    const m = await kit.stripeMember('yearly');
    const row = await kit.stripeSubscriptionOf(m.membershipId);
    await kit.fake().stripeBilling.setDeclines(row.stripeSubscriptionId!, true);
    await kit.deliverAll('stripe', await kit.advanceStripe(m.customerId, row.endDate!.getTime() + 60_000));
    const { grace_until } = await detailOf(m);
    await kit.fastForward(JOBS.graceEnd);
    await kit.drain();
    expect(await detailOf(m)).toMatchObject({ state: 'ended', ended_on: grace_until, paid_through: iso(row.endDate!.getTime()) });
    // No grace warning after the end.
    await kit.fastForward(JOBS.graceWarning);
    expect(await graceMails(m.user.email)).toHaveLength(0);
  });

  it('recovers when a retry succeeds: paid through the new period, no grace, no warning', async () => {
    const m = await kit.stripeMember();
    const row = await kit.stripeSubscriptionOf(m.membershipId);
    await kit.fake().stripeBilling.setDeclines(row.stripeSubscriptionId!, true);
    await kit.deliverAll('stripe', await kit.advanceStripe(m.customerId, row.endDate!.getTime() + 60_000));
    await kit.fake().stripeBilling.setDeclines(row.stripeSubscriptionId!, false);
    await kit.deliverAll('stripe', await kit.advanceStripe(m.customerId, row.endDate!.getTime() + (RETRY_DAYS[0]! + 0.5) * DAY));
    const sub = await kit.fake().stripeSdk.subscriptions.retrieve(row.stripeSubscriptionId!);
    expect(await detailOf(m)).toMatchObject({
      state: 'renewing',
      paid_through: iso(sub.items.data[0]!.current_period_end * 1000),
      grace_until: null,
      ended_on: null,
    });
    await kit.fastForward(JOBS.graceWarning);
    expect(await graceMails(m.user.email)).toHaveLength(0);
  });
});

describe('a declined Razorpay renewal (India)', () => {
  it('shows the same three dates: paid through the last cycle, grace until the last retry, ended when Razorpay halts', async () => {
    const m = await kit.razorpayMember();
    const paidThrough = (await kit.fake().razorpay.fetchSubscription(m.subscriptionId)).currentEnd!.getTime();
    await kit.fake().razorpayBilling.setDeclines(m.subscriptionId, true);
    await kit.deliverAll('razorpay', await kit.advanceRazorpay(m.subscriptionId, paidThrough + 60_000), { times: 2 });
    const graceUntil = paidThrough + 7 * DAY;
    const retrying = {
      state: 'retrying',
      is_active: true,
      paid_through: iso(paidThrough),
      end_date: iso(paidThrough),
      grace_until: iso(graceUntil),
      ended_on: null,
    };
    expect(await detailOf(m)).toMatchObject(retrying);

    await kit.deliverAll('razorpay', await kit.advanceRazorpay(m.subscriptionId, paidThrough + (RAZORPAY_RETRY_DAYS[1]! + 0.5) * DAY));
    expect(await detailOf(m)).toMatchObject(retrying);
    await kit.fastForward(JOBS.graceWarning);
    await kit.fastForward(JOBS.graceWarning);
    expect(await graceMails(m.user.email)).toHaveLength(1);

    const last = await kit.advanceRazorpay(m.subscriptionId, graceUntil + 60_000);
    expect(
      kit
        .fake()
        .razorpayEvents.slice(last)
        .map((e) => e.event)
        .at(-1),
    ).toBe('subscription.halted');
    await kit.deliverAll('razorpay', last, { times: 2 });
    expect(await detailOf(m)).toMatchObject({ state: 'ended', is_active: false, paid_through: iso(paidThrough), grace_until: null, ended_on: iso(graceUntil) });
    const mails = await kit.mailTo(m.user.email);
    expect(mails.filter((mail) => mail.subject.includes('has ended'))).toHaveLength(1);
  });
});
