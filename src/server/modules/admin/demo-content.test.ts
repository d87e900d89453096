/**
 * Issue 25, 'Remove the demo content': the preview names exactly what goes; the removal keeps every
 * demo course, plan, coupon and student someone bought, enrolled in or used, deletes the rest (the
 * demo's students with their reviews, enrolments, hand-ins and letters), answers 409 when the demo
 * changed since the preview, is idempotent (and so is a second removal racing the first), writes one
 * audit entry, and is refused to a visitor (401), a student and a reviewer (403).
 */
import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, visitorCall } from '../../../../test/admin.js';
import { createTestApp, freshIp, loginAs, STRONG_PASSWORD, type TestApp } from '../../../../test/helpers.js';
import { freeCouponOrder } from '../../../../test/orders.js';
import type { CourseListItem } from '../../../shared/catalog.js';
import { demoFigures } from '../../../shared/figures.js';
import type { SiteFigures } from '../../../shared/site.js';
import { setupMessages, type DemoContent, type RemoveDemoResult } from '../../../shared/setup.js';
import { insertMembership } from '../../db/seed/factories.js';
import {
  auditLog,
  categories,
  clientReviews,
  coupons,
  courseRatings,
  courses,
  enrolments,
  instructors,
  letters,
  orders,
  plans,
  roadmapSteps,
  siteSettings,
  subscriptions,
  users,
} from '../../db/schema/index.js';
import { runAdminCommand } from './cli.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let student: Awaited<ReturnType<typeof signedIn>>;
let bought: CourseListItem;
let freeCourse: CourseListItem;
let orderNumber: string;
let memberId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, { isAdmin: true, fullName: 'Asha Kapoor' });
  student = await signedIn(t);
  // A guest buys a demo course with the demo's FREECOURSE coupon: the course, the coupon and the order stay.
  const purchase = await freeCouponOrder(t, { email: `buyer-${Date.now()}@example.com` });
  bought = purchase.course;
  orderNumber = purchase.order.order_number;
  // A student of the instructor's enrols in a free demo course: it stays.
  freeCourse = (await t.app.inject({ url: '/api/v1/courses/' })).json<CourseListItem[]>().find((c) => c.course_type === 'free')!;
  const enrolled = await student.call('POST', `/free-enroll/${freeCourse.id}/`);
  expect(enrolled.statusCode, enrolled.body).toBe(200);
  // Someone takes a yearly membership: the yearly plan stays.
  memberId = (await insertMembership(t.handle.db, { userId: student.user.id, planType: 'yearly' })).id;
});
afterAll(() => t.close());

const preview = async () => {
  const res = await admin.call('GET', '/admin/demo-content/');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<DemoContent>();
};
const demoCount = async () => {
  const [row] = await t.handle.db.select({ n: count() }).from(courses).where(eq(courses.isDemo, true));
  return row!.n;
};

describe('who may remove the demo content', () => {
  it('is the studio: 401 for a visitor, 403 for a student and a reviewer, before anything is read or deleted', async () => {
    const email = `reviewer-${Date.now()}@example.com`;
    await runAdminCommand(
      { db: t.handle.db, publicUrl: t.config.publicUrl },
      { command: 'create-user', email, name: 'Rita Reviewer', password: STRONG_PASSWORD, role: 'reviewer', admin: false, verified: false },
    );
    const { access } = await loginAs(t, email);
    const reviewer = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
      t.app.inject({ method, url: `/api/v1${url}`, payload: payload as string, headers: { authorization: `Bearer ${access}` }, remoteAddress: freshIp() });
    const before = await demoCount();
    const { token } = await preview();
    for (const [method, url, body] of [
      ['GET', '/admin/demo-content/', undefined],
      ['POST', '/admin/demo-content/remove/', { token }],
      ['GET', '/admin/setup-checklist/', undefined],
      ['POST', '/admin/setup-checklist/dismiss/', undefined],
    ] as const) {
      expect((await visitorCall(t, method, url, body)).statusCode).toBe(401);
      expect((await student.call(method, url, body)).statusCode).toBe(403);
      expect((await reviewer(method, url, body)).statusCode).toBe(403);
    }
    expect(await demoCount()).toBe(before);
  });

  it('refuses a confirmation without its token, or with junk, writing nothing', async () => {
    for (const body of [{}, { token: '' }, { token: 'x'.repeat(65) }, { token: 42 }]) {
      expect((await admin.call('POST', '/admin/demo-content/remove/', body)).statusCode).toBe(400);
    }
    expect(await demoCount()).toBe(13);
  });
});

