import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../../../../test/admin.js';
import { createTestApp, createVerifiedUser, type TestApp } from '../../../../test/helpers.js';
import { courseAdminMessages, type AdminCourse } from '../../../shared/admin.js';
import type { CourseDetail, CourseListItem } from '../../../shared/catalog.js';
import { auditLog } from '../../db/schema/index.js';
import { activeEnrolment, enrol, revokeEnrolmentById } from '../enrolments/index.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let categoryId: number;
beforeAll(async () => {
  // Snapshots kept for a minute: a change must reach the storefront through invalidation, not expiry.
  t = await createTestApp({ catalogCacheMs: 60_000 });
  admin = await signedIn(t, { isAdmin: true, fullName: 'Nikhil Rao' });
  categoryId = (await admin.call('GET', '/admin/categories/')).json<{ id: number }[]>()[0]!.id;
});
afterAll(() => t.close());

const storefront = async () => (await t.app.inject({ url: '/api/v1/courses/', headers: { 'cf-ipcountry': 'US' } })).json<CourseListItem[]>();
const auditActions = async (courseId: number) =>
  (
    await t.handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(courseId)))
      .orderBy(asc(auditLog.id))
  ).map((r) => r.action);

const newCourse = (overrides: Record<string, unknown> = {}) => ({
  title: 'Testing Django Apps',
  subtitle: 'pytest, factories and fast feedback',
  slug: 'testing-django-apps',
  course_type: 'paid',
  complexity: 'Intermediate',
  category_id: categoryId,
  promo_video: 'https://youtu.be/dQw4w9WgXcQ',
  course_description: '<p>Write tests <strong>first</strong>.</p><script>alert(1)</script><img src=x onerror=alert(1)>',
  what_you_will_learn: ['Write fast tests', 'Use factories'],
  seo_title: 'Testing Django apps with pytest',
  ...overrides,
});

