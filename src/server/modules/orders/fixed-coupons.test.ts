import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../../../../test/admin.js';
import { createTestApp, type TestApp } from '../../../../test/helpers.js';
import { startFakeProviders } from '../../../../test/payments.js';
import type { CourseListItem } from '../../../shared/catalog.js';
import { commerceMessages } from '../../../shared/commerce.js';
import { couponMessages, type AdminCoupon } from '../../../shared/coupons.js';
import { toMajor, toMinor } from '../../../shared/pricing.js';
import { coupons, orders } from '../../db/schema/index.js';

// A coupon can take a fixed amount off per currency ($10 / ₹800) as well as a percentage (issue 25
// item 6): priced by the one pricing function, never below zero, and only in a currency it names.
let t: TestApp;
let fake: Awaited<ReturnType<typeof startFakeProviders>>;
let admin: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  t = await createTestApp({
    env: { GEO_COUNTRY_HEADER: 'cf-ipcountry', TRUST_PROXY: 'true' },
    setup: async (handle) => {
      fake = await startFakeProviders(handle.db);
      return { stripe: fake.stripe, razorpay: fake.razorpay };
    },
  });
  admin = await signedIn(t, { isAdmin: true });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

let serial = 0;
const uniqueCode = () => `FIXED${Date.now().toString(36)}${++serial}`.toUpperCase();
type Buyer = Awaited<ReturnType<typeof signedIn>>;
const from = (buyer: Buyer, country: string) => ({ headers: { ...buyer.headers, 'cf-ipcountry': country } });

async function paidCourses(country: string): Promise<CourseListItem[]> {
  const res = await t.app.inject({ url: '/api/v1/courses/', headers: { 'cf-ipcountry': country } });
  return res.json<CourseListItem[]>().filter((c) => c.course_type === 'paid');
}

