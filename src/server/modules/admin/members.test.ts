/** Members and the payments log in the studio: real app, real database, the providers' fakes through their SDKs. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../../../../test/admin.js';
import { startKit, type Kit } from '../../../../test/memberships.js';
import type { AdminMember, AdminMemberDetail, Page, ProviderEventItem } from '../../../shared/admin.js';
import { auditLog, providerEvents, subscriptions } from '../../db/schema/index.js';

let kit: Kit;
let admin: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  kit = await startKit();
  admin = await signedIn(kit.t, { isAdmin: true });
});
afterAll(() => kit.close());

const auditRows = (action: string) => kit.t.handle.db.select().from(auditLog).where(eq(auditLog.action, action));

describe('members', () => {
  it('lists memberships by state, method, plan and search, sorted and paged on the server', async () => {
    const paying = await kit.stripeMember();
    const graced = await kit.stripeMember('yearly');
    await kit.t.handle.db
      .update(subscriptions)
      .set({ status: 'past_due', graceUntil: new Date(Date.now() + 86_400_000) })
      .where(eq(subscriptions.id, graced.membershipId));
    const lapsed = await kit.stripeMember();
    await kit.t.handle.db
      .update(subscriptions)
      .set({ endDate: new Date(Date.now() - 3 * 86_400_000) })
      .where(eq(subscriptions.id, lapsed.membershipId));

    const list = async (query: string) => {
      const res = await admin.call('GET', `/admin/members/${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Page<AdminMember>>();
    };
    const ids = (page: Page<AdminMember>) => page.results.map((m) => m.id);
    expect(ids(await list('?state=active'))).toContain(paying.membershipId);
    expect(ids(await list('?state=active'))).not.toContain(lapsed.membershipId);
    expect(ids(await list('?state=in_grace'))).toEqual([graced.membershipId]);
    expect((await list('?state=in_grace')).results[0]).toMatchObject({ state: 'in_grace', is_current: true, plan_type: 'yearly' });
    expect(ids(await list('?state=expired'))).toEqual([lapsed.membershipId]);
    expect(ids(await list('?plan_type=yearly'))).toEqual([graced.membershipId]);
    expect((await list('?payment_method=manual')).count).toBe(0);
    expect(ids(await list(`?search=${encodeURIComponent(paying.user.email.toUpperCase())}`))).toEqual([paying.membershipId]);
    expect((await list(`?search=${encodeURIComponent("%' or 1=1 --")}`)).count).toBe(0);
    expect((await list('?search=%25')).count).toBe(0);

    const newest = await list('?page_size=2');
    expect(newest).toMatchObject({ page: 1, page_size: 2 });
    expect(newest.count).toBeGreaterThanOrEqual(3);
    expect(ids(newest)).toEqual([lapsed.membershipId, graced.membershipId]);
    expect(ids(await list('?sort=created_at&page_size=1'))[0]).toBe(paying.membershipId);

    for (const bad of ['?state=gone', '?sort=id', '?page=0', '?page_size=101', '?payment_method=cash', `?search=${'x'.repeat(101)}`]) {
      const res = await admin.call('GET', `/admin/members/${bad}`);
      expect(res.statusCode, bad).toBe(400);
    }
    expect(Object.keys((await admin.call('GET', '/admin/members/?state=gone&sort=id')).json()).sort()).toEqual(['sort', 'state']);
  });

  it('shows one membership with its history and provider ids', async () => {
    const m = await kit.stripeMember();
    const res = await admin.call('GET', `/admin/members/${m.membershipId}/`);
    expect(res.statusCode).toBe(200);
    const detail = res.json<AdminMemberDetail>();
    expect(detail).toMatchObject({
      id: m.membershipId,
      state: 'active',
      user: { id: m.user.id, email: m.user.email },
      provider_customer_id: m.customerId,
      provider_subscription_id: expect.stringMatching(/^sub_/),
      provider_reference: m.sessionId,
    });
    expect(detail.history.map((h) => h.status)).toContain('active');
    expect(detail.history.find((h) => h.status === 'active')!.provider_payment_id).toBeTruthy();
    expect((await admin.call('GET', '/admin/members/2147483647/')).statusCode).toBe(404);
  });

  it("cancels on the member's behalf (at the period end, or now) and refunds the last charge, each audited", async () => {
    const atEnd = await kit.stripeMember();
    const later = await admin.call('POST', `/admin/members/${atEnd.membershipId}/cancel/`, {});
    expect(later.statusCode, later.body).toBe(200);
    expect(later.json()).toMatchObject({ state: 'active', auto_renew: false });
    const [row] = await auditRows('membership.cancel');
    expect(row).toMatchObject({ actorId: admin.user.id, entityType: 'membership', entityId: String(atEnd.membershipId), after: { auto_renew: false } });

    const now = await kit.stripeMember();
    expect((await admin.call('POST', `/admin/members/${now.membershipId}/cancel/`, { immediately: 'yes' })).json()).toHaveProperty('immediately');
    expect((await admin.call('POST', `/admin/members/${now.membershipId}/cancel/`, { immediately: true, extra: 1 })).statusCode).toBe(400);
    expect(await auditRows('membership.cancel_now')).toHaveLength(0);
    const ended = await admin.call('POST', `/admin/members/${now.membershipId}/cancel/`, { immediately: true });
    expect(ended.json()).toMatchObject({ state: 'cancelled', is_current: false });
    expect(await auditRows('membership.cancel_now')).toHaveLength(1);
    // Already ended: refused, and nothing more is audited.
    expect((await admin.call('POST', `/admin/members/${now.membershipId}/cancel/`, { immediately: true })).statusCode).toBe(400);
    expect(await auditRows('membership.cancel_now')).toHaveLength(1);

    const refund = await kit.stripeMember();
    const refunded = await admin.call('POST', `/admin/members/${refund.membershipId}/refund/`);
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json<AdminMemberDetail>()).toMatchObject({ state: 'cancelled', is_current: false });
    expect(refunded.json<AdminMemberDetail>().history.map((h) => h.status)).toContain('refunded');
    const [refundRow] = await auditRows('membership.refund');
    expect(refundRow).toMatchObject({ entityId: String(refund.membershipId), summary: expect.stringContaining('19.99 USD') });
    expect((await admin.call('POST', `/admin/members/${refund.membershipId}/refund/`)).statusCode).toBe(409);
    expect(await auditRows('membership.refund')).toHaveLength(1);
    expect((await admin.call('POST', '/admin/members/2147483647/refund/')).statusCode).toBe(404);
  });
});

describe('the payments log', () => {
  it('lists every provider event with its outcome, filtered and paged; replays a failed one once, as the webhook would', async () => {
    const m = await kit.member();
    const started = (await m.call('POST', '/membership-subscription-api/', { plan_id: kit.planId('monthly'), payment_method: 'stripe' })).json();
    const from = await kit.payStripe(started.session_id);
    const events = kit.fake().stripeEvents.slice(from);
    const completed = events.find((e) => e.type === 'checkout.session.completed')!;
    // As if its delivery had failed: stored, not processed, the failure recorded.
    await kit.t.handle.db.insert(providerEvents).values({
      provider: 'stripe',
      eventId: completed.id,
      type: completed.type,
      payload: { id: completed.id, object: 'event', type: completed.type, data: { object: completed.object } },
      outcome: 'failed, will be retried: provider unreachable',
    });
    const list = async (query: string) => {
      const res = await admin.call('GET', `/admin/payment-events/${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Page<ProviderEventItem>>();
    };
    const failed = await list('?state=failed');
    expect(failed.results.map((e) => e.event_id)).toEqual([completed.id]);
    expect(failed.results[0]).toMatchObject({ state: 'failed', replayable: true, provider: 'stripe', deliveries: 1 });
    expect((await list(`?search=${completed.id}`)).count).toBe(1);
    expect((await list('?provider=razorpay&state=failed')).count).toBe(0);
    expect((await list('?page_size=1')).results).toHaveLength(1);
    const bad = await admin.call('GET', '/admin/payment-events/?state=broken&provider=paypal&from=yesterday');
    expect(Object.keys(bad.json()).sort()).toEqual(['from', 'provider', 'state']);
    expect((await admin.call('GET', '/admin/payment-events/?from=2026-02-01&to=2026-01-01')).json()).toHaveProperty('to');

    const id = failed.results[0]!.id;
    const detail = await admin.call('GET', `/admin/payment-events/${id}/`);
    expect(detail.json()).toMatchObject({ id, payload: { id: completed.id } });

    const replayed = await admin.call('POST', `/admin/payment-events/${id}/replay/`);
    expect(replayed.statusCode, replayed.body).toBe(200);
    expect(replayed.json()).toMatchObject({ state: 'processed', replayable: false, outcome: expect.stringMatching(/^membership /) });
    expect((await m.call('GET', '/user/subscription-detail/')).json()).toMatchObject({ is_active: true });
    expect(await auditRows('payment_event.replay')).toEqual([
      expect.objectContaining({ entityId: String(id), before: expect.objectContaining({ state: 'failed' }) }),
    ]);

    // Idempotent: a second replay and the provider's own retry redo nothing.
    expect((await admin.call('POST', `/admin/payment-events/${id}/replay/`)).statusCode).toBe(409);
    expect((await kit.deliverStripe(completed)).statusCode).toBe(200);
    expect(await auditRows('payment_event.replay')).toHaveLength(1);
    const history = (await admin.call('GET', `/admin/members/?search=${encodeURIComponent(m.user.email)}`)).json<Page<AdminMember>>();
    expect(history.results).toHaveLength(1);
    const memberDetail = (await admin.call('GET', `/admin/members/${history.results[0]!.id}/`)).json<AdminMemberDetail>();
    expect(memberDetail.history.filter((h) => h.status === 'active')).toHaveLength(1);
    expect((await admin.call('POST', '/admin/payment-events/2147483647/replay/')).statusCode).toBe(404);
    expect((await admin.call('POST', '/admin/payment-events/abc/replay/')).statusCode).toBe(400);
  });
});
