import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../../../../test/admin.js';
import { createTestApp, type TestApp } from '../../../../test/helpers.js';
import type { CourseListItem } from '../../../shared/catalog.js';
import { auditLog } from '../../db/schema/index.js';

/**
 * A PATCH saves the fields sent (the studio's partial updates). One with no field in it used to
 * reach the database as an UPDATE with nothing to set and answer 500 (Drizzle's "No values to
 * set"). Like any PATCH that changes nothing, it answers 200 with the object as it is, and writes
 * nothing (no audit entry either: nothing changed).
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let courseId: number;
let couponId: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, { isAdmin: true });
  courseId = (await t.app.inject({ url: '/api/v1/courses/' })).json<CourseListItem[]>()[0]!.id;
  const coupon = await admin.call('POST', '/admin/coupons/', { code: `EMPTY${Date.now().toString(36)}`.toUpperCase(), percentage: 10 });
  expect(coupon.statusCode, coupon.body).toBe(201);
  couponId = coupon.json<{ id: number }>().id;
  // The instructor profile exists once it was saved.
  expect((await admin.call('PATCH', '/admin/instructor/', { designation: 'Teacher' })).statusCode).toBe(200);
});
afterAll(() => t.close());

const audits = async () => (await t.handle.db.select({ n: count() }).from(auditLog))[0]!.n;

describe('a PATCH with no field in it', () => {
  for (const [name, path] of [
    ['instructor', () => '/admin/instructor/'],
    ['course', () => `/admin/courses/${courseId}/`],
    ['coupon', () => `/admin/coupons/${couponId}/`],
    ['site settings', () => '/admin/settings/'],
  ] as const) {
    it(`the ${name}: 200 with the object unchanged, nothing written`, async () => {
      const before = await admin.call('GET', path());
      expect(before.statusCode).toBe(200);
      const auditsBefore = await audits();
      const res = await admin.call('PATCH', path(), {});
      expect(res.statusCode, res.body).toBe(200);
      const shown = before.json<Record<string, unknown>>();
      // The coupon's detail adds its latest orders to the coupon itself.
      if (name === 'coupon') expect(shown).toEqual({ ...res.json<object>(), orders: [] });
      else expect(res.json()).toEqual(shown);
      expect((await admin.call('GET', path())).json()).toEqual(shown);
      expect(await audits()).toBe(auditsBefore);
    });
  }

  it('on an object that does not exist: 404, as with fields', async () => {
    expect((await admin.call('PATCH', '/admin/courses/999999/', {})).statusCode).toBe(404);
    expect((await admin.call('PATCH', '/admin/coupons/999999/', {})).statusCode).toBe(404);
  });
});