describe('the preview', () => {
  it('names every demo row that goes and everything that stays, with why', async () => {
    const p = await preview();
    expect(p.empty).toBe(false);
    const kept = (kind: string) => p.keep.filter((k) => k.kind === kind).map((k) => k.name);
    expect(kept('course').sort()).toEqual([bought.title, freeCourse.title].sort());
    expect(p.keep.find((k) => k.id === bought.id)?.reason).toBe('An order names it.');
    expect(p.keep.find((k) => k.id === freeCourse.id)?.reason).toBe('Students of yours are enrolled.');
    expect(kept('plan')).toEqual(['Yearly Membership']);
    expect(kept('coupon')).toEqual(['FREECOURSE']);
    expect(p.remove.courses).toHaveLength(11);
    expect(p.remove.courses.map((c) => c.id)).not.toContain(bought.id);
    expect(p.remove.plans.map((c) => c.name).sort()).toEqual(['Lifetime Access', 'Monthly Membership']);
    expect(p.remove.coupons.map((c) => c.name).sort()).toEqual(['EXPIRED20', 'LAUNCH25', 'WELCOME10']);
    expect(p.remove.testimonials).toHaveLength(9);
    // Two kept courses still name the placeholder instructor: it becomes a blank profile instead.
    expect(p.remove.instructor).toEqual({ name: 'Nikhil Rao', action: 'reset' });
    expect(p.remove.roadmap_steps).toBe(8);
    // Categories go once no kept course is in them.
    const keptCategories = new Set([(await courseRow(bought.id)).categoryId, (await courseRow(freeCourse.id)).categoryId]);
    expect(p.remove.categories.map((c) => c.id).sort()).toEqual(
      (await t.handle.db.select({ id: categories.id }).from(categories)).map((c) => c.id).filter((id) => !keptCategories.has(id)),
    );
    expect(p.remove.figures.sort()).toEqual(Object.keys(demoFigures).sort());
    expect(p.remove.students.accounts).toBeGreaterThan(10);
    expect(p.remove.students.reviews).toBeGreaterThan(50);
    expect(p.remove.students.letters).toBe(2);
    // Reading it changes nothing.
    expect(await demoCount()).toBe(13);
    expect((await preview()).token).toBe(p.token);
  });
});