describe('a course from draft to storefront', () => {
  it('is validated per field, created as a draft off the storefront, built, priced, published, moved and previewed', async () => {
    const invalid = await admin.call('POST', '/admin/courses/', {
      ...newCourse(),
      title: 'ab',
      slug: 'Not A Slug!',
      course_type: 'premium',
      category_id: 999999,
      promo_video: 'https://evil.example.com/video.mp4',
    });
    expect(invalid.statusCode).toBe(400);
    expect(Object.keys(invalid.json()).sort()).toEqual(['course_type', 'promo_video', 'slug', 'title']);
    const unknownCategory = await admin.call('POST', '/admin/courses/', newCourse({ category_id: 999999 }));
    expect(unknownCategory.json()).toEqual({ category_id: [courseAdminMessages.categoryUnknown] });
    const taken = await admin.call('POST', '/admin/courses/', newCourse({ slug: (await storefront())[0]!.slug }));
    expect(taken.json()).toEqual({ slug: [courseAdminMessages.slugTaken] });

    const created = await admin.call('POST', '/admin/courses/', newCourse());
    expect(created.statusCode).toBe(201);
    const course = created.json<AdminCourse>();
    expect(course).toMatchObject({ state: 'draft', promo_video: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', seo_title: 'Testing Django apps with pytest' });
    expect(course.course_description).toBe('<p>Write tests <strong>first</strong>.</p>');
    expect((await storefront()).some((c) => c.id === course.id)).toBe(false);
    expect((await t.app.inject({ url: '/api/v1/courses/testing-django-apps/' })).statusCode).toBe(404);

    // Curriculum: two sections, three lessons.
    expect((await admin.call('POST', `/admin/courses/${course.id}/sections/`, { title: 'Getting started' })).json<AdminCourse>().sections).toHaveLength(1);
    let edited = (await admin.call('POST', `/admin/courses/${course.id}/sections/`, { title: 'Factories' })).json<AdminCourse>();
    const [first, second] = edited.sections;
    const badLesson = await admin.call('POST', `/admin/sections/${first!.id}/lessons/`, { lesson_title: '', lesson_type: 'Video', duration_seconds: -5 });
    expect(Object.keys(badLesson.json()).sort()).toEqual(['duration_seconds', 'lesson_title', 'video_source']);
    const notVideo = await admin.call('POST', `/admin/sections/${first!.id}/lessons/`, {
      lesson_title: 'Intro',
      lesson_type: 'Video',
      video_source: 'javascript:alert(1)',
    });
    expect(notVideo.json()).toEqual({ video_source: [courseAdminMessages.videoUrl] });
    await admin.call('POST', `/admin/sections/${first!.id}/lessons/`, {
      lesson_title: 'Why test',
      lesson_type: 'Video',
      video_source: 'https://player.vimeo.com/video/76979871',
      duration_seconds: 300,
      enable_preview: true,
    });
    await admin.call('POST', `/admin/sections/${first!.id}/lessons/`, {
      lesson_title: 'Setup',
      lesson_type: 'Article',
      lesson_content: '<h2>Install</h2><p onclick="steal()">pip install pytest</p><iframe src="https://evil.example"></iframe>',
    });
    edited = (
      await admin.call('POST', `/admin/sections/${second!.id}/lessons/`, {
        lesson_title: 'Factory Boy',
        lesson_type: 'Video',
        video_source: 'https://www.youtube.com/embed/rfscVS0vtbw',
        duration_seconds: 600,
      })
    ).json<AdminCourse>();
    const lessons = edited.sections.flatMap((s) => s.lessons);
    expect(lessons.map((l) => l.lesson_title)).toEqual(['Why test', 'Setup', 'Factory Boy']);
    expect(lessons[0]!.video_source).toBe('https://vimeo.com/76979871');
    expect(lessons[1]!.lesson_content).toBe('<h2>Install</h2><p>pip install pytest</p>');
    expect(lessons[2]!.video_source).toBe('https://www.youtube.com/watch?v=rfscVS0vtbw');

    // Publishing needs a USD price; prices are checked per field.
    const early = await admin.call('POST', `/admin/courses/${course.id}/publish/`);
    expect(early.statusCode).toBe(400);
    expect(early.json()).toEqual({ non_field_errors: [courseAdminMessages.publishNoPrice] });
    const badPrices = await admin.call('PUT', `/admin/courses/${course.id}/prices/`, {
      prices: [
        { region: 'US', amount: -1, regular_amount: 10 },
        { region: 'IN', amount: 999, regular_amount: 500 },
        { region: 'XX', amount: 1, regular_amount: 1 },
      ],
    });
    expect(badPrices.statusCode).toBe(400);
    expect(badPrices.json().prices).toEqual(expect.arrayContaining(['The amount cannot be negative.', courseAdminMessages.regularBelowPrice]));
    expect(badPrices.json().prices).toHaveLength(3);
    const priced = await admin.call('PUT', `/admin/courses/${course.id}/prices/`, {
      prices: [
        { region: 'US', amount: 49.99, regular_amount: 89.99 },
        { region: 'IN', amount: 3999, regular_amount: 5999 },
      ],
    });
    // The default region's price first ('$49.99 · ₹3,999.00'), here and in the list.
    expect(priced.json<AdminCourse>().prices).toEqual([
      { region: 'US', currency: 'USD', amount: 49.99, regular_amount: 89.99 },
      { region: 'IN', currency: 'INR', amount: 3999, regular_amount: 5999 },
    ]);
    const inList = (await admin.call('GET', `/admin/courses/?search=${encodeURIComponent(course.title)}`)).json<{ results: AdminCourse[] }>();
    expect(inList.results.find((c) => c.id === course.id)!.prices.map((p) => p.region)).toEqual(['US', 'IN']);
    const before = await storefront(); // fills the one-minute snapshot
    expect(before.some((c) => c.id === course.id)).toBe(false);
    const published = await admin.call('POST', `/admin/courses/${course.id}/publish/`);
    expect(published.json<AdminCourse>().state).toBe('published');
    const listed = (await storefront()).find((c) => c.id === course.id);
    expect(listed?.country_price).toMatchObject({ amount: 49.99, regular_amount: 89.99, currency: 'USD' });

    // A new price shows at once.
    await admin.call('PUT', `/admin/courses/${course.id}/prices/`, { prices: [{ region: 'US', amount: 39, regular_amount: 89.99 }] });
    expect((await storefront()).find((c) => c.id === course.id)?.country_price.amount).toBe(39);

    // Drag and drop: 'Factory Boy' first in section one; a partial order is refused.
    const partial = await admin.call('PUT', `/admin/courses/${course.id}/curriculum/`, { sections: [{ id: first!.id, lesson_ids: [lessons[0]!.id] }] });
    expect(partial.json()).toEqual({ sections: [courseAdminMessages.orderMismatch] });
    const reordered = await admin.call('PUT', `/admin/courses/${course.id}/curriculum/`, {
      sections: [
        { id: second!.id, lesson_ids: [] },
        { id: first!.id, lesson_ids: [lessons[2]!.id, lessons[0]!.id, lessons[1]!.id] },
      ],
    });
    expect(reordered.json<AdminCourse>().sections.map((s) => [s.title, s.lessons.map((l) => l.lesson_title)])).toEqual([
      ['Factories', []],
      ['Getting started', ['Factory Boy', 'Why test', 'Setup']],
    ]);
    const detail = (await t.app.inject({ url: `/api/v1/courses/${course.slug}/` })).json<CourseDetail>();
    expect(detail.sections.map((s) => s.title)).toEqual(['Factories', 'Getting started']);
    expect(detail.sections[1]!.lessons.map((l) => l.lesson_title)).toEqual(['Factory Boy', 'Why test', 'Setup']);

    // A non-empty section stays; an empty one goes.
    expect((await admin.call('DELETE', `/admin/sections/${first!.id}/`)).statusCode).toBe(409);
    expect((await admin.call('DELETE', `/admin/sections/${second!.id}/`)).json<AdminCourse>().sections).toHaveLength(1);

    // A new address: the old API and page addresses answer 301.
    const moved = await admin.call('PATCH', `/admin/courses/${course.id}/`, { slug: 'django-testing', title: 'Django Testing' });
    expect(moved.json<AdminCourse>()).toMatchObject({ slug: 'django-testing', old_slugs: ['testing-django-apps'] });
    const api = await t.app.inject({ url: '/api/v1/courses/testing-django-apps/' });
    expect(api.statusCode).toBe(301);
    expect(api.headers.location).toBe('/api/v1/courses/django-testing/');
    const page = await t.app.inject({ url: '/courses/testing-django-apps' });
    expect(page.statusCode).toBe(301);
    expect(page.headers.location).toBe('/courses/django-testing');
    expect((await t.app.inject({ url: '/courses/django-testing' })).body).toContain('Testing Django apps with pytest');

    // Unpublished: gone from the storefront, still previewable by the admin as students will see it.
    await admin.call('POST', `/admin/courses/${course.id}/unpublish/`);
    expect((await storefront()).some((c) => c.id === course.id)).toBe(false);
    expect((await t.app.inject({ url: '/api/v1/courses/testing-django-apps/' })).statusCode).toBe(404);
    const asVisitor = (await admin.call('GET', `/admin/courses/${course.id}/preview/?as=visitor`)).json<CourseDetail>();
    const visitorLessons = asVisitor.sections.flatMap((s) => s.lessons);
    expect(visitorLessons.find((l) => l.lesson_title === 'Setup')).toMatchObject({ is_locked: true, lesson_content: null });
    expect(visitorLessons.find((l) => l.lesson_title === 'Why test')).toMatchObject({ is_locked: false });
    const asStudent = (await admin.call('GET', `/admin/courses/${course.id}/preview/`)).json<CourseDetail>();
    expect(asStudent.sections.flatMap((s) => s.lessons).every((l) => !l.is_locked)).toBe(true);

    // Archived: out of the default list, found with state=archived.
    await admin.call('POST', `/admin/courses/${course.id}/archive/`);
    const list = (await admin.call('GET', '/admin/courses/?page_size=100')).json<{ results: { id: number }[] }>();
    expect(list.results.some((c) => c.id === course.id)).toBe(false);
    const archived = (await admin.call('GET', '/admin/courses/?state=archived')).json<{ count: number; results: { id: number; state: string }[] }>();
    expect(archived.results).toEqual([expect.objectContaining({ id: course.id, state: 'archived' })]);

    expect(await auditActions(course.id)).toEqual([
      'course.create',
      'section.create',
      'section.create',
      'lesson.create',
      'lesson.create',
      'lesson.create',
      'course.prices',
      'course.publish',
      'course.prices',
      'course.reorder',
      'section.delete',
      'course.update',
      'course.unpublish',
      'course.archive',
    ]);
  });
});

describe('the course list', () => {
  it('searches, sorts and pages on the server', async () => {
    const page = (await admin.call('GET', '/admin/courses/?sort=title&page_size=5&page=2')).json<{
      count: number;
      page: number;
      results: { title: string }[];
    }>();
    expect(page.count).toBeGreaterThanOrEqual(13);
    expect(page.results).toHaveLength(5);
    const titles = page.results.map((r) => r.title);
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    const found = (await admin.call('GET', '/admin/courses/?search=djang')).json<{ results: { title: string; slug: string }[] }>();
    expect(found.results.length).toBeGreaterThan(0);
    expect(found.results.every((r) => /djang/i.test(r.title) || r.slug.includes('djang'))).toBe(true);
    const literal = (await admin.call('GET', `/admin/courses/?search=${encodeURIComponent("%' or 1=1 --")}`)).json<{ count: number }>();
    expect(literal.count).toBe(0);
    expect((await admin.call('GET', '/admin/courses/?sort=password')).statusCode).toBe(400);
    expect((await admin.call('GET', '/admin/courses/?page_size=1000')).statusCode).toBe(400);
  });
});

describe('enrolment counts', () => {
  it('are the students holding the course now, on every studio answer, counted in one query for a page', async () => {
    const created = await admin.call('POST', '/admin/courses/', newCourse({ slug: 'counted-course', title: 'Counted Course' }));
    const course = created.json<AdminCourse>();
    expect(course.enrolled).toBe(0);
    const [createdRow] = await t.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(course.id)), eq(auditLog.action, 'course.create')));
    expect(createdRow!.after).toMatchObject({ id: course.id, enrolled: 0 });

    const [holder, other, refunded] = [await createVerifiedUser(t), await createVerifiedUser(t), await createVerifiedUser(t)];
    for (const user of [holder, other, refunded]) await enrol(t.handle.db, user.id, [course.id], 'admin');
    await revokeEnrolmentById(t.handle.db, (await activeEnrolment(t.handle.db, refunded.id, course.id))!.id);

    const detail = (await admin.call('GET', `/admin/courses/${course.id}/`)).json<AdminCourse>();
    expect(detail.enrolled).toBe(2);
    const listed = (await admin.call('GET', '/admin/courses/?search=counted-course')).json<{ results: { id: number; enrolled: number }[] }>();
    expect(listed.results).toEqual([expect.objectContaining({ id: course.id, enrolled: 2 })]);
    const section = (await admin.call('POST', `/admin/courses/${course.id}/sections/`, { title: 'Only' })).json<AdminCourse>();
    expect(section.enrolled).toBe(2);
    expect((await admin.call('PATCH', `/admin/courses/${course.id}/`, { title: 'Counted Course Two' })).json<AdminCourse>().enrolled).toBe(2);
    expect((await admin.call('PATCH', `/admin/courses/${course.id}/`, {})).json<AdminCourse>().enrolled).toBe(2);
    expect((await admin.call('PATCH', `/admin/sections/${section.sections[0]!.id}/`, {})).json<AdminCourse>().enrolled).toBe(2);
    const priced = await admin.call('PUT', `/admin/courses/${course.id}/prices/`, { prices: [{ region: 'US', amount: 19, regular_amount: 49 }] });
    expect(priced.json<AdminCourse>().enrolled).toBe(2);
    expect((await admin.call('POST', `/admin/courses/${course.id}/archive/`)).json<AdminCourse>().enrolled).toBe(2);
    expect((await admin.call('POST', `/admin/courses/${course.id}/restore/`)).json<AdminCourse>().enrolled).toBe(2);

    // The same number of statements for a page of one course and a page of twenty-five: no count per course.
    const statements = async (url: string) => {
      t.queries.length = 0;
      const res = await admin.call('GET', url);
      expect(res.statusCode).toBe(200);
      return t.queries.length;
    };
    await statements('/admin/courses/?page_size=1');
    const few = await statements('/admin/courses/?page_size=1');
    const many = await statements('/admin/courses/?page_size=25');
    expect((await admin.call('GET', '/admin/courses/?page_size=25')).json<{ results: unknown[] }>().results.length).toBeGreaterThan(10);
    expect(many).toBe(few);
  });
});

