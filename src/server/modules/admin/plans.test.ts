import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, visitorCall } from '../../../../test/admin.js';
import { startKit, type Kit } from '../../../../test/memberships.js';
import type { MembershipPlan } from '../../../shared/catalog.js';
import { planAdminMessages, type AdminPlan, type PlanBody } from '../../../shared/plans.js';
import { auditLog, plans } from '../../db/schema/index.js';

let kit: Kit;
let admin: Awaited<ReturnType<typeof signedIn>>;
let student: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  // Snapshots kept for a minute: a change must reach the storefront through invalidation, not expiry.
  kit = await startKit({ catalogCacheMs: 60_000 });
  admin = await signedIn(kit.t, { isAdmin: true, fullName: 'Nikhil Rao' });
  student = await signedIn(kit.t);
});
afterAll(() => kit.close());

const storefront = async (country = 'US') =>
  (await kit.t.app.inject({ url: '/api/v1/membership-plan/', headers: { 'cf-ipcountry': country } })).json<MembershipPlan[]>();
const planOf = async (id: number) => (await admin.call('GET', `/admin/plans/${id}/`)).json<AdminPlan>();
const bodyOf = (plan: AdminPlan, overrides: Partial<PlanBody> = {}): PlanBody => ({
  name: plan.name,
  description: plan.description,
  features: plan.features,
  plan_type: plan.plan_type,
  prices: plan.prices.map((p) => ({ region: p.region as PlanBody['prices'][number]['region'], amount: p.amount, regular_amount: p.regular_amount })),
  ...overrides,
});
const validPlan = (overrides: Record<string, unknown> = {}) => ({
  name: 'Team Monthly',
  description: 'For small teams.',
  features: ['Every course', 'Priority answers'],
  plan_type: 'monthly',
  prices: [
    { region: 'US', amount: 49, regular_amount: 59 },
    { region: 'IN', amount: 2999, regular_amount: 3999 },
  ],
  ...overrides,
});
const auditOf = (planId: number) =>
  kit.t.handle.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'plan'), eq(auditLog.entityId, String(planId))))
    .orderBy(asc(auditLog.id));

describe('the studio gate on /admin/plans/', () => {
  it('answers 401 to a visitor and 403 to a student before reading the body', async () => {
    const calls: ['GET' | 'POST' | 'PUT', string][] = [
      ['GET', '/admin/plans/'],
      ['POST', '/admin/plans/'],
      ['GET', '/admin/plans/1/'],
      ['PUT', '/admin/plans/1/'],
      ['POST', '/admin/plans/1/on/'],
      ['POST', '/admin/plans/1/off/'],
    ];
    for (const [method, url] of calls) {
      expect((await visitorCall(kit.t, method, url, validPlan())).statusCode, `${method} ${url}`).toBe(401);
      expect((await student.call(method, url, validPlan())).statusCode, `${method} ${url}`).toBe(403);
      // A body the admin would be refused (too big, not JSON) is never read for them either.
      expect((await student.call(method, url, 'x'.repeat(2_000_000), { headers: { ...student.headers, 'content-type': 'application/json' } })).statusCode).toBe(
        403,
      );
    }
    const doc = (await kit.t.app.inject({ url: '/api/docs/json' })).json<{ paths: Record<string, Record<string, { security?: unknown }>> }>();
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/api/v1/admin/plans'))).toEqual(
      expect.arrayContaining([
        '/api/v1/admin/plans/',
        '/api/v1/admin/plans/{planId}/',
        '/api/v1/admin/plans/{planId}/on/',
        '/api/v1/admin/plans/{planId}/off/',
      ]),
    );
    expect(doc.paths['/api/v1/admin/plans/{planId}/']!.put!.security).toEqual([{ bearerAuth: [] }]);
  });
});

