/** A refund from the studio goes through the provider (its fake, through the real SDK), revokes access and emails the buyer. */
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../../../../test/admin.js';
import { createTestApp, latestEmail, type TestApp } from '../../../../test/helpers.js';
import { createOrder, firstPaidCourse, guestBilling } from '../../../../test/orders.js';
import { startFakeProviders } from '../../../../test/payments.js';
import type { AdminOrderDetail, AdminStudentDetail } from '../../../shared/admin.js';
import type { CourseDetail } from '../../../shared/catalog.js';
import { commerceMessages } from '../../../shared/commerce.js';
import type { Page } from '../../../shared/admin.js';
import type { AdminCoupon } from '../../../shared/coupons.js';
import { auditLog, enrolments, users } from '../../db/schema/index.js';
import { insertCoupon } from '../../db/seed/factories.js';

let t: TestApp;
let fake: Awaited<ReturnType<typeof startFakeProviders>>;
beforeAll(async () => {
  t = await createTestApp({
    setup: async (handle) => {
      fake = await startFakeProviders(handle.db);
      return { stripe: fake.stripe, razorpay: fake.razorpay };
    },
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const deliverStripe = (event: { id: string; type: string; object: Record<string, unknown> }) => {
  const payload = JSON.stringify({ id: event.id, object: 'event', type: event.type, data: { object: event.object } });
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/webhooks/stripe',
    payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': fake.stripe.signPayload(payload) },
  });
};

describe('refunding an order from the studio', () => {
  it('refunds through Stripe, revokes the course, emails the buyer, audits it, and refuses a second refund', async () => {
    const course = await firstPaidCourse(t);
    const email = `refund-${Date.now()}@example.com`;
    const created = await createOrder(t, guestBilling({ email, courses: [course.id], total: course.country_price.amount }));
    expect(created.statusCode, created.body).toBe(201);
    const order = created.json<{ order_number: string; stripe_session_id: string; tokens: { access: string } }>();
    expect((await fake.server.inject({ method: 'POST', url: `/sandbox/stripe/checkout/${order.stripe_session_id}/pay` })).statusCode).toBe(303);
    expect((await deliverStripe(fake.stripeEvents.at(-1)!)).statusCode).toBe(200);
    const [buyer] = await t.handle.db.select().from(users).where(eq(users.email, email));
    const active = () =>
      t.handle.db
        .select()
        .from(enrolments)
        .where(and(eq(enrolments.userId, buyer!.id), eq(enrolments.courseId, course.id), isNull(enrolments.revokedAt)));
    expect(await active()).toHaveLength(1);
    const studentView = async () =>
      (await t.app.inject({ url: `/api/v1/courses/${course.slug}/`, headers: { authorization: `Bearer ${order.tokens.access}` } })).json<CourseDetail>();
    expect((await studentView()).course_status).not.toBe('not enrolled');

    const student = await signedIn(t);
    expect((await student.call('POST', `/admin/orders/${order.order_number}/refund/`)).statusCode).toBe(403);

    const admin = await signedIn(t, { isAdmin: true });
    const refunded = await admin.call('POST', `/admin/orders/${order.order_number}/refund/`);
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json<AdminOrderDetail>()).toMatchObject({
      status: 'Refunded',
      refundable: false,
      payments: [expect.objectContaining({ provider: 'stripe', status: 'Refunded' })],
    });
    expect(await active()).toHaveLength(0);
    expect((await studentView()).course_status).toBe('not enrolled');
    expect((await latestEmail(t, email))!.subject).toBe(`Your refund for order ${order.order_number}`);
    const [row] = await t.handle.db.select().from(auditLog).where(eq(auditLog.action, 'order.refund'));
    expect(row).toMatchObject({ actorId: admin.user.id, entityId: order.order_number, before: { status: 'Paid' }, after: { status: 'Refunded' } });

    // Stripe's refund webhook arrives afterwards: nothing changes.
    const refundEvent = fake.stripeEvents.at(-1)!;
    expect(refundEvent.type).toBe('charge.refunded');
    expect((await deliverStripe(refundEvent)).statusCode).toBe(200);
    expect(await t.handle.db.select().from(auditLog).where(eq(auditLog.action, 'order.refund'))).toHaveLength(1);

    const again = await admin.call('POST', `/admin/orders/${order.order_number}/refund/`);
    expect(again.statusCode).toBe(409);
    expect((await admin.call('POST', '/admin/orders/LEC-00000000-NOPE00/refund/')).statusCode).toBe(404);
  });

  it("gives the coupon's use back, whether the studio or the provider refunds: no use awaiting payment, and the buyer may use it again", async () => {
    const course = await firstPaidCourse(t);
    const admin = await signedIn(t, { isAdmin: true });
    const code = `ONCE${Date.now()}`;
    await insertCoupon(t.handle.db, { code, discountPercentage: 10, maxUsesPerUser: 1 });
    const total = Math.round(course.country_price.amount * 90) / 100;
    const couponRow = async () => (await admin.call('GET', `/admin/coupons/?search=${code}`)).json<Page<AdminCoupon>>().results[0]!;
    const check = (access: string) =>
      t.app.inject({ method: 'POST', url: '/api/v1/coupon/', payload: { coupon_code: code }, headers: { authorization: `Bearer ${access}` } });

    /** A buyer's paid order with the coupon: one use, paid. */
    const paidOrder = async () => {
      const created = await createOrder(t, guestBilling({ email: `coupon-${Date.now()}@example.com`, coupon_code: code, courses: [course.id], total }));
      expect(created.statusCode, created.body).toBe(201);
      const order = created.json<{ order_number: string; stripe_session_id: string; tokens: { access: string } }>();
      await fake.server.inject({ method: 'POST', url: `/sandbox/stripe/checkout/${order.stripe_session_id}/pay` });
      expect((await deliverStripe(fake.stripeEvents.at(-1)!)).statusCode).toBe(200);
      expect((await check(order.tokens.access)).json()).toEqual({ errors: [commerceMessages.couponUsedByYou] });
      return order;
    };

    const first = await paidOrder();
    expect(await couponRow()).toMatchObject({ uses: 1, reserved: 1 });
    expect((await admin.call('POST', `/admin/orders/${first.order_number}/refund/`)).statusCode).toBe(200);
    expect(await couponRow()).toMatchObject({ uses: 0, reserved: 0 });
    expect((await check(first.tokens.access)).statusCode).toBe(200);
    // Stripe's own refund event afterwards gives nothing back twice.
    expect((await deliverStripe(fake.stripeEvents.at(-1)!)).statusCode).toBe(200);
    expect(await couponRow()).toMatchObject({ uses: 0, reserved: 0 });

    // Refunded in Stripe's dashboard: the webhook alone gives the use back.
    const second = await paidOrder();
    expect(await couponRow()).toMatchObject({ uses: 1, reserved: 1 });
    const [payment] = (await admin.call('GET', `/admin/orders/${second.order_number}/`)).json<AdminOrderDetail>().payments;
    await fake.stripe.refund(payment!.provider_payment_id, `dashboard-${second.order_number}`);
    expect((await deliverStripe(fake.stripeEvents.at(-1)!)).statusCode).toBe(200);
    expect((await admin.call('GET', `/admin/orders/${second.order_number}/`)).json<AdminOrderDetail>().status).toBe('Refunded');
    expect(await couponRow()).toMatchObject({ uses: 0, reserved: 0 });
    expect((await check(second.tokens.access)).statusCode).toBe(200);
  });

  it("gives the refund its own time on the order, and a later enrolment by hand its own time, not the refunded purchase's", async () => {
    const course = await firstPaidCourse(t);
    const email = `refund-time-${Date.now()}@example.com`;
    const created = await createOrder(t, guestBilling({ email, courses: [course.id], total: course.country_price.amount }));
    const order = created.json<{ order_number: string; stripe_session_id: string }>();
    await fake.server.inject({ method: 'POST', url: `/sandbox/stripe/checkout/${order.stripe_session_id}/pay` });
    expect((await deliverStripe(fake.stripeEvents.at(-1)!)).statusCode).toBe(200);
    const admin = await signedIn(t, { isAdmin: true });
    const paid = (await admin.call('GET', `/admin/orders/${order.order_number}/`)).json<AdminOrderDetail>();
    expect(paid.refunded_at).toBeNull();
    const [buyer] = await t.handle.db.select().from(users).where(eq(users.email, email));
    const purchased = (await admin.call('GET', `/admin/students/${buyer!.id}/`)).json<AdminStudentDetail>();
    const boughtAt = purchased.enrolments.find((e) => e.course_id === course.id)!.enrolled_at;

    const refunded = (await admin.call('POST', `/admin/orders/${order.order_number}/refund/`)).json<AdminOrderDetail>();
    expect(refunded.refunded_at).not.toBeNull();
    expect(Date.parse(refunded.refunded_at!)).toBeGreaterThan(Date.parse(paid.paid_at!));
    // The payment row keeps the payment's time.
    expect(refunded.payments[0]!.created_at).toBe(paid.payments[0]!.created_at);

    const enrolled = await admin.call('POST', `/admin/students/${buyer!.id}/enrolments/`, { course_id: course.id });
    expect(enrolled.statusCode, enrolled.body).toBe(201);
    const byHand = enrolled.json<AdminStudentDetail>().enrolments.find((e) => e.course_id === course.id)!;
    expect(byHand.source).toBe('admin');
    expect(Date.parse(byHand.enrolled_at)).toBeGreaterThan(Date.parse(boughtAt));
    expect(Date.parse(byHand.enrolled_at)).toBeGreaterThanOrEqual(Date.parse(refunded.refunded_at!));
  });
});