describe('hostile input', () => {
  it('answers 4xx, never 5xx, and stores injection strings as text', async () => {
    const injected = await admin.call('POST', '/admin/courses/', newCourse({ slug: 'sql-title', title: "Robert'); DROP TABLE courses;--" }));
    expect(injected.statusCode).toBe(201);
    expect(injected.json<AdminCourse>().title).toBe("Robert'); DROP TABLE courses;--");
    const cases: [string, string, unknown][] = [
      ['PATCH', '/admin/courses/2147483648/', { title: 'Overflow' }],
      ['PATCH', '/admin/courses/1/', { is_published: true }],
      ['PATCH', '/admin/courses/1/', { what_you_will_learn: 'not a list' }],
      ['POST', '/admin/courses/', { ...newCourse({ slug: 'big' }), course_description: 'x'.repeat(100_001) }],
      ['POST', '/admin/courses/', 'x'.repeat(2 * 1024 * 1024)],
      ['PUT', '/admin/courses/1/prices/', { prices: [{ region: 'US', amount: 1e308, regular_amount: 1e308 }] }],
      ['PUT', '/admin/courses/1/prices/', { prices: [{ region: 'US', amount: 10.005, regular_amount: 20 }] }],
      ['PUT', '/admin/courses/1/curriculum/', { sections: [{ id: -1, lesson_ids: ['a'] }] }],
      ['POST', '/admin/sections/999999/lessons/', { lesson_title: 'Orphan', lesson_type: 'Article', lesson_content: '<p>x</p>' }],
      ['DELETE', '/admin/lessons/%00/', undefined],
      ['GET', '/admin/courses/..%2F..%2Fetc%2Fpasswd/', undefined],
      ['GET', '/admin/courses/1/preview/?as=root', undefined],
    ];
    for (const [method, url, body] of cases) {
      const res = await admin.call(method as 'GET', url, body);
      expect(res.statusCode, `${method} ${url}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${method} ${url}`).toBeLessThan(500);
    }
  });
});
