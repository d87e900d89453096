// The ownership rule through the routes (ownership.ts; its plain-data cases are in ownership.test.ts):
// another user's order, cart, enrolments, certificate or membership is 404 with that resource's
// not-found message, exactly as for one that does not exist, for an admin too (the studio reads them
// through its own routes), and nothing is written.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseListItem } from '../../../shared/catalog.js';
import { commerceMessages } from '../../../shared/commerce.js';
import { subscriptionMessages } from '../../../shared/subscriptions.js';
import { cartItems, carts, certificates, orders, subscriptions } from '../../db/schema/index.js';
import { startKit, type Kit } from '../../../../test/memberships.js';
import { guestBilling } from '../../../../test/orders.js';

let kit: Kit;
let paid: CourseListItem[];
type Member = Awaited<ReturnType<Kit['member']>>;
let owner: Member;
let someoneElse: Member;
let admin: Member;

beforeAll(async () => {
  kit = await startKit();
  paid = (await kit.t.app.inject({ url: '/api/v1/courses/' })).json<CourseListItem[]>().filter((c) => c.course_type === 'paid');
  owner = await kit.member();
  someoneElse = await kit.member();
  admin = await kit.member({ isAdmin: true });
}, 60_000);
afterAll(() => kit.close());

/** Each of the others gets the resource's own 404, the same body as for an id nobody has. */
async function refusedToOthers(call: (who: Member) => ReturnType<Member['call']>, missing: () => ReturnType<Member['call']>, body: Record<string, unknown>) {
  const nobody = await missing();
  expect(nobody.statusCode, nobody.body).toBe(404);
  expect(nobody.json()).toEqual(body);
  for (const who of [someoneElse, admin]) {
    const res = await call(who);
    expect(res.statusCode, `${who === admin ? 'admin' : 'another user'}: ${res.body}`).toBe(404);
    expect(res.json()).toEqual(nobody.json());
  }
}

