import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseListItem } from '../../../shared/catalog.js';
import { commerceMessages } from '../../../shared/commerce.js';
import { abandonedEmails, devMailbox, enrolments, jobs } from '../../db/schema/index.js';
import { createTestApp, createVerifiedUser, freshIp, latestEmail, linkIn, loginAs, type TestApp } from '../../../../test/helpers.js';

let t: TestApp;
let paid: CourseListItem[];
beforeAll(async () => {
  t = await createTestApp({ env: { ABANDONED_CART_DELAY_MINUTES: '30' } });
  paid = (await t.app.inject({ url: '/api/v1/courses/' })).json<CourseListItem[]>().filter((c) => c.course_type === 'paid');
});
afterAll(() => t.close());

type Who = { cartId?: string; headers?: Record<string, string> };
const schedule = (email: string, courseIds: number[], who: Who = {}, reason: 'add_to_cart' | 'checkout' | 'subscription' = 'checkout') =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/emails/create-abandoned-email/',
    payload: {
      email,
      sending_reason: reason,
      course_items: courseIds.map((course_id) => ({ course_id })),
      ...(who.cartId ? { cart_id: who.cartId } : {}),
    },
    headers: who.headers ?? {},
    remoteAddress: freshIp(),
  });
const cancel = (payload: Record<string, unknown>, who: Who = {}) =>
  t.app.inject({
    method: 'DELETE',
    url: '/api/v1/emails/delete-abandoned-emails/',
    payload: { ...payload, ...(who.cartId ? { cart_id: who.cartId } : {}) },
    headers: who.headers ?? {},
    remoteAddress: freshIp(),
  });

/** A cart holding these courses, as the browser makes it (its id is a UUID only that browser knows). */
async function cartWith(courseIds: number[], headers: Record<string, string> = {}): Promise<string> {
  const cartId = randomUUID();
  for (const course_id of courseIds) {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/add-to-cart/', payload: { course_id, cart_id: cartId }, headers, remoteAddress: freshIp() });
    expect(res.statusCode, res.body).toBe(200);
  }
  return cartId;
}
const bearer = async (email: string) => ({ authorization: `Bearer ${(await loginAs(t, email)).access}` });
const remindersOf = (email: string) => t.app.ctx.db.select().from(abandonedEmails).where(eq(abandonedEmails.email, email));
const reminderJobs = async () => (await t.handle.db.select().from(jobs).where(eq(jobs.name, 'abandoned.remind'))).length;

/** Moves the reminder's time to now, as if the configured delay had passed. */
async function elapse(email: string) {
  await t.handle.db
    .update(abandonedEmails)
    .set({ sendAfter: new Date(Date.now() - 1000) })
    .where(eq(abandonedEmails.email, email));
  await t.handle.db
    .update(jobs)
    .set({ runAt: new Date(Date.now() - 1000) })
    .where(eq(jobs.status, 'queued'));
}