describe('validation and hostile input', () => {
  it('names each bad field, and answers 4xx (never 5xx) to junk', async () => {
    const bad = await admin.call('POST', '/admin/plans/', {
      name: 'a',
      description: 'x'.repeat(1001),
      features: ['ok', ''],
      plan_type: 'weekly',
      prices: [{ region: 'US', amount: -5, regular_amount: 1 }],
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['description', 'features', 'name', 'plan_type', 'prices']);

    const cases: [Record<string, unknown>, string, string][] = [
      [{ prices: [{ region: 'IN', amount: 10, regular_amount: 10 }] }, 'prices', planAdminMessages.defaultPriceRequired],
      [{ prices: [{ region: 'US', amount: 0, regular_amount: 0 }] }, 'prices', planAdminMessages.notFree],
      [{ prices: [{ region: 'US', amount: 20, regular_amount: 10 }] }, 'prices', 'The regular price cannot be lower than the price.'],
      [{ prices: [{ region: 'US', amount: -1, regular_amount: 10 }] }, 'prices', 'The amount cannot be negative.'],
      [{ prices: [{ region: 'US', amount: 10.001, regular_amount: 11 }] }, 'prices', 'At most two decimals.'],
      [{ prices: [{ region: 'US', amount: 1e300, regular_amount: 1e300 }] }, 'prices', 'The amount is too large.'],
      [
        {
          prices: [
            { region: 'US', amount: 10, regular_amount: 10 },
            { region: 'US', amount: 11, regular_amount: 11 },
          ],
        },
        'prices',
        planAdminMessages.eachRegionOnce,
      ],
      [{ prices: [{ region: 'XX', amount: 10, regular_amount: 10 }] }, 'prices', ''],
      [{ features: Array.from({ length: 21 }, (_, i) => `Feature ${i}`) }, 'features', 'At most 20 items.'],
      [{ name: { $ne: null } }, 'name', ''],
      [{ prices: 'free' }, 'prices', ''],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await admin.call('POST', '/admin/plans/', validPlan(overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(Object.keys(res.json()), JSON.stringify(overrides)).toEqual([field]);
      if (message) expect(res.json()[field], JSON.stringify(overrides)).toContain(message);
    }

    const monthly = kit.planId('monthly');
    for (const junk of ['%00', '..', '-1', '0', '99999999999999999999', '1e3', 'abc', "1'or'1'='1", '%', '1;drop table plans']) {
      for (const [method, url, body] of [
        ['GET', `/admin/plans/${junk}/`, undefined],
        ['PUT', `/admin/plans/${junk}/`, validPlan()],
        ['POST', `/admin/plans/${junk}/off/`, undefined],
      ] as const) {
        const res = await admin.call(method, url, body);
        expect(res.statusCode, `${method} ${url}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${method} ${url}`).toBeLessThan(500);
      }
    }
    expect((await admin.call('GET', '/admin/plans/999999/')).statusCode).toBe(404);
    expect((await admin.call('PUT', '/admin/plans/999999/', validPlan())).statusCode).toBe(404);
    for (const query of ['page=-1', 'page=abc', 'page_size=100000', 'state=evil', "state=on'--"]) {
      expect((await admin.call('GET', `/admin/plans/?${query}`)).statusCode, query).toBe(400);
    }
    const huge = await admin.call('POST', '/admin/plans/', JSON.stringify(validPlan({ description: 'x'.repeat(2_000_000) })), {
      headers: { ...admin.headers, 'content-type': 'application/json' },
    });
    expect(huge.statusCode).toBe(413);
    const notJson = await admin.call('PUT', `/admin/plans/${monthly}/`, '{"name": ', { headers: { ...admin.headers, 'content-type': 'application/json' } });
    expect(notJson.statusCode).toBe(400);

    // Injection strings are text like any other: stored as typed, the table untouched.
    const sneaky = "Robert'); DROP TABLE plans;-- <script>alert(1)</script>";
    const created = await admin.call('POST', '/admin/plans/', validPlan({ name: sneaky, plan_type: 'lifetime', features: ["' OR 1=1 --"] }));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<AdminPlan>()).toMatchObject({ name: sneaky, features: ["' OR 1=1 --"], is_active: false });
    expect((await kit.t.handle.db.select().from(plans)).length).toBeGreaterThan(3);
  });
});

describe('plans kept in step with Stripe and Razorpay', () => {
  it('a price change creates a new Stripe Price and Razorpay plan that the next checkouts use; the member keeps the old one', async () => {
    const planId = kit.planId('monthly');
    // A member who subscribed before the change: the checkout created the plan's first Price.
    const before = await kit.stripeMember('monthly');
    const oldPrice = (await planOf(planId)).prices.find((p) => p.region === 'US')!.stripe_price_id!;
    expect(oldPrice).toMatch(/^price_/);
    const oldSub = await kit.fake().stripeSdk.subscriptions.retrieve((await kit.stripeSubscriptionOf(before.membershipId)).stripeSubscriptionId!);
    expect(oldSub.items.data[0]!.price.id).toBe(oldPrice);
    expect((await storefront()).find((p) => p.id === planId)!.country_price.amount).toBe(19.99);

    const plan = await planOf(planId);
    expect(plan.members).toBe(1);
    const requestsFrom = kit.fake().requests.length;
    const prices = [
      { region: 'US' as const, amount: 24.99, regular_amount: 29.99 },
      { region: 'IN' as const, amount: 1299, regular_amount: 1999 },
    ];
    const edited = await admin.call('PUT', `/admin/plans/${planId}/`, bodyOf(plan, { name: 'Monthly Membership Plus', prices }));
    expect(edited.statusCode, edited.body).toBe(200);
    const after = edited.json<AdminPlan>();
    const us = after.prices.find((p) => p.region === 'US')!;
    const inr = after.prices.find((p) => p.region === 'IN')!;
    expect(us).toMatchObject({ amount: 24.99, regular_amount: 29.99, currency: 'USD' });
    expect(us.stripe_price_id).toMatch(/^price_/);
    expect(us.stripe_price_id).not.toBe(oldPrice);
    expect(inr.razorpay_plan_id).toMatch(/^plan_/);
    expect(after.prices.filter((p) => p.region !== 'IN').every((p) => p.razorpay_plan_id === null)).toBe(true);
    expect(kit.fake().requests.slice(requestsFrom)).toEqual(
      expect.arrayContaining([`POST /v1/prices/${oldPrice}`, 'POST /v1/prices', `POST /v1/products/${after.stripe_product_id}`]),
    );

    // At Stripe: the old Price is archived, the new one charges the new amount every month.
    const sdk = kit.fake().stripeSdk;
    expect((await sdk.prices.retrieve(oldPrice)).active).toBe(false);
    expect(await sdk.prices.retrieve(us.stripe_price_id!)).toMatchObject({
      active: true,
      unit_amount: 2499,
      currency: 'usd',
      recurring: { interval: 'month' },
    });
    expect((await sdk.products.retrieve(after.stripe_product_id!)).name).toBe('Monthly Membership Plus');

    // The storefront shows it at once (its snapshot was dropped, not left to expire).
    expect((await storefront()).find((p) => p.id === planId)).toMatchObject({ name: 'Monthly Membership Plus', country_price: { amount: 24.99 } });

    // The next checkout charges the new Price.
    const next = await kit.member();
    const started = await next.call('POST', '/membership-subscription-api/', { plan_id: planId, payment_method: 'stripe' });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ amount: 2499, currency: 'USD', plan_name: 'Monthly Membership Plus' });
    await kit.deliverAll('stripe', await kit.payStripe(started.json<{ session_id: string }>().session_id));
    const nextId = (await next.call('GET', '/user/subscription-detail/')).json<{ id: number; is_active: boolean }>();
    expect(nextId.is_active).toBe(true);
    const nextSub = await sdk.subscriptions.retrieve((await kit.stripeSubscriptionOf(nextId.id)).stripeSubscriptionId!);
    expect(nextSub.items.data[0]!.price).toMatchObject({ id: us.stripe_price_id, unit_amount: 2499 });

    // The member from before keeps their Price and amount.
    const kept = await sdk.subscriptions.retrieve(oldSub.id);
    expect(kept.items.data[0]!.price).toMatchObject({ id: oldPrice, unit_amount: 1999 });
    expect((await before.call('GET', '/user/subscription-detail/')).json()).toMatchObject({ is_active: true });

    // An Indian member's Razorpay subscription is on the synced Razorpay plan.
    const indian = await kit.member({ country: 'IN' });
    const rzp = await indian.call('POST', '/membership-subscription-api/', { plan_id: planId, payment_method: 'razorpay' });
    expect(rzp.statusCode, rzp.body).toBe(200);
    expect(rzp.json()).toMatchObject({ amount: 129900, currency: 'INR' });
    const rzpSub = await kit.fake().razorpay.fetchSubscription(rzp.json<{ subscription_id: string }>().subscription_id);
    expect(rzpSub.planId).toBe(inr.razorpay_plan_id);

    // A regular price alone changes nothing at the providers.
    const quietFrom = kit.fake().requests.length;
    const regularOnly = await admin.call('PUT', `/admin/plans/${planId}/`, bodyOf(after, { prices: [{ ...prices[0]!, regular_amount: 34.99 }, prices[1]!] }));
    expect(regularOnly.json<AdminPlan>().prices.find((p) => p.region === 'US')!.stripe_price_id).toBe(us.stripe_price_id);
    expect(
      kit
        .fake()
        .requests.slice(quietFrom)
        .filter((r) => r.startsWith('POST /v1/prices')),
    ).toEqual([]);

    // Members bought it monthly: its interval stays.
    const retype = await admin.call('PUT', `/admin/plans/${planId}/`, bodyOf(after, { plan_type: 'yearly' }));
    expect(retype.statusCode).toBe(400);
    expect(retype.json()).toEqual({ plan_type: [planAdminMessages.typeHasMembers] });

    const audit = await auditOf(planId);
    const update = audit.find((a) => a.action === 'plan.update')!;
    expect(update.actorEmail).toBe(admin.user.email);
    expect(update.before).toMatchObject({
      name: 'Monthly Membership',
      prices: expect.arrayContaining([expect.objectContaining({ region: 'US', amount: 19.99 })]),
    });
    expect(update.after).toMatchObject({
      name: 'Monthly Membership Plus',
      prices: expect.arrayContaining([expect.objectContaining({ region: 'US', amount: 24.99 })]),
    });
  });

  it('a new recurring plan gets its Product, Prices and Razorpay plan; it starts off while another plan of its interval is on', async () => {
    const res = await admin.call('POST', '/admin/plans/', validPlan({ plan_type: 'yearly', name: 'Team Yearly' }));
    expect(res.statusCode, res.body).toBe(201);
    const plan = res.json<AdminPlan>();
    expect(plan).toMatchObject({ name: 'Team Yearly', plan_type: 'yearly', is_active: false, members: 0 });
    expect(plan.stripe_product_id).toMatch(/^prod_/);
    expect(plan.prices.every((p) => p.stripe_price_id?.startsWith('price_'))).toBe(true);
    expect(plan.prices.find((p) => p.region === 'IN')!.razorpay_plan_id).toMatch(/^plan_/);
    const price = await kit.fake().stripeSdk.prices.retrieve(plan.prices.find((p) => p.region === 'US')!.stripe_price_id!);
    expect(price).toMatchObject({ unit_amount: 4900, recurring: { interval: 'year' }, product: plan.stripe_product_id });
    expect((await auditOf(plan.id)).map((a) => a.action)).toEqual(['plan.create']);

    // Turning it on while the seeded yearly plan is on sale is refused; after that one goes off, it works.
    const refused = await admin.call('POST', `/admin/plans/${plan.id}/on/`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ plan_type: string[] }>().plan_type[0]).toContain(planAdminMessages.typeTaken);
    expect((await admin.call('POST', `/admin/plans/${kit.planId('yearly')}/off/`)).statusCode).toBe(200);
    const on = await admin.call('POST', `/admin/plans/${plan.id}/on/`);
    expect(on.json<AdminPlan>().is_active).toBe(true);
    expect((await storefront()).filter((p) => p.plan_type === 'yearly').map((p) => p.name)).toEqual(['Team Yearly']);
    const list = (await admin.call('GET', '/admin/plans/?state=on')).json<{ count: number; results: AdminPlan[] }>();
    expect(list.results.map((p) => p.plan_type).sort()).toEqual(['lifetime', 'monthly', 'yearly']);
  });

  it('a plan turned off leaves the storefront and cannot be bought; its members keep it', async () => {
    const planId = kit.planId('monthly');
    const member = (await kit.member()) as Awaited<ReturnType<Kit['member']>>;
    // A member on the plan (bought before it goes off).
    const m = await kit.stripeMember('monthly', member);
    const off = await admin.call('POST', `/admin/plans/${planId}/off/`);
    expect(off.statusCode).toBe(200);
    expect(off.json<AdminPlan>()).toMatchObject({ is_active: false });
    expect((await storefront()).map((p) => p.id)).not.toContain(planId);
    expect((await storefront('IN')).map((p) => p.id)).not.toContain(planId);
    const buyer = await kit.member();
    const refused = await buyer.call('POST', '/membership-subscription-api/', { plan_id: planId, payment_method: 'stripe' });
    expect(refused.statusCode).toBe(404);
    expect((await m.call('GET', '/user/subscription-detail/')).json()).toMatchObject({ is_active: true, subscription_active: true });
    // Off twice is still off; the audit says off, then on.
    expect((await admin.call('POST', `/admin/plans/${planId}/off/`)).statusCode).toBe(200);
    expect((await admin.call('POST', `/admin/plans/${planId}/on/`)).json<AdminPlan>().is_active).toBe(true);
    expect((await storefront()).map((p) => p.id)).toContain(planId);
    const actions = (await auditOf(planId)).map((a) => a.action);
    expect(actions.slice(-3)).toEqual(['plan.off', 'plan.off', 'plan.on']);
    const offRow = (await auditOf(planId)).find((a) => a.action === 'plan.off')!;
    expect(offRow.before).toEqual({ is_active: true });
    expect(offRow.after).toEqual({ is_active: false });
  });

  it('a lifetime plan is edited without provider prices (its checkout is a one-time payment)', async () => {
    const planId = kit.planId('lifetime');
    const plan = await planOf(planId);
    const res = await admin.call('PUT', `/admin/plans/${planId}/`, bodyOf(plan, { features: ['Everything, forever'] }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AdminPlan>().prices.every((p) => p.stripe_price_id === null && p.razorpay_plan_id === null)).toBe(true);
    expect((await storefront()).find((p) => p.id === planId)!.subscription_data.features).toEqual(['Everything, forever']);
  });
});
