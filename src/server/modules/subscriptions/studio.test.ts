import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SubscriptionDetail, SubscriptionHistoryRow } from '../../../shared/subscriptions.js';
import { abandonedEmails, providerEvents } from '../../db/schema/index.js';
import { startKit, type Kit } from '../../../../test/memberships.js';
import { cancelMembershipFor, compMembership, listMemberships, refundLastCharge, type MembershipDeps } from './index.js';
import { JOBS } from './state-machine.js';

let kit: Kit;
let deps: MembershipDeps;
beforeAll(async () => {
  kit = await startKit();
  const { ctx } = kit.t.app;
  deps = { db: ctx.db, queue: ctx.queue, config: ctx.config, log: kit.t.app.log, stripe: ctx.stripe, razorpay: ctx.razorpay };
});
afterAll(() => kit.close());

type Member = Awaited<ReturnType<Kit['member']>>;
const detailOf = async (m: Member) => (await m.call('GET', '/user/subscription-detail/')).json<SubscriptionDetail>();
const historyOf = async (m: Member) => (await m.call('GET', '/subscription-history')).json<SubscriptionHistoryRow[]>();

describe("the studio's membership actions", () => {
  it('comp a membership for N months, extend it, refuse it over a paid one, and end it when the months are over', async () => {
    const m = await kit.member();
    const granted = await compMembership(deps, { userId: m.user.id, months: 3 });
    expect(granted).toMatchObject({
      status: 'active',
      badge: 'Active',
      is_current: true,
      payment_method: 'manual',
      auto_renew: false,
      user: { id: m.user.id },
    });
    // Three calendar months on, on the same day or the month's last when it is shorter (29 November → 28 February).
    const start = new Date(granted.start_date!);
    const lastDay = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 4, 0)).getUTCDate();
    const end = new Date(start);
    end.setUTCDate(1);
    end.setUTCMonth(start.getUTCMonth() + 3);
    end.setUTCDate(Math.min(start.getUTCDate(), lastDay));
    expect(Date.parse(granted.end_date!)).toBeCloseTo(end.getTime(), -4);
    expect(await detailOf(m)).toMatchObject({ is_active: true, status: 'Active', payment_method: 'manual', auto_renew: false });
    expect((await historyOf(m)).map((h) => [h.status, h.payment_method, h.amount])).toEqual([['created', 'Complimentary', 0]]);

    const extended = await compMembership(deps, { userId: m.user.id, months: 1 });
    expect(extended.id).toBe(granted.id);
    expect(new Date(extended.end_date!).getUTCMonth()).toBe((end.getUTCMonth() + 1) % 12);

    await expect(compMembership(deps, { userId: m.user.id, months: 0 })).rejects.toMatchObject({ code: 'validation' });
    const payer = await kit.stripeMember();
    await expect(compMembership(deps, { userId: payer.user.id, months: 2 })).rejects.toMatchObject({ code: 'conflict' });

    // When the months are over, it ends.
    await kit.fastForward(JOBS.periodEnd);
    await kit.fastForward(JOBS.periodEnd);
    expect(await detailOf(m)).toMatchObject({ is_active: false, status: 'Inactive' });
  });

  it('cancel on a member’s behalf at the end of the period or at once', async () => {
    const atEnd = await kit.stripeMember();
    const later = await cancelMembershipFor(deps, { membershipId: atEnd.membershipId, immediately: false });
    expect(later).toMatchObject({ is_current: true, auto_renew: false, badge: 'Active' });
    expect(await detailOf(atEnd)).toMatchObject({ is_active: true, auto_renew: false, is_canceled: true });

    const now = await kit.stripeMember();
    const ended = await cancelMembershipFor(deps, { membershipId: now.membershipId, immediately: true });
    expect(ended).toMatchObject({ is_current: false, badge: 'Cancelled', status: 'cancelled' });
    const row = await kit.stripeSubscriptionOf(now.membershipId);
    expect((await kit.fake().stripeSdk.subscriptions.retrieve(row.stripeSubscriptionId!)).status).toBe('canceled');
    await expect(cancelMembershipFor(deps, { membershipId: now.membershipId, immediately: true })).rejects.toMatchObject({ code: 'bad_request' });
  });

  it('refund the last charge: the membership ends at once, and the provider’s webhook changes nothing more', async () => {
    const m = await kit.stripeMember();
    const from = kit.fake().stripeEvents.length;
    const refunded = await refundLastCharge(deps, { membershipId: m.membershipId });
    expect(refunded).toMatchObject({ is_current: false, badge: 'Cancelled' });
    await kit.deliverAll('stripe', from, { times: 3 });
    expect((await historyOf(m)).map((h) => h.status)).toEqual(['refunded', 'active']);
    await expect(refundLastCharge(deps, { membershipId: 999999 })).rejects.toMatchObject({ code: 'not_found' });
    const comp = await kit.member();
    const granted = await compMembership(deps, { userId: comp.user.id, months: 1 });
    await expect(refundLastCharge(deps, { membershipId: granted.id })).rejects.toMatchObject({ code: 'bad_request' });
  });

  it('list memberships, newest first, by member and status', async () => {
    const m = await kit.stripeMember();
    const all = await listMemberships(deps, { pageSize: 100 });
    expect(all.count).toBeGreaterThan(0);
    expect(all.results[0]!.id).toBeGreaterThanOrEqual(m.membershipId);
    const mine = await listMemberships(deps, { userIds: [m.user.id] });
    expect(mine.results.map((r) => r.id)).toEqual([m.membershipId]);
    expect(mine.results[0]).toMatchObject({
      plan_type: 'monthly',
      payment_method: 'stripe',
      amount: 19.99,
      currency: 'USD',
      provider_subscription_id: expect.stringMatching(/^sub_/),
    });
    const cancelled = await listMemberships(deps, { statuses: ['cancelled'] });
    expect(cancelled.results.every((r) => r.status === 'cancelled')).toBe(true);
    expect((await listMemberships(deps, { userIds: [] })).count).toBe(0);
  });

  it('keeps every provider event with its outcome and number of deliveries for the payments log', async () => {
    const m = await kit.member();
    const started = (await m.call('POST', '/membership-subscription-api/', { plan_id: kit.planId('monthly'), payment_method: 'stripe' })).json();
    const from = await kit.payStripe(started.session_id);
    await kit.deliverAll('stripe', from, { times: 3 });
    const events = kit.fake().stripeEvents.slice(from);
    for (const event of events) {
      const [row] = await kit.t.handle.db.select().from(providerEvents).where(eq(providerEvents.eventId, event.id));
      expect(row).toMatchObject({ provider: 'stripe', type: event.type, deliveries: 3 });
      expect(row!.outcome).toMatch(/^membership /);
      expect(row!.processedAt).not.toBeNull();
    }
  });
});

