import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, visitorCall } from '../../../../test/admin.js';
import { createTestApp, type TestApp } from '../../../../test/helpers.js';
import { startFakeProviders } from '../../../../test/payments.js';
import type { Page } from '../../../shared/admin.js';
import type { CourseListItem } from '../../../shared/catalog.js';
import { commerceMessages } from '../../../shared/commerce.js';
import { couponMessages, type AdminCoupon, type AdminCouponDetail } from '../../../shared/coupons.js';
import { toMajor, toMinor } from '../../../shared/pricing.js';
import { auditLog, coupons } from '../../db/schema/index.js';

let t: TestApp;
let fake: Awaited<ReturnType<typeof startFakeProviders>>;
let admin: Awaited<ReturnType<typeof signedIn>>;
let paid: CourseListItem[];
beforeAll(async () => {
  t = await createTestApp({
    setup: async (handle) => {
      fake = await startFakeProviders(handle.db);
      return { stripe: fake.stripe, razorpay: fake.razorpay };
    },
  });
  admin = await signedIn(t, { isAdmin: true });
  paid = (await t.app.inject({ url: '/api/v1/courses/' })).json<CourseListItem[]>().filter((c) => c.course_type === 'paid');
  expect(paid.length).toBeGreaterThanOrEqual(4);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

let serial = 0;
const uniqueCode = (prefix: string) => `${prefix}${Date.now().toString(36)}${++serial}`.toUpperCase();
const auditRows = (action: string) => t.handle.db.select().from(auditLog).where(eq(auditLog.action, action));

async function create(body: Record<string, unknown>): Promise<AdminCoupon> {
  const res = await admin.call('POST', '/admin/coupons/', { code: uniqueCode('C'), percentage: 10, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<AdminCoupon>();
}
const detail = async (id: number) => (await admin.call('GET', `/admin/coupons/${id}/`)).json<AdminCouponDetail>();

type Buyer = Awaited<ReturnType<typeof signedIn>>;
/** A signed-in buyer's checkout of these courses with the coupon, at the total the server should compute. */
async function checkout(buyer: Buyer, courses: CourseListItem[], code: string, percentage: number, discounted = courses) {
  const subtotal = courses.reduce((sum, c) => sum + toMinor(c.country_price.amount), 0);
  const eligible = discounted.reduce((sum, c) => sum + toMinor(c.country_price.amount), 0);
  const total = subtotal - Math.round((eligible * percentage) / 100);
  return buyer.call('POST', '/create-order/', {
    full_name: buyer.user.fullName,
    email: buyer.user.email,
    phone_number: '+1 415 555 0100',
    address_line_1: '500 Market St',
    country: 'United States',
    state: 'California',
    city: 'San Francisco',
    pin_code: '94105',
    courses: courses.map((c) => c.id),
    total: toMajor(total),
    payment_method: total === 0 ? 'Full_Discount' : 'Stripe',
    coupon_code: code,
  });
}

describe('coupons in the studio', () => {
  it('answers 401 to a visitor and 403 to a student, before reading the body', async () => {
    const student = await signedIn(t);
    const calls: ['GET' | 'POST' | 'PATCH' | 'DELETE', string][] = [
      ['GET', '/admin/coupons/'],
      ['GET', '/admin/coupons/1/'],
      ['POST', '/admin/coupons/'],
      ['PATCH', '/admin/coupons/1/'],
      ['POST', '/admin/coupons/1/disable/'],
      ['POST', '/admin/coupons/1/enable/'],
      ['DELETE', '/admin/coupons/1/'],
    ];
    for (const [method, url] of calls) {
      expect((await visitorCall(t, method, url, { percentage: 'junk' })).statusCode, `${method} ${url}`).toBe(401);
      expect((await student.call(method, url, { percentage: 'junk' })).statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await t.handle.db.select().from(coupons).where(eq(coupons.discountPercentage, 0))).toHaveLength(0);
  });

  it('creates, shows, edits, disables and enables a coupon, each change audited with before and after', async () => {
    const [a] = paid;
    const code = uniqueCode('spring');
    const created = await create({
      code: code.toLowerCase(),
      percentage: 30,
      expires_at: '2099-06-30',
      max_uses: 50,
      max_uses_per_user: 2,
      course_ids: [a!.id],
    });
    expect(created).toMatchObject({
      code,
      percentage: 30,
      expires_at: '2099-06-30T23:59:59.999Z',
      max_uses: 50,
      max_uses_per_user: 2,
      courses: [{ id: a!.id, title: a!.title }],
      is_active: true,
      state: 'active',
      uses: 0,
      reserved: 0,
      deletable: true,
    });
    expect((await auditRows('coupon.create')).find((r) => r.entityId === String(created.id))?.after).toMatchObject({ code, percentage: 30 });
    expect(await detail(created.id)).toMatchObject({ code, orders: [] });

    const edited = await admin.call('PATCH', `/admin/coupons/${created.id}/`, { percentage: 40, course_ids: [], expires_at: null });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<AdminCoupon>()).toMatchObject({ percentage: 40, courses: [], expires_at: null, max_uses: 50 });
    const editRow = (await auditRows('coupon.update')).find((r) => r.entityId === String(created.id));
    expect(editRow?.before).toMatchObject({ percentage: 30, courses: [{ id: a!.id }] });
    expect(editRow?.after).toMatchObject({ percentage: 40, courses: [] });

    const disabled = await admin.call('POST', `/admin/coupons/${created.id}/disable/`);
    expect(disabled.json<AdminCoupon>()).toMatchObject({ is_active: false, state: 'disabled' });
    expect((await auditRows('coupon.disable')).find((r) => r.entityId === String(created.id))).toMatchObject({
      before: { is_active: true },
      after: { is_active: false },
    });
    expect((await admin.call('POST', `/admin/coupons/${created.id}/enable/`)).json<AdminCoupon>()).toMatchObject({ state: 'active' });
  });

  it('lists on the server: searched by code (wildcards literal), sorted, paged, with a total count', async () => {
    const tag = uniqueCode('LIST');
    for (const percentage of [15, 5, 25]) await create({ code: `${tag}${percentage}`, percentage });
    const list = async (query: string) => {
      const res = await admin.call('GET', `/admin/coupons/${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Page<AdminCoupon>>();
    };
    const found = await list(`?search=${tag.toLowerCase()}&sort=percentage`);
    expect(found.count).toBe(3);
    expect(found.results.map((c) => c.percentage)).toEqual([5, 15, 25]);
    expect((await list(`?search=${tag}&sort=-percentage&page_size=1&page=2`)).results.map((c) => c.percentage)).toEqual([15]);
    expect((await list('?search=%25')).count).toBe(0);
    expect((await list('?search=_')).count).toBe(0);
    expect((await list(`?search=${encodeURIComponent("' or 1=1 --")}`)).count).toBe(0);
    const all = await list('?sort=code&page_size=100');
    expect(all.results.map((c) => c.code)).toContain('WELCOME10');
    expect(all.results.find((c) => c.code === 'EXPIRED20')?.state).toBe('expired');
    const bad = await admin.call('GET', '/admin/coupons/?sort=usedCount&page_size=0&page=-1');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['page', 'page_size', 'sort']);
  });

  it('refuses bad fields one list per field, and writes nothing', async () => {
    const before = (await t.handle.db.select().from(coupons)).length;
    const res = await admin.call('POST', '/admin/coupons/', {
      code: 'a',
      percentage: 0,
      expires_at: 'next tuesday',
      max_uses: -1,
      max_uses_per_user: 1.5,
      course_ids: ['x'],
      is_active: 'yes',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: [couponMessages.codeFormat],
      percentage: [couponMessages.percentage],
      expires_at: [couponMessages.expiry],
      max_uses: [couponMessages.limit],
      max_uses_per_user: [couponMessages.limit],
      course_ids: [couponMessages.courseIds],
      is_active: ['Use true or false.'],
    });
    expect((await admin.call('POST', '/admin/coupons/', {})).json()).toEqual({ code: [couponMessages.codeRequired], percentage: [couponMessages.percentage] });
    const rules = await admin.call('POST', '/admin/coupons/', {
      code: 'welcome10',
      percentage: 10,
      expires_at: '2020-01-01',
      max_uses: 5,
      max_uses_per_user: 6,
      course_ids: [2_147_483_647],
    });
    expect(rules.json()).toEqual({
      code: [couponMessages.codeTaken],
      expires_at: [couponMessages.expiryPast],
      max_uses_per_user: [couponMessages.perUserOverTotal],
      course_ids: [couponMessages.unknownCourse],
    });
    const taken = await create({});
    expect((await admin.call('PATCH', `/admin/coupons/${taken.id}/`, { code: 'Welcome10' })).json()).toEqual({ code: [couponMessages.codeTaken] });
    expect((await admin.call('PATCH', `/admin/coupons/${taken.id}/`, { code: taken.code.toLowerCase(), percentage: 11 })).statusCode).toBe(200);
    expect((await t.handle.db.select().from(coupons)).length).toBe(before + 1);
  });

  it('answers hostile input with 4xx, never 5xx', async () => {
    const target = await create({});
    const bodies: unknown[] = [
      { code: 'NEG', percentage: -10 },
      { code: 'OVER', percentage: 101 },
      { code: 'BIG', percentage: 1e308 },
      { code: 'FRAC', percentage: 12.5 },
      { code: 'STR', percentage: '50' },
      { code: "X'; DROP TABLE coupons; --", percentage: 10 },
      { code: '<script>alert(1)</script>', percentage: 10 },
      { code: 'A'.repeat(10_000), percentage: 10 },
      { code: 'OK123', percentage: 10, is_admin: true },
      { code: 'OK124', percentage: 10, course_ids: Array.from({ length: 600 }, (_, i) => i + 1) },
      { code: 'OK125', percentage: 10, course_ids: [-1, 0] },
      { code: 'OK126', percentage: 10, expires_at: '9999-12-31' },
      { code: 'OK127', percentage: 10, max_uses: 1e12 },
      { code: ['ARRAY'], percentage: 10 },
      { code: { $ne: null }, percentage: 10 },
      [],
      'not json at all',
      null,
    ];
    for (const body of bodies) {
      const res = await admin.call(
        'POST',
        '/admin/coupons/',
        body,
        typeof body === 'string' ? { headers: { ...admin.headers, 'content-type': 'application/json' } } : {},
      );
      expect(res.statusCode, `${JSON.stringify(body).slice(0, 80)} → ${res.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    const huge = await admin.call('POST', '/admin/coupons/', { code: 'HUGE', percentage: 10, padding: 'x'.repeat(3_000_000) });
    expect([400, 413]).toContain(huge.statusCode);
    for (const patch of [{ percentage: -1 }, { percentage: 1000 }, { code: '../../etc' }, { id: 1 }]) {
      const res = await admin.call('PATCH', `/admin/coupons/${target.id}/`, patch);
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
    }
    for (const path of ['abc', '-1', '0', '1.5', '99999999999999', "1'%20or%20'1'='1", '%00', '..%2F..%2Fetc', '2147483647']) {
      for (const [method, suffix] of [
        ['GET', ''],
        ['PATCH', ''],
        ['POST', 'disable/'],
        ['DELETE', ''],
      ] as const) {
        const res = await admin.call(method, `/admin/coupons/${path}/${suffix}`, method === 'PATCH' ? { percentage: 5 } : undefined);
        expect(res.statusCode, `${method} ${path}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${method} ${path}`).toBeLessThan(500);
      }
    }
    expect((await detail(target.id)).percentage).toBe(10);
  });
});

describe('the studio coupon at checkout', () => {
  it('a per-buyer limit of 1 refuses the same buyer the second time; uses so far counts paid orders', async () => {
    const [a, b, c] = paid;
    const coupon = await create({ percentage: 100, max_uses_per_user: 1 });
    const buyer = await signedIn(t);
    const first = await checkout(buyer, [a!], coupon.code, 100);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ payment_method: 'Full_Discount', order_status: 'Paid' });
    const second = await checkout(buyer, [b!], coupon.code, 100);
    expect(second.statusCode).toBe(400);
    expect(second.json()).toEqual({ coupon_code: [commerceMessages.couponUsedByYou] });
    expect((await buyer.call('POST', '/coupon/', { coupon_code: coupon.code })).json()).toEqual({ errors: [commerceMessages.couponUsedByYou] });

    // Another buyer may still use it; a checkout waiting for its card payment holds a use but is not a paid use.
    const other = await signedIn(t);
    expect((await checkout(other, [a!], coupon.code, 100)).statusCode).toBe(201);
    expect((await admin.call('PATCH', `/admin/coupons/${coupon.id}/`, { percentage: 50 })).statusCode).toBe(200);
    const pending = await checkout(await signedIn(t), [c!], coupon.code, 50);
    expect(pending.statusCode, pending.body).toBe(201);
    const shown = await detail(coupon.id);
    expect(shown).toMatchObject({ uses: 2, reserved: 3, deletable: false });
    expect(shown.orders.map((o) => o.status).sort()).toEqual(['Paid', 'Paid', 'Pending']);
    const mostUsed = (await admin.call('GET', '/admin/coupons/?sort=-uses&page_size=1')).json<Page<AdminCoupon>>().results[0];
    expect(mostUsed?.uses).toBeGreaterThanOrEqual(2);

    // Used, so it cannot be deleted: disabling is the way.
    const del = await admin.call('DELETE', `/admin/coupons/${coupon.id}/`);
    expect(del.statusCode).toBe(409);
    expect(del.json()).toEqual({ detail: couponMessages.usedCannotDelete });
    expect((await detail(coupon.id)).code).toBe(coupon.code);
  });

  it('a total limit stops the coupon once reached', async () => {
    const [a] = paid;
    const coupon = await create({ percentage: 100, max_uses: 1 });
    expect((await checkout(await signedIn(t), [a!], coupon.code, 100)).statusCode).toBe(201);
    expect((await checkout(await signedIn(t), [a!], coupon.code, 100)).json()).toEqual({ coupon_code: [commerceMessages.couponExhausted] });
    expect((await detail(coupon.id)).state).toBe('used_up');
  });

  it('a course-restricted coupon discounts only its courses and is refused for others', async () => {
    const [, b, c] = paid;
    const coupon = await create({ percentage: 50, course_ids: [b!.id] });
    const alone = await checkout(await signedIn(t), [c!], coupon.code, 50);
    expect(alone.json()).toEqual({ coupon_code: [commerceMessages.couponNotApplicable] });
    // Both courses: the total the server expects discounts b's line only.
    const wrong = await checkout(await signedIn(t), [b!, c!], coupon.code, 50);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toHaveProperty('total');
    const right = await checkout(await signedIn(t), [b!, c!], coupon.code, 50, [b!]);
    expect(right.statusCode, right.body).toBe(201);
    const expected = toMinor(b!.country_price.amount) + toMinor(c!.country_price.amount) - Math.round(toMinor(b!.country_price.amount) / 2);
    expect(toMinor(right.json<{ total: number }>().total)).toBe(expected);
  });

  it('a disabled or expired coupon is refused with its reason; enabling it again works', async () => {
    const [a] = paid;
    const coupon = await create({ percentage: 20 });
    await admin.call('POST', `/admin/coupons/${coupon.id}/disable/`);
    const buyer = await signedIn(t);
    expect((await buyer.call('POST', '/coupon/', { coupon_code: coupon.code.toLowerCase() })).json()).toEqual({ errors: [commerceMessages.couponDisabled] });
    expect((await checkout(buyer, [a!], coupon.code, 20)).json()).toEqual({ coupon_code: [commerceMessages.couponDisabled] });
    await admin.call('POST', `/admin/coupons/${coupon.id}/enable/`);
    expect((await buyer.call('POST', '/coupon/', { coupon_code: coupon.code })).json()).toMatchObject({ discount_percentage: 20 });

    // Its date passes (the studio refuses a past date, so the clock is moved by hand).
    await t.handle.db
      .update(coupons)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(coupons.id, coupon.id));
    expect((await checkout(buyer, [a!], coupon.code, 20)).json()).toEqual({ coupon_code: [commerceMessages.couponExpired] });
    expect((await detail(coupon.id)).state).toBe('expired');
    // Editing something else on an expired coupon keeps its date without complaint.
    const edit = await admin.call('PATCH', `/admin/coupons/${coupon.id}/`, { percentage: 25, expires_at: (await detail(coupon.id)).expires_at });
    expect(edit.statusCode, edit.body).toBe(200);
  });

  it('deletes a coupon no order used, audited', async () => {
    const coupon = await create({});
    const res = await admin.call('DELETE', `/admin/coupons/${coupon.id}/`);
    expect(res.statusCode).toBe(204);
    expect((await admin.call('GET', `/admin/coupons/${coupon.id}/`)).statusCode).toBe(404);
    expect((await auditRows('coupon.delete')).find((r) => r.entityId === String(coupon.id))?.before).toMatchObject({ code: coupon.code });
    expect((await admin.call('DELETE', `/admin/coupons/${coupon.id}/`)).statusCode).toBe(404);
  });
});