describe('abandoned-cart reminders', () => {
  it('waits for the delay, sends one reminder with a working unsubscribe link', async () => {
    const cartId = await cartWith([paid[0]!.id, paid[1]!.id]);
    expect((await schedule('lena@example.com', [paid[0]!.id], { cartId })).statusCode).toBe(200);
    expect(await latestEmail(t, 'lena@example.com')).toBeUndefined();
    await elapse('lena@example.com');
    const mail = await latestEmail(t, 'lena@example.com');
    expect(mail!.text).toContain(paid[0]!.title);
    const link = linkIn(mail!.text, /http:\/\/lectern\.test\/api\/v1\/emails\/unsubscribe\/\S+/);
    const page = await t.app.inject({ url: link.replace('http://lectern.test', '') });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("You're unsubscribed");
    expect((await schedule('lena@example.com', [paid[1]!.id], { cartId })).statusCode).toBe(200);
    await elapse('lena@example.com');
    expect(await t.handle.db.select().from(devMailbox).where(eq(devMailbox.to, 'lena@example.com'))).toHaveLength(1);
    const forged = await t.app.inject({ url: '/api/v1/emails/unsubscribe/?email=x@example.com&expires=99999999999999&signature=forged' });
    expect(forged.statusCode).toBe(400);
  });

  it('sends nothing when the courses were bought in the meantime, and can be cancelled', async () => {
    const buyer = await createVerifiedUser(t);
    const headers = await bearer(buyer.email);
    await cartWith([paid[2]!.id], headers);
    expect((await schedule(buyer.email, [paid[2]!.id], { headers })).statusCode).toBe(200);
    await t.handle.db.insert(enrolments).values({ userId: buyer.id, courseId: paid[2]!.id, source: 'purchase' });
    await elapse(buyer.email);
    expect(await latestEmail(t, buyer.email)).toBeUndefined();

    const cartId = await cartWith([paid[3]!.id]);
    expect((await schedule('omar@example.com', [paid[3]!.id], { cartId })).statusCode).toBe(200);
    const del = await cancel({ email: 'omar@example.com', sending_reason: 'checkout', course_id: paid[3]!.id }, { cartId });
    expect(del.statusCode).toBe(200);
    await elapse('omar@example.com');
    expect(await latestEmail(t, 'omar@example.com')).toBeUndefined();
  });

  it('drops a reminder the buyer made moot (the courses bought since), so it holds no place against a later cart', async () => {
    const buyer = await createVerifiedUser(t);
    const cartId = await cartWith([paid[5]!.id]);
    expect((await schedule(buyer.email, [paid[5]!.id], { cartId })).statusCode).toBe(200);
    await t.handle.db.insert(enrolments).values({ userId: buyer.id, courseId: paid[5]!.id, source: 'purchase' });
    await elapse(buyer.email);
    expect(await latestEmail(t, buyer.email)).toBeUndefined();
    expect(await remindersOf(buyer.email)).toEqual([]);
    const next = await cartWith([paid[6]!.id]);
    expect((await schedule(buyer.email, [paid[6]!.id], { cartId: next })).statusCode).toBe(200);
  });

  it("counts a bundle's courses as in the cart: the checkout of a bundle is reminded of them, other courses still are not", async () => {
    const [bundle] = (await t.app.inject({ url: '/api/v1/bundles/' })).json<{ id: number; courses: { id: number }[] }[]>();
    const cartId = randomUUID();
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/v1/add-to-cart/',
      payload: { bundle_id: bundle!.id, cart_id: cartId },
      remoteAddress: freshIp(),
    });
    expect(added.statusCode, added.body).toBe(200);
    const bundled = bundle!.courses.map((c) => c.id);
    const email = 'bundle-buyer@example.com';
    const outside = paid.find((c) => !bundled.includes(c.id))!.id;
    expect((await schedule(email, [outside], { cartId })).json()).toEqual({ course_items: [commerceMessages.reminderNotInCart] });
    expect(await remindersOf(email)).toEqual([]);
    const res = await schedule(email, bundled, { cartId });
    expect(res.statusCode, res.body).toBe(200);
    expect((await remindersOf(email)).map((r) => r.courseIds)).toEqual([bundled]);
  });

  it('refuses a malformed request', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/emails/create-abandoned-email/',
      payload: { email: 'nope', sending_reason: 'spam' },
      remoteAddress: freshIp(),
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json()).sort()).toEqual(['email', 'sending_reason']);
    // An issue deep inside a list is reported under its top-level field, as the forms show it.
    const nested = await schedule('nested@example.com', [0], { cartId: randomUUID() });
    expect(nested.statusCode).toBe(400);
    expect(nested.json()).toEqual({ course_items: [expect.any(String)] });
  });
});