async function createFixed(amountOff: Record<string, number>, extra: Record<string, unknown> = {}): Promise<AdminCoupon> {
  const res = await admin.call('POST', '/admin/coupons/', { code: uniqueCode(), discount_type: 'fixed', amount_off: amountOff, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<AdminCoupon>();
}

function checkout(buyer: Buyer, country: string, courses: CourseListItem[], code: string, total: number, paymentMethod?: string) {
  return buyer.call(
    'POST',
    '/create-order/',
    {
      full_name: buyer.user.fullName,
      email: buyer.user.email,
      phone_number: '+91 98765 43210',
      address_line_1: '12 MG Road',
      country: country === 'IN' ? 'India' : 'United States',
      state: 'Karnataka',
      city: 'Bengaluru',
      pin_code: '560001',
      courses: courses.map((c) => c.id),
      total: toMajor(total),
      payment_method: paymentMethod ?? (total === 0 ? 'Full_Discount' : 'Stripe'),
      coupon_code: code,
    },
    from(buyer, country),
  );
}

const subtotalOf = (courses: CourseListItem[]) => courses.reduce((sum, c) => sum + toMinor(c.country_price.amount), 0);

describe('fixed-amount coupons', () => {
  it('are created with an amount per currency and shown as such in the studio', async () => {
    const coupon = await createFixed({ USD: 10, INR: 800 });
    expect(coupon).toMatchObject({ discount_type: 'fixed', amount_off: { USD: 10, INR: 800 }, percentage: 0 });
    const [row] = await t.handle.db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(row).toMatchObject({ discountType: 'fixed', amountOff: { USD: 1000, INR: 80000 }, discountPercentage: 0 });

    // A percentage coupon is unchanged, and says so.
    const percent = await admin.call('POST', '/admin/coupons/', { code: uniqueCode(), percentage: 15 });
    expect(percent.json()).toMatchObject({ discount_type: 'percent', percentage: 15, amount_off: null });
  });

  it.each([
    ['no amount at all', { discount_type: 'fixed' }, 'amount_off', couponMessages.amountOffRequired],
    ['an empty amount list', { discount_type: 'fixed', amount_off: {} }, 'amount_off', couponMessages.amountOffRequired],
    ['a currency prices are not in', { discount_type: 'fixed', amount_off: { JPY: 1000 } }, 'amount_off', couponMessages.amountOffCurrency],
    ['a negative amount', { discount_type: 'fixed', amount_off: { USD: -10 } }, 'amount_off', couponMessages.amountOff],
    ['a zero amount', { discount_type: 'fixed', amount_off: { USD: 0 } }, 'amount_off', couponMessages.amountOff],
    ['a fraction of a cent', { discount_type: 'fixed', amount_off: { USD: 10.005 } }, 'amount_off', couponMessages.amountOff],
    ['a string amount', { discount_type: 'fixed', amount_off: { USD: '10' } }, 'amount_off', couponMessages.amountOff],
    ['a percent coupon with no percentage', { discount_type: 'percent' }, 'percentage', couponMessages.percentage],
    ['an unknown kind', { discount_type: 'bogo', percentage: 10 }, 'discount_type', couponMessages.discountType],
  ])('refuses %s with 400 and writes nothing', async (_name, body, field, message) => {
    const code = uniqueCode();
    const res = await admin.call('POST', '/admin/coupons/', { code, ...body });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<Record<string, string[]>>()[field]).toContain(message);
    expect(await t.handle.db.select().from(coupons).where(eq(coupons.code, code))).toHaveLength(0);
  });

  it('switches between a percentage and a fixed amount by an edit, keeping only the kind it has', async () => {
    const coupon = await createFixed({ USD: 5 });
    const toPercentWithout = await admin.call('PATCH', `/admin/coupons/${coupon.id}/`, { discount_type: 'percent' });
    expect(toPercentWithout.statusCode).toBe(400);
    expect(toPercentWithout.json()).toEqual({ percentage: [couponMessages.percentage] });

    const toPercent = await admin.call('PATCH', `/admin/coupons/${coupon.id}/`, { discount_type: 'percent', percentage: 20 });
    expect(toPercent.json()).toMatchObject({ discount_type: 'percent', percentage: 20, amount_off: null });
    const back = await admin.call('PATCH', `/admin/coupons/${coupon.id}/`, { discount_type: 'fixed', amount_off: { INR: 500 } });
    expect(back.json()).toMatchObject({ discount_type: 'fixed', percentage: 0, amount_off: { INR: 500 } });
    // A percentage sent to a fixed coupon changes nothing it takes off.
    const ignored = await admin.call('PATCH', `/admin/coupons/${coupon.id}/`, { percentage: 90 });
    expect(ignored.json()).toMatchObject({ discount_type: 'fixed', percentage: 0, amount_off: { INR: 500 } });
  });

  it('takes its amount in the buyer currency off the total, and the server refuses any other total', async () => {
    const coupon = await createFixed({ USD: 10, INR: 800 });
    const [course] = await paidCourses('IN');
    const buyer = await signedIn(t);

    const check = await buyer.call('POST', '/coupon/', { coupon_code: coupon.code.toLowerCase() }, from(buyer, 'IN'));
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json()).toMatchObject({ discount_type: 'fixed', amount_off: { USD: 10, INR: 800 }, currency: 'INR', discount_percentage: 0 });

    const subtotal = subtotalOf([course!]);
    expect(subtotal).toBeGreaterThan(80000);
    // The total a client would compute with the dollar amount (or as a percentage) is not the total.
    const tampered = await checkout(buyer, 'IN', [course!], coupon.code, subtotal - 1000, 'RazorPay');
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json()).toEqual({ total: [commerceMessages.totalChanged] });

    const res = await checkout(buyer, 'IN', [course!], coupon.code, subtotal - 80000, 'RazorPay');
    expect(res.statusCode, res.body).toBe(201);
    const [order] = await t.handle.db.select().from(orders).where(eq(orders.couponId, coupon.id));
    expect(order).toMatchObject({ currency: 'INR', subtotal, discount: 80000, total: subtotal - 80000 });
  });

  it('never takes a total below zero: more than the price makes the order free', async () => {
    const coupon = await createFixed({ USD: 5000 });
    const [course] = await paidCourses('US');
    const buyer = await signedIn(t);
    const res = await checkout(buyer, 'US', [course!], coupon.code, 0);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ payment_method: 'Full_Discount', order_status: 'Paid' });
    const [order] = await t.handle.db.select().from(orders).where(eq(orders.couponId, coupon.id));
    expect(order).toMatchObject({ discount: subtotalOf([course!]), total: 0 });
  });

  it('takes the amount off only the courses it names', async () => {
    const [a, b] = await paidCourses('US');
    const coupon = await createFixed({ USD: 10 }, { course_ids: [b!.id] });
    const buyer = await signedIn(t);
    const res = await checkout(buyer, 'US', [a!, b!], coupon.code, subtotalOf([a!, b!]) - Math.min(1000, toMinor(b!.country_price.amount)));
    expect(res.statusCode, res.body).toBe(201);
  });

  it('is refused in a currency it has no amount in, at the coupon check and at checkout, and nothing is written', async () => {
    const coupon = await createFixed({ INR: 800 });
    const [course] = await paidCourses('US');
    const buyer = await signedIn(t);
    const check = await buyer.call('POST', '/coupon/', { coupon_code: coupon.code }, from(buyer, 'US'));
    expect(check.statusCode).toBe(400);
    expect(check.json()).toEqual({ errors: [commerceMessages.couponNotInCurrency] });

    const res = await checkout(buyer, 'US', [course!], coupon.code, subtotalOf([course!]));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ coupon_code: [commerceMessages.couponNotInCurrency] });
    expect(await t.handle.db.select().from(orders).where(eq(orders.userId, buyer.user.id))).toHaveLength(0);
  });
});
