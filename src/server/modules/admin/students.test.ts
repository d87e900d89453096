import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../../../../test/admin.js';
import { createTestApp, createVerifiedUser, freshIp, latestEmail, STRONG_PASSWORD, type TestApp } from '../../../../test/helpers.js';
import { guestBilling } from '../../../../test/orders.js';
import type { AdminStudent, AdminStudentDetail, Page } from '../../../shared/admin.js';
import type { CourseListItem } from '../../../shared/catalog.js';
import { auditLog, enrolments, users } from '../../db/schema/index.js';
import { createUser } from '../accounts/index.js';
import type { Invalidation } from '../../invalidation/index.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let paid: CourseListItem;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, { isAdmin: true });
  paid = (await t.app.inject({ url: '/api/v1/courses/' })).json<CourseListItem[]>().find((c) => c.course_type === 'paid')!;
});
afterAll(() => t.close());

const auditRows = (action: string) => t.handle.db.select().from(auditLog).where(eq(auditLog.action, action));
const statusOfCourse = async (access: string) =>
  (await t.app.inject({ url: `/api/v1/courses/${paid.slug}/`, headers: { authorization: `Bearer ${access}` } })).json<{ course_status: string }>()
    .course_status;

describe('students', () => {
  it('searches, filters and sorts accounts on the server, and refuses bad queries per field', async () => {
    const zoe = await createVerifiedUser(t, { fullName: 'Zoe Quartermaine', email: `zoe-${Date.now()}@example.com` });
    await createUser(t.handle.db, { email: `unverified-${Date.now()}@example.com`, password: STRONG_PASSWORD, fullName: 'Una Verified', isVerified: false });
    const list = async (query: string) => {
      const res = await admin.call('GET', `/admin/students/${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Page<AdminStudent>>();
    };
    expect((await list('?search=quartermaine')).results.map((s) => s.id)).toEqual([zoe.id]);
    expect((await list('?search=QUARTER&verified=true')).results).toHaveLength(1);
    expect((await list('?verified=false')).results.map((s) => s.full_name)).toContain('Una Verified');
    expect((await list('?verified=false')).results.every((s) => !s.is_verified)).toBe(true);
    expect((await list(`?search=${encodeURIComponent("' or ''='")}`)).count).toBe(0);
    expect((await list('?search=_')).count).toBe(0);
    const byName = await list('?sort=full_name&page_size=100');
    const names = byName.results.map((s) => s.full_name.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect((await list('?page_size=1&page=2')).results).toHaveLength(1);

    const bad = await admin.call('GET', '/admin/students/?verified=maybe&sort=password_hash&page_size=0');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['page_size', 'sort', 'verified']);
  });

  it('shows one student: orders, enrolments with progress, memberships and questions', async () => {
    const learner = await signedIn(t);
    const [free, other] = (await t.app.inject({ url: '/api/v1/courses/' })).json<CourseListItem[]>().filter((c) => c.course_type === 'free');
    await learner.call('POST', `/free-enroll/${free!.id}/`);
    await learner.call('POST', `/free-enroll/${other!.id}/`);
    // Two lessons done in the other course: each enrolment shows its own course's progress.
    const otherLessons = (await learner.call('GET', `/courses/${other!.slug}/`))
      .json<{ sections: { lessons: { uuid: string }[] }[] }>()
      .sections.flatMap((s) => s.lessons);
    for (const lesson of otherLessons.slice(0, 2)) await learner.call('POST', '/complete-lesson/', { lesson_uuid: lesson.uuid });
    await learner.call('POST', '/questions/', { course_id: free!.id, title: 'Which editor?', body: 'VS Code or PyCharm?' });
    const res = await admin.call('GET', `/admin/students/${learner.user.id}/`);
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json<AdminStudentDetail>();
    expect(detail).toMatchObject({ id: learner.user.id, email: learner.user.email, blocked: false, orders: [], memberships: [] });
    expect(detail.enrolments).toHaveLength(2);
    expect(detail.enrolments).toContainEqual(expect.objectContaining({ course_id: free!.id, source: 'free', progress: 0, completed_lessons: 0 }));
    expect(detail.enrolments).toContainEqual(
      expect.objectContaining({
        course_id: other!.id,
        completed_lessons: 2,
        progress: Math.round(200 / otherLessons.length),
        total_lessons: otherLessons.length,
      }),
    );
    expect(detail.questions).toEqual([expect.objectContaining({ title: 'Which editor?', answered: false })]);
    expect((await admin.call('GET', '/admin/students/2147483647/')).statusCode).toBe(404);
  });

  it('lists students only: the admins are left out of the list and its count', async () => {
    const other = await signedIn(t, { isAdmin: true, fullName: 'Second Admin' });
    const all = (await admin.call('GET', '/admin/students/?page_size=100')).json<Page<AdminStudent>>();
    expect(all.results.length).toBeGreaterThan(0);
    expect(all.results.some((s) => s.is_admin)).toBe(false);
    expect(all.results.map((s) => s.id)).not.toContain(admin.user.id);
    expect(all.count).toBe(all.results.length);
    expect((await admin.call('GET', `/admin/students/?search=${encodeURIComponent(other.user.email)}`)).json<Page<AdminStudent>>()).toMatchObject({
      count: 0,
      results: [],
    });
  });

  it("shows the phone and country a signed-in buyer's checkout collected when the account has none", async () => {
    const buyer = await signedIn(t);
    const before = (await admin.call('GET', `/admin/students/${buyer.user.id}/`)).json<AdminStudentDetail>();
    expect(before).toMatchObject({ phone_number: '', country: '' });
    const order = await buyer.call(
      'POST',
      '/create-order/',
      guestBilling({ email: buyer.user.email, payment_method: 'Full_Discount', coupon_code: 'FREECOURSE', courses: [paid.id], total: 0 }),
    );
    expect(order.statusCode, order.body).toBe(201);
    const detail = (await admin.call('GET', `/admin/students/${buyer.user.id}/`)).json<AdminStudentDetail>();
    expect(detail).toMatchObject({ phone_number: '+1 415 555 0100', country: 'United States' });
  });

  it('enrols by hand and revokes, each audited; a refusal writes nothing', async () => {
    const learner = await signedIn(t);
    expect(await statusOfCourse(learner.access)).toBe('not enrolled');

    const bad = await admin.call('POST', `/admin/students/${learner.user.id}/enrolments/`, { course_id: -3 });
    expect(bad.json()).toEqual({ course_id: ['Choose a course.'] });
    expect((await admin.call('POST', `/admin/students/${learner.user.id}/enrolments/`, { course_id: '1; drop table users' })).statusCode).toBe(400);
    const missing = await admin.call('POST', `/admin/students/${learner.user.id}/enrolments/`, { course_id: 2_147_483_647 });
    expect(missing.json()).toEqual({ course_id: ['This course does not exist.'] });
    expect((await admin.call('POST', '/admin/students/2147483647/enrolments/', { course_id: paid.id })).statusCode).toBe(404);
    expect(await auditRows('student.enrol')).toHaveLength(0);

    const enrolled = await admin.call('POST', `/admin/students/${learner.user.id}/enrolments/`, { course_id: paid.id });
    expect(enrolled.statusCode, enrolled.body).toBe(201);
    expect(enrolled.json<AdminStudentDetail>().enrolments).toEqual([expect.objectContaining({ course_id: paid.id, source: 'admin' })]);
    expect(await statusOfCourse(learner.access)).not.toBe('not enrolled');
    expect((await admin.call('POST', `/admin/students/${learner.user.id}/enrolments/`, { course_id: paid.id })).statusCode).toBe(409);
    expect(await auditRows('student.enrol')).toHaveLength(1);

    const revoked = await admin.call('DELETE', `/admin/students/${learner.user.id}/enrolments/${paid.id}/`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json<AdminStudentDetail>().enrolments).toEqual([]);
    expect(await statusOfCourse(learner.access)).toBe('not enrolled');
    expect((await admin.call('DELETE', `/admin/students/${learner.user.id}/enrolments/${paid.id}/`)).statusCode).toBe(404);
    expect((await admin.call('DELETE', `/admin/students/${learner.user.id}/enrolments/abc/`)).statusCode).toBe(400);
    const rows = await auditRows('student.revoke');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorId: admin.user.id, entityType: 'user', entityId: String(learner.user.id), before: { source: 'admin' } });
    const [row] = await t.handle.db.select().from(enrolments).where(eq(enrolments.userId, learner.user.id));
    expect(row!.revokedAt).not.toBeNull();
  });

  it('comps a membership for N months, validated per field', async () => {
    const learner = await signedIn(t);
    for (const months of [0, 61, 1.5, -2, '3']) {
      const res = await admin.call('POST', `/admin/students/${learner.user.id}/comp/`, { months });
      expect(res.statusCode, String(months)).toBe(400);
      expect(res.json()).toHaveProperty('months');
    }
    expect(await auditRows('membership.comp')).toHaveLength(0);
    const res = await admin.call('POST', `/admin/students/${learner.user.id}/comp/`, { months: 2 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AdminStudentDetail>().memberships).toEqual([expect.objectContaining({ state: 'active', payment_method: 'manual', auto_renew: false })]);
    expect(await auditRows('membership.comp')).toEqual([
      expect.objectContaining({ entityId: String(learner.user.id), after: expect.objectContaining({ months: 2 }) }),
    ]);
  });

  it('resends the verification link to an unverified account only', async () => {
    const email = `pending-${Date.now()}@example.com`;
    const user = await createUser(t.handle.db, { email, password: STRONG_PASSWORD, fullName: 'Pending Person', isVerified: false });
    const res = await admin.call('POST', `/admin/students/${user.id}/resend-verification/`);
    expect(res.statusCode, res.body).toBe(200);
    expect((await latestEmail(t, email))!.text).toContain('/api/v1/verify-email/');
    expect(await auditRows('student.resend_verification')).toHaveLength(1);
    expect((await admin.call('POST', `/admin/students/${admin.user.id}/resend-verification/`)).statusCode).toBe(409);
    expect(await auditRows('student.resend_verification')).toHaveLength(1);
  });

  it("refuses a blocked student's open session within the reload bound even when the process hears no invalidation", async () => {
    // A process that missed the notification (its listening connection was down): invalidations never arrive.
    const deaf: Invalidation = { invalidate: async () => undefined, onInvalidate: () => () => undefined, close: async () => undefined };
    const other = await createTestApp({ invalidation: deaf, blockedReloadMs: 300 });
    try {
      const otherAdmin = await signedIn(other, { isAdmin: true });
      const learner = await signedIn(other);
      expect((await learner.call('GET', '/user-details/')).statusCode).toBe(200);
      expect((await otherAdmin.call('POST', `/admin/students/${learner.user.id}/block/`)).statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect((await learner.call('GET', '/user-details/')).statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });

  it('a blocked student cannot sign in, refresh, or use an open session; unblocking lets them back', async () => {
    const learner = await signedIn(t);
    const { refresh } = (
      await t.app.inject({ method: 'POST', url: '/api/v1/token/', payload: { email: learner.user.email, password: STRONG_PASSWORD }, remoteAddress: freshIp() })
    ).json();
    expect((await learner.call('GET', '/user-details/')).statusCode).toBe(200);

    const blocked = await admin.call('POST', `/admin/students/${learner.user.id}/block/`);
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(blocked.json()).toMatchObject({ blocked: true });
    expect((await learner.call('GET', '/user-details/')).statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/token/',
      payload: { email: learner.user.email, password: STRONG_PASSWORD },
      remoteAddress: freshIp(),
    });
    expect(login.statusCode).toBe(401);
    expect(login.json().detail).toBe('No active account found with the given credentials');
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/token/refresh/', payload: { refresh }, remoteAddress: freshIp() })).statusCode).toBe(401);
    // The storefront still answers a blocked viewer's anonymous calls.
    expect((await t.app.inject({ url: '/api/v1/courses/' })).statusCode).toBe(200);
    expect((await admin.call('GET', '/admin/students/?blocked=true')).json<Page<AdminStudent>>().results.map((s) => s.id)).toEqual([learner.user.id]);

    expect((await admin.call('POST', `/admin/students/${admin.user.id}/block/`)).statusCode).toBe(409);
    const otherAdmin = await signedIn(t, { isAdmin: true });
    expect((await admin.call('POST', `/admin/students/${otherAdmin.user.id}/block/`)).statusCode).toBe(409);
    const [self] = await t.handle.db.select().from(users).where(eq(users.id, admin.user.id));
    expect(self!.blockedAt).toBeNull();

    const unblocked = await admin.call('POST', `/admin/students/${learner.user.id}/unblock/`);
    expect(unblocked.json()).toMatchObject({ blocked: false, blocked_at: null });
    expect((await learner.call('GET', '/user-details/')).statusCode).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/token/',
          payload: { email: learner.user.email, password: STRONG_PASSWORD },
          remoteAddress: freshIp(),
        })
      ).statusCode,
    ).toBe(200);
    expect((await auditRows('student.block')).map((r) => r.entityId)).toEqual([String(learner.user.id)]);
    expect(await auditRows('student.unblock')).toHaveLength(1);
  });
});