describe('nobody can schedule or cancel reminders for someone else (reminder spam)', () => {
  it('no reminder to an address without a cart here: no cart id, an unknown cart, or courses not in the cart', async () => {
    const victim = 'victim1@example.com';
    const jobsBefore = await reminderJobs();
    const noCart = await schedule(victim, [paid[0]!.id]);
    expect(noCart.statusCode).toBe(400);
    expect(noCart.json()).toEqual({ cart_id: [commerceMessages.reminderNeedsCart] });
    expect((await schedule(victim, [paid[0]!.id], { cartId: randomUUID() })).statusCode).toBe(404);
    const otherCourses = await cartWith([paid[1]!.id]);
    const notInCart = await schedule(victim, [paid[0]!.id], { cartId: otherCourses });
    expect(notInCart.statusCode).toBe(400);
    expect(notInCart.json()).toEqual({ course_items: [commerceMessages.reminderNotInCart] });
    // A membership reminder is for a signed-in member only.
    expect((await schedule(victim, [], {}, 'subscription')).statusCode).toBe(401);
    expect(await remindersOf(victim)).toEqual([]);
    expect(await reminderJobs()).toBe(jobsBefore);
  });

  it('a cart reminds one address: it cannot be reused for someone else', async () => {
    const cartId = await cartWith([paid[0]!.id]);
    expect((await schedule('owner1@example.com', [paid[0]!.id], { cartId })).statusCode).toBe(200);
    const jobsBefore = await reminderJobs();
    const reused = await schedule('victim2@example.com', [paid[0]!.id], { cartId });
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toEqual({ detail: commerceMessages.reminderCartTaken });
    expect(await remindersOf('victim2@example.com')).toEqual([]);
    expect(await reminderJobs()).toBe(jobsBefore);
  });

  it('a signed-in user is reminded at their own address only', async () => {
    const user = await createVerifiedUser(t);
    const headers = await bearer(user.email);
    const cartId = await cartWith([paid[4]!.id], headers);
    for (const reason of ['checkout', 'subscription'] as const) {
      const refused = await schedule('victim3@example.com', [paid[4]!.id], { cartId, headers }, reason);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ detail: commerceMessages.reminderNotYourAddress });
    }
    expect(await remindersOf('victim3@example.com')).toEqual([]);
    // Another user's cart is not theirs to use either.
    const other = await createVerifiedUser(t);
    const othersCart = await cartWith([paid[5]!.id], await bearer(other.email));
    expect((await schedule(user.email, [paid[5]!.id], { cartId: othersCart, headers })).statusCode).toBe(404);
    expect(await remindersOf(user.email)).toEqual([]);
    // Their own cart, with or without its id (the signed-in user's cart ties it).
    expect((await schedule(user.email, [paid[4]!.id], { headers })).statusCode).toBe(200);
    expect((await remindersOf(user.email)).map((r) => r.courseIds)).toEqual([[paid[4]!.id]]);
  });

  it('at most one pending reminder per address; a pending one is replaced only from its own cart or by its signed-in owner', async () => {
    const user = await createVerifiedUser(t);
    const headers = await bearer(user.email);
    const cartId = await cartWith([paid[0]!.id, paid[1]!.id], headers);
    expect((await schedule(user.email, [paid[0]!.id], { cartId, headers }, 'add_to_cart')).statusCode).toBe(200);
    expect((await schedule(user.email, [paid[0]!.id, paid[1]!.id], { cartId, headers }, 'checkout')).statusCode).toBe(200);
    expect((await remindersOf(user.email)).filter((r) => !r.sentAt).map((r) => [r.sendingReason, r.courseIds])).toEqual([
      ['checkout', [paid[0]!.id, paid[1]!.id]],
    ]);

    // A guest's pending reminder: another cart (an attacker's) cannot replace or add one for that address.
    const guestCart = await cartWith([paid[2]!.id]);
    expect((await schedule('guest4@example.com', [paid[2]!.id], { cartId: guestCart }, 'add_to_cart')).statusCode).toBe(200);
    const attackerCart = await cartWith([paid[3]!.id]);
    for (const reason of ['add_to_cart', 'checkout'] as const) {
      const res = await schedule('guest4@example.com', [paid[3]!.id], { cartId: attackerCart }, reason);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ detail: commerceMessages.reminderPending });
    }
    expect((await remindersOf('guest4@example.com')).map((r) => [r.sendingReason, r.courseIds, r.cartId])).toEqual([['add_to_cart', [paid[2]!.id], guestCart]]);
    // The guest's own cart moves it on (the latest wins).
    expect((await schedule('guest4@example.com', [paid[2]!.id], { cartId: guestCart }, 'checkout')).statusCode).toBe(200);
    expect((await remindersOf('guest4@example.com')).map((r) => r.sendingReason)).toEqual(['checkout']);
  });

  it("a delete affects only the caller's own cart", async () => {
    const cartId = await cartWith([paid[6]!.id]);
    expect((await schedule('guest5@example.com', [paid[6]!.id], { cartId })).statusCode).toBe(200);
    const stillThere = async () => expect((await remindersOf('guest5@example.com')).map((r) => r.courseIds)).toEqual([[paid[6]!.id]]);

    const anonymous = await cancel({ email: 'guest5@example.com' });
    expect(anonymous.statusCode).toBe(400);
    expect(anonymous.json()).toEqual({ cart_id: [commerceMessages.reminderNeedsCart] });
    await stillThere();
    // Another cart: the spec's answer, and nothing happens to someone else's reminder.
    expect((await cancel({ email: 'guest5@example.com' }, { cartId: await cartWith([paid[6]!.id]) })).json()).toEqual({ message: 'deleted' });
    expect((await cancel({ email: 'guest5@example.com', sending_reason: 'checkout', course_id: paid[6]!.id }, { cartId: randomUUID() })).statusCode).toBe(200);
    await stillThere();
    const someone = await createVerifiedUser(t);
    const refused = await cancel({ email: 'guest5@example.com', sending_reason: 'checkout' }, { headers: await bearer(someone.email) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: commerceMessages.reminderNotYourAddress });
    await stillThere();

    // Its own cart cancels it; a signed-in user cancels their own.
    expect((await cancel({ email: 'guest5@example.com', sending_reason: 'checkout' }, { cartId })).statusCode).toBe(200);
    expect(await remindersOf('guest5@example.com')).toEqual([]);
    const user = await createVerifiedUser(t);
    const headers = await bearer(user.email);
    await cartWith([paid[7]!.id], headers);
    expect((await schedule(user.email, [paid[7]!.id], { headers })).statusCode).toBe(200);
    expect((await cancel({ email: user.email }, { headers })).statusCode).toBe(200);
    expect(await remindersOf(user.email)).toEqual([]);
  });
});