/** The reminder's delay, passed: its row and its job are due now. */
async function reminderDue() {
  await kit.t.handle.db.update(abandonedEmails).set({ sendAfter: new Date() });
  await kit.fastForward('abandoned.remind');
}

describe('the membership reminder (abandoned checkout)', () => {
  it('goes out once, and never after the person subscribes', async () => {
    const m = await kit.member();
    // The subscribe page asks for it for the signed-in member, at their own address.
    const remind = (who: { user: { email: string }; call: typeof m.call }) =>
      who.call('POST', '/emails/create-abandoned-email/', { email: who.user.email, sending_reason: 'subscription' });
    expect((await remind(m)).statusCode).toBe(200);
    await reminderDue();
    expect((await kit.mailTo(m.user.email)).filter((mail) => mail.subject === 'Your membership is one step away')).toHaveLength(1);
    expect((await remind(m)).statusCode).toBe(200);
    await reminderDue();
    expect((await kit.mailTo(m.user.email)).filter((mail) => mail.subject === 'Your membership is one step away')).toHaveLength(1);

    const member = await kit.stripeMember();
    expect((await remind(member)).statusCode).toBe(200);
    await reminderDue();
    expect((await kit.mailTo(member.user.email)).filter((mail) => mail.subject === 'Your membership is one step away')).toHaveLength(0);
    expect(await kit.t.handle.db.select().from(abandonedEmails).where(eq(abandonedEmails.email, member.user.email))).toHaveLength(0);

    // Scheduled before subscribing, then subscribed: not sent either.
    const late = await kit.member();
    expect((await remind(late)).statusCode).toBe(200);
    await kit.stripeMember('monthly', late);
    await reminderDue();
    expect((await kit.mailTo(late.user.email)).filter((mail) => mail.subject === 'Your membership is one step away')).toHaveLength(0);
  });
});
