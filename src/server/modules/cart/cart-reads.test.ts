// A signed-in student's cart read costs no query while nothing of it changes (the course and bundle
// pages read it on every view), and shows every change at once: a course added or removed, a course
// they come to own, a merge at sign-in. Counted, never timed (npm run bench times it).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartResponse } from '../../../shared/commerce.js';
import { seedBenchCatalog } from '../../db/seed/index.js';
import { enrol } from '../enrolments/index.js';
import { createTestApp, createVerifiedUser, loginAs, type TestApp } from '../../../../test/helpers.js';

let t: TestApp;
let auth: Record<string, string>;
let userId: number;
let courses: number[];

beforeAll(async () => {
  t = await createTestApp({ catalogCacheMs: 30_000 });
  const user = await createVerifiedUser(t);
  userId = user.id;
  auth = { authorization: `Bearer ${(await loginAs(t, user.email)).access}` };
  // The bench catalog's even-numbered courses are the paid ones.
  courses = (await seedBenchCatalog(t.handle.db, { courses: 6, sections: 1, lessons: 2 })).courseIds.filter((_, i) => i % 2 === 1);
});
afterAll(() => t.close());

async function read(cartId: string, headers = auth) {
  t.queries.length = 0;
  const res = await t.app.inject({ url: `/api/v1/get-cart-items/${cartId}/`, headers });
  expect(res.statusCode).toBe(200);
  return { cart: res.json() as CartResponse, queries: t.queries.length };
}

const add = (cartId: string, courseId: number, headers = auth) =>
  t.app.inject({ method: 'POST', url: '/api/v1/add-to-cart/', headers, payload: { course_id: courseId, cart_id: cartId } });

describe("a signed-in student's cart", () => {
  it('is read without a query while it is unchanged, and shows each change at once', async () => {
    const cartId = randomUUID();
    expect((await add(cartId, courses[0]!)).statusCode).toBe(200);
    expect((await add(cartId, courses[0]!)).json()).toMatchObject({ message: 'already_in_cart' });
    expect((await read(cartId)).cart.items.map((i) => i.course_id)).toEqual([courses[0]]);
    const again = await read(cartId);
    expect(again.queries).toBe(0);
    expect(again.cart.items.map((i) => i.course_id)).toEqual([courses[0]]);

    expect((await add(cartId, courses[1]!)).json()).toMatchObject({ message: 'added_to_cart' });
    const added = await read(cartId);
    expect(added.queries).toBeGreaterThan(0);
    expect(added.cart.items.map((i) => i.course_id)).toEqual([courses[0], courses[1]]);

    const line = added.cart.items[0]!.item_id;
    // Removed by the item's id alone (as the checkout page does, signed in or not).
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/cart-items/${line}/` })).statusCode).toBe(200);
    expect((await read(cartId)).cart.items.map((i) => i.course_id)).toEqual([courses[1]]);

    // A course the student comes to own leaves the cart.
    await read(cartId);
    await enrol(t.handle.db, userId, [courses[1]!], 'admin');
    const owned = await read(cartId);
    expect(owned.cart.items).toEqual([]);
    expect(owned.cart.count).toBe(0);
  });

  it('takes in a guest cart at sign-in', async () => {
    const mine = randomUUID();
    await add(mine, courses[2]!);
    expect((await read(mine)).cart.count).toBe(1);
    const guest = randomUUID();
    await add(guest, courses[0]!, {});
    const merged = await read(guest);
    expect(merged.cart.items.map((i) => i.course_id).sort()).toEqual([courses[0], courses[2]].sort());
    // The next read keeps the merged cart; the one after costs nothing.
    await read(guest);
    expect((await read(guest)).queries).toBe(0);
  });

  it("is never another user's", async () => {
    const other = await createVerifiedUser(t);
    const theirs = { authorization: `Bearer ${(await loginAs(t, other.email)).access}` };
    const cartId = randomUUID();
    await add(cartId, courses[0]!, theirs);
    await t.app.inject({ url: `/api/v1/get-cart-items/${cartId}/`, headers: theirs });
    const res = await t.app.inject({ url: `/api/v1/get-cart-items/${cartId}/`, headers: auth });
    expect(res.statusCode).toBe(404);
  });
});