describe('removing it', () => {
  it('refuses a token from before a change (409), deleting nothing', async () => {
    const stale = await preview();
    // Someone uses the WELCOME10 coupon meanwhile: it is no longer the instructor's to delete.
    await t.handle.db
      .update(orders)
      .set({ couponId: (await couponId('WELCOME10'))! })
      .where(eq(orders.orderNumber, orderNumber));
    const res = await admin.call('POST', '/admin/demo-content/remove/', { token: stale.token });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ detail: setupMessages.demoChanged });
    expect(await demoCount()).toBe(13);
    const fresh = await preview();
    expect(fresh.token).not.toBe(stale.token);
    expect(fresh.keep.map((k) => k.name)).toContain('WELCOME10');
  });

  it('deletes what the preview showed and keeps anything with an order, an enrolment or a membership', async () => {
    const p = await preview();
    const demoStudents = await t.handle.db.select({ id: users.id }).from(users).where(eq(users.isDemo, true));
    const [{ n: auditsBefore }] = (await t.handle.db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, 'demo.remove'))) as [{ n: number }];
    // Two removals at once: one deletes, the other finds nothing left (never an error, never twice).
    const [a, b] = await Promise.all([
      admin.call('POST', '/admin/demo-content/remove/', { token: p.token }),
      admin.call('POST', '/admin/demo-content/remove/', { token: p.token }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const results = [a.json<RemoveDemoResult>(), b.json<RemoveDemoResult>()];
    const done = results.find((r) => r.removed.courses.length > 0)!;
    expect(results.filter((r) => r.removed.courses.length > 0)).toHaveLength(1);
    expect(done.removed).toEqual(p.remove);
    expect(done.left.empty).toBe(true);
    expect(done.left.keep.map((k) => k.name).sort()).toEqual([bought.title, freeCourse.title, 'FREECOURSE', 'WELCOME10', 'Yearly Membership'].sort());

    // The storefront lists only the kept courses; the order, its enrolment and the membership are intact.
    const listed = (await t.app.inject({ url: '/api/v1/courses/' })).json<CourseListItem[]>();
    expect(listed.map((c) => c.id).sort()).toEqual([bought.id, freeCourse.id].sort());
    const [order] = await t.handle.db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
    expect(order?.status).toBe('Paid');
    expect(await t.handle.db.select().from(enrolments).where(eq(enrolments.courseId, bought.id))).toHaveLength(1);
    expect(
      await t.handle.db
        .select()
        .from(enrolments)
        .where(and(eq(enrolments.courseId, freeCourse.id), eq(enrolments.userId, student.user.id))),
    ).toHaveLength(1);
    expect(await t.handle.db.select().from(subscriptions).where(eq(subscriptions.id, memberId))).toHaveLength(1);
    expect((await t.handle.db.select({ name: plans.name }).from(plans)).map((r) => r.name)).toEqual(['Yearly Membership']);
    expect((await t.handle.db.select({ code: coupons.code }).from(coupons)).map((r) => r.code).sort()).toEqual(['FREECOURSE', 'WELCOME10']);

    // The demo's students went with their reviews and letters; the kept courses' figures are recomputed (no review left: 'New').
    expect(
      await t.handle.db
        .select()
        .from(users)
        .where(
          inArray(
            users.id,
            demoStudents.map((s) => s.id),
          ),
        ),
    ).toHaveLength(0);
    expect(await t.handle.db.select().from(courseRatings)).toHaveLength(0);
    expect(await t.handle.db.select().from(letters)).toHaveLength(0);
    const keptRow = (await t.handle.db.select().from(courses).where(eq(courses.id, bought.id)))[0]!;
    expect({ average: keptRow.ratingAverage, count: keptRow.ratingCount }).toEqual({ average: '0.0', count: 0 });
    expect(await t.handle.db.select().from(clientReviews)).toHaveLength(0);
    expect(await t.handle.db.select().from(roadmapSteps)).toHaveLength(0);
    // Categories the kept courses use stay; the placeholder instructor is now a blank profile in the admin's name.
    const left = await t.handle.db.select({ id: categories.id }).from(categories);
    expect(left.map((c) => c.id).sort()).toEqual([...new Set([keptRow.categoryId, (await courseRow(freeCourse.id)).categoryId])].sort());
    const [instructor] = await t.handle.db.select().from(instructors);
    expect(instructor).toMatchObject({ name: 'Asha Kapoor', email: admin.user.email, bio: '', isDemo: false });

    // The figures are the database's now: the spec's '75K+' was the demo's.
    expect(await t.handle.db.select().from(siteSettings).where(eq(siteSettings.isDemo, true))).toHaveLength(0);
    const figures = (await t.app.inject({ url: '/api/v1/site-figures/' })).json<SiteFigures>();
    expect(figures.home).toEqual({ courses: '2', rating: null, students: expect.stringMatching(/^\d+K\+$/), letters: null });

    // One audit entry says what went.
    const audits = await t.handle.db.select().from(auditLog).where(eq(auditLog.action, 'demo.remove'));
    expect(audits).toHaveLength(auditsBefore + 1);
    expect(audits.at(-1)).toMatchObject({
      actorId: admin.user.id,
      summary: expect.stringMatching(/^Removed the demo content: 11 courses, \d+ demo students, /),
    });
    expect(audits.at(-1)?.before).toEqual(JSON.parse(JSON.stringify(p.remove)));
  });

  it('is idempotent: once removed, another confirmation (any token) deletes nothing and writes nothing', async () => {
    const [{ n: audits }] = (await t.handle.db.select({ n: count() }).from(auditLog)) as [{ n: number }];
    const again = await admin.call('POST', '/admin/demo-content/remove/', { token: 'whatever' });
    expect(again.statusCode).toBe(200);
    const result = again.json<RemoveDemoResult>();
    expect(result.removed.courses).toEqual([]);
    expect(result.left.empty).toBe(true);
    expect(await demoCount()).toBe(2);
    expect(((await t.handle.db.select({ n: count() }).from(auditLog)) as [{ n: number }])[0].n).toBe(audits);
  });

  it('never touches what the instructor made, even on a site that had a demo', async () => {
    const made = await admin.call('POST', '/admin/courses/', {
      title: 'My Own Course',
      slug: 'my-own-course',
      course_type: 'free',
      complexity: 'Beginner',
      category_id: (await t.handle.db.select({ id: categories.id }).from(categories))[0]!.id,
    });
    expect(made.statusCode, made.body).toBe(201);
    const p = await preview();
    expect(p.empty).toBe(true);
    expect((await admin.call('POST', '/admin/demo-content/remove/', { token: p.token })).statusCode).toBe(200);
    expect(await t.handle.db.select().from(courses).where(eq(courses.slug, 'my-own-course'))).toHaveLength(1);
  });
});

async function couponId(code: string) {
  return (await t.handle.db.select({ id: coupons.id }).from(coupons).where(eq(coupons.code, code)))[0]?.id;
}
async function courseRow(id: number) {
  return (await t.handle.db.select().from(courses).where(eq(courses.id, id)))[0]!;
}