describe("another user's order", () => {
  it('is 404 (Order not found.) to another user and to an admin on every order route, and nothing changes', async () => {
    const course = paid[0]!;
    const created = await owner.call('POST', '/create-order/', {
      ...guestBilling(),
      password: undefined,
      email: owner.user.email,
      courses: [course.id],
      total: course.country_price.amount,
    });
    expect(created.statusCode, created.body).toBe(201);
    const order = created.json<{ order_number: string; stripe_session_id: string }>();
    const rowBefore = (await kit.t.handle.db.select().from(orders).where(eq(orders.orderNumber, order.order_number)))[0]!;
    const notFound = { detail: commerceMessages.orderNotFound };

    for (const [method, path, body] of [
      ['GET', (n: string) => `/orders/${n}/`, undefined],
      ['GET', (n: string) => `/order-details/${n}/`, undefined],
      ['GET', (n: string) => `/orders/${n}/invoice.pdf`, undefined],
      ['POST', () => '/payments/update/', (n: string) => ({ payment_method: 'Stripe', session_id: order.stripe_session_id, order_number: n })],
      ['POST', () => '/payments/cancel/', (n: string) => ({ order_number: n })],
    ] as const) {
      await refusedToOthers(
        (who) => who.call(method, path(order.order_number), body?.(order.order_number)),
        () => owner.call(method, path('NO-SUCH-ORDER'), body?.('NO-SUCH-ORDER')),
        notFound,
      );
    }
    // Nothing written: the order is as it was (still Pending, not cancelled, no invoice number).
    expect((await kit.t.handle.db.select().from(orders).where(eq(orders.orderNumber, order.order_number)))[0]).toEqual(rowBefore);

    // The owner still sees it; the studio reads it through its own route.
    expect((await owner.call('GET', `/orders/${order.order_number}/`)).statusCode).toBe(200);
    expect((await admin.call('GET', `/admin/orders/${order.order_number}/`)).statusCode).toBe(200);
  });

  it("a user's order history is 404 to anyone else, an admin included", async () => {
    for (const who of [someoneElse, admin]) {
      const res = await who.call('GET', `/order-history/${owner.user.id}/`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
    expect((await owner.call('GET', `/order-history/${owner.user.id}/`)).statusCode).toBe(200);
  });
});

describe("another user's cart", () => {
  it('is 404 to another signed-in user and to an admin (read, add, remove), and neither the cart nor theirs changes', async () => {
    const cartId = crypto.randomUUID();
    const added = await owner.call('POST', '/add-to-cart/', { cart_id: cartId, course_id: paid[1]!.id });
    expect(added.statusCode, added.body).toBe(200);
    const itemsBefore = await kit.t.handle.db.select().from(cartItems).where(eq(cartItems.cartId, cartId));
    const [cartBefore] = await kit.t.handle.db.select().from(carts).where(eq(carts.id, cartId));
    expect(cartBefore!.userId).toBe(owner.user.id);

    for (const who of [someoneElse, admin]) {
      // Each has a cart of their own that a refused call must not merge or move.
      const theirs = crypto.randomUUID();
      expect((await who.call('POST', '/add-to-cart/', { cart_id: theirs, course_id: paid[2]!.id })).statusCode).toBe(200);
      const theirItems = await kit.t.handle.db.select().from(cartItems).where(eq(cartItems.cartId, theirs));

      const read = await who.call('GET', `/get-cart-items/${cartId}/`);
      expect(read.statusCode).toBe(404);
      expect(read.json()).toEqual({ detail: 'Cart not found.' });
      const add = await who.call('POST', '/add-to-cart/', { cart_id: cartId, course_id: paid[3]!.id });
      expect(add.statusCode).toBe(404);
      expect(add.json()).toEqual({ detail: 'Cart not found.' });
      const remove = await who.call('DELETE' as 'POST', `/cart-items/${itemsBefore[0]!.uuid}/`);
      expect(remove.statusCode).toBe(404);
      expect(remove.json()).toEqual({ detail: 'Cart item not found.' });
      expect(await kit.t.handle.db.select().from(cartItems).where(eq(cartItems.cartId, theirs))).toEqual(theirItems);
    }
    expect(await kit.t.handle.db.select().from(cartItems).where(eq(cartItems.cartId, cartId))).toEqual(itemsBefore);
    expect((await kit.t.handle.db.select().from(carts).where(eq(carts.id, cartId)))[0]).toEqual(cartBefore);
    expect((await owner.call('GET', `/get-cart-items/${cartId}/`)).json()).toMatchObject({ count: 1 });
  });
});

describe("another user's enrolments and certificate", () => {
  it('are 404 to anyone else, an admin included', async () => {
    for (const who of [someoneElse, admin]) {
      const res = await who.call('GET', `/student/courses/${owner.user.id}/`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
    expect((await owner.call('GET', `/student/courses/${owner.user.id}/`)).statusCode).toBe(200);

    const [certificate] = await kit.t.handle.db
      .insert(certificates)
      .values({ certificateId: `cert-${owner.user.id}`, userId: owner.user.id, courseId: paid[0]!.id, studentName: 'Meera Nair', courseTitle: paid[0]!.title })
      .returning();
    await refusedToOthers(
      (who) => who.call('GET', `/certificates/${certificate!.certificateId}/download/`),
      () => owner.call('GET', '/certificates/no-such-certificate/download/'),
      { detail: 'Certificate not found.' },
    );
    expect((await owner.call('GET', `/certificates/${certificate!.certificateId}/download/`)).statusCode).toBe(200);
  });
});

describe("another user's membership", () => {
  it('is 404 (Subscription not found.) to anyone else, an admin included, on every change, and nothing changes', async () => {
    const member = await kit.stripeMember('monthly', owner);
    const rowBefore = await kit.stripeSubscriptionOf(member.membershipId);
    const eventsBefore = kit.fake().stripeEvents.length;
    const notFound = { detail: subscriptionMessages.notFound, error: subscriptionMessages.notFound };

    for (const [path, extra] of [
      ['/cancel-subscription/', {}],
      ['/resume-subscription/', {}],
      ['/subscription/payment-method/', {}],
      ['/subscription/change-plan/', { plan_id: kit.planId('yearly') }],
    ] as const) {
      await refusedToOthers(
        (who) => who.call('POST', path, { subscription_id: member.membershipId, ...extra }),
        () => owner.call('POST', path, { subscription_id: 2_000_000_000, ...extra }),
        notFound,
      );
    }
    await refusedToOthers(
      (who) => who.call('POST', '/update-lifetime-subscription/', { payment_method: 'stripe', session_id: member.sessionId }),
      () => owner.call('POST', '/update-lifetime-subscription/', { payment_method: 'stripe', session_id: 'cs_test_nobody' }),
      notFound,
    );
    // Nothing written here or at the provider.
    expect(await kit.stripeSubscriptionOf(member.membershipId)).toEqual(rowBefore);
    expect(kit.fake().stripeEvents.length).toBe(eventsBefore);
    expect((await kit.t.handle.db.select().from(subscriptions).where(eq(subscriptions.userId, someoneElse.user.id))).length).toBe(0);
  });
});
