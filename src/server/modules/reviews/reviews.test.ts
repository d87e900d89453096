import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, visitorCall } from '../../../../test/admin.js';
import { createTestApp, type TestApp } from '../../../../test/helpers.js';
import type { CourseDetail, CourseListItem } from '../../../shared/catalog.js';
import type { AdminReview, AdminReviewPage, CourseReviewPage, MyReview } from '../../../shared/reviews.js';
import { auditLog, courseRatings, courses, enrolments, lessonProgress } from '../../db/schema/index.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let free: CourseListItem;
let paid: CourseListItem;
let lessonUuids: string[];

type Caller = Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, { isAdmin: true });
  const list = (await visitorCall(t, 'GET', '/courses/')).json<CourseListItem[]>();
  free = list.find((c) => c.course_type === 'free')!;
  paid = list.find((c) => c.course_type === 'paid')!;
  const detail = (await visitorCall(t, 'GET', `/courses/${free.slug}/`)).json<CourseDetail>();
  lessonUuids = detail.sections.flatMap((s) => s.lessons.map((l) => l.uuid));
});
afterAll(() => t.close());

/** A student of the free course who finished its first lesson. */
async function studentWithLesson(fullName = 'Test Student'): Promise<Caller> {
  const who = await signedIn(t, { fullName });
  expect((await who.call('POST', `/free-enroll/${free.id}/`)).statusCode).toBe(200);
  const done = await who.call('POST', '/complete-lesson/', { lesson_uuid: lessonUuids[0] });
  expect(done.statusCode, done.body).toBe(200);
  return who;
}

const reviewsOf = async (courseId: number) => (await t.handle.db.select({ n: count() }).from(courseRatings).where(eq(courseRatings.courseId, courseId)))[0]!.n;
const figuresOf = async (courseId: number) => {
  const [row] = await t.handle.db.select({ average: courses.ratingAverage, count: courses.ratingCount }).from(courses).where(eq(courses.id, courseId));
  return { average: Number(row!.average), count: row!.count };
};
/** The visible reviews' own average and count, straight from the rows. */
const truthOf = async (courseId: number) => {
  const rows = await t.handle.db.select().from(courseRatings).where(eq(courseRatings.courseId, courseId));
  const visible = rows.filter((r) => r.hiddenAt === null);
  const average = visible.length ? Math.round((visible.reduce((s, r) => s + r.rating, 0) / visible.length) * 10) / 10 : 0;
  return { average, count: visible.length };
};
const cardOf = async (slug: string) => (await visitorCall(t, 'GET', '/courses/')).json<CourseListItem[]>().find((c) => c.slug === slug)!;

describe('who may rate a course', () => {
  it('a visitor gets 401, a signed-in non-student 403, and nothing is stored', async () => {
    const before = await reviewsOf(paid.id);
    expect((await visitorCall(t, 'POST', `/courses/${paid.slug}/reviews/`, { rating: 5 })).statusCode).toBe(401);
    const stranger = await signedIn(t);
    const res = await stranger.call('POST', `/courses/${paid.slug}/reviews/`, { rating: 1, review: 'never took it' });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toEqual({ detail: 'Only students of this course can rate it.' });
    expect(await reviewsOf(paid.id)).toBe(before);
    const mine = (await stranger.call('GET', `/courses/${paid.slug}/reviews/mine/`)).json<MyReview>();
    expect(mine).toEqual({ may_review: false, reason: 'Only students of this course can rate it.', review: null });
  });

  it('a student who has completed nothing gets 403, and nothing is stored', async () => {
    const who = await signedIn(t);
    expect((await who.call('POST', `/free-enroll/${free.id}/`)).statusCode).toBe(200);
    const before = await reviewsOf(free.id);
    const res = await who.call('POST', `/courses/${free.slug}/reviews/`, { rating: 5 });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toEqual({ detail: 'Complete a lesson of this course before rating it.' });
    expect(await reviewsOf(free.id)).toBe(before);
  });

  it('the instructor (who may open every course) but never studied it gets 403', async () => {
    const res = await admin.call('POST', `/courses/${paid.slug}/reviews/`, { rating: 5 });
    expect(res.statusCode, res.body).toBe(403);
  });

  it("a former member with completed lessons, whose membership ended, may no longer rate: the access module's answer", async () => {
    const who = await signedIn(t);
    const [lesson] = (await visitorCall(t, 'GET', `/courses/${paid.slug}/`)).json<CourseDetail>().sections[0]!.lessons;
    await t.handle.db.insert(enrolments).values({ userId: who.user.id, courseId: paid.id, source: 'subscription', courseStatus: 'in_progress' });
    await t.handle.db.insert(lessonProgress).values({ userId: who.user.id, courseId: paid.id, lessonId: lesson!.id });
    const before = await reviewsOf(paid.id);
    const res = await who.call('POST', `/courses/${paid.slug}/reviews/`, { rating: 2 });
    expect(res.statusCode, res.body).toBe(403);
    expect(await reviewsOf(paid.id)).toBe(before);
  });

  it('refuses a rating outside 1..5, a fraction, a review over 2,000 characters, and stores nothing', async () => {
    const who = await studentWithLesson();
    const before = await reviewsOf(free.id);
    for (const body of [{ rating: 0 }, { rating: 6 }, { rating: 4.5 }, { rating: '5' }, {}, { rating: 5, review: 'x'.repeat(2001) }]) {
      const res = await who.call('POST', `/courses/${free.slug}/reviews/`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const long = await who.call('POST', `/courses/${free.slug}/reviews/`, { rating: 5, review: 'x'.repeat(2001) });
    expect(long.json()).toEqual({ review: ['Keep the review under 2,000 characters.'] });
    expect(await reviewsOf(free.id)).toBe(before);
    // Exactly 2,000 is fine.
    expect((await who.call('POST', `/courses/${free.slug}/reviews/`, { rating: 5, review: 'y'.repeat(2000) })).statusCode).toBe(201);
  });

  it('answers 404 for a course that does not exist', async () => {
    const who = await signedIn(t);
    expect((await who.call('POST', '/courses/no-such-course/reviews/', { rating: 5 })).statusCode).toBe(404);
    expect((await visitorCall(t, 'GET', '/courses/no-such-course/reviews/')).statusCode).toBe(404);
  });
});

describe('a review', () => {
  it('is created once (201), then edited in place (200): one row, and the figures follow', async () => {
    const who = await studentWithLesson('priya NAIR');
    const first = await who.call('POST', `/courses/${free.slug}/reviews/`, { rating: 1, review: 'Hard going.' });
    expect(first.statusCode, first.body).toBe(201);
    expect(await figuresOf(free.id)).toEqual(await truthOf(free.id));
    const again = await who.call('POST', `/courses/${free.slug}/reviews/`, { rating: 5, review: '  Much better the second time.  ' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<{ review: { id: number; review: string } }>().review).toMatchObject({
      id: first.json<{ review: { id: number } }>().review.id,
      review: 'Much better the second time.',
    });
    const rows = await t.handle.db
      .select()
      .from(courseRatings)
      .where(and(eq(courseRatings.courseId, free.id), eq(courseRatings.userId, who.user.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ rating: 5, review: 'Much better the second time.' });
    const truth = await truthOf(free.id);
    expect(await figuresOf(free.id)).toEqual(truth);
    expect(again.json<{ course: unknown }>().course).toEqual({ slug: free.slug, ratings: truth.average, ratings_count: truth.count });
    // The course card and the course page say the same, from the stored figures.
    const card = await cardOf(free.slug);
    expect({ average: card.ratings, count: card.ratings_count }).toEqual(truth);
    const detail = (await visitorCall(t, 'GET', `/courses/${free.slug}/`)).json<CourseDetail>();
    expect({ average: detail.ratings, count: detail.ratings_count }).toEqual(truth);
    expect(detail.rating_count).toBe(truth.count);

    const list = (await visitorCall(t, 'GET', `/courses/${free.slug}/reviews/`)).json<CourseReviewPage>();
    const shown = list.results.find((r) => r.id === rows[0]!.id)!;
    // The one name rule, the date, the verified mark; never the email.
    expect(shown).toMatchObject({ student_name: 'Priya Nair', rating: 5, verified_student: true, reply: null, course: { slug: free.slug } });
    expect(JSON.stringify(list)).not.toContain(who.user.email);
    expect((await who.call('GET', `/courses/${free.slug}/reviews/mine/`)).json<MyReview>()).toMatchObject({
      may_review: true,
      reason: null,
      review: { rating: 5, hidden: false },
    });
  });

  it('two saves at once by one student end in one review, and the figures are the rows', async () => {
    const who = await studentWithLesson();
    const answers = await Promise.all([1, 2, 3, 4, 5].map((rating) => who.call('POST', `/courses/${free.slug}/reviews/`, { rating })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    const rows = await t.handle.db
      .select()
      .from(courseRatings)
      .where(and(eq(courseRatings.courseId, free.id), eq(courseRatings.userId, who.user.id)));
    expect(rows).toHaveLength(1);
    expect(await figuresOf(free.id)).toEqual(await truthOf(free.id));
  });

  it('students of one course reviewing at once leave a true average', async () => {
    const students = await Promise.all([1, 2, 3, 4].map(() => studentWithLesson()));
    await Promise.all(students.map((s, i) => s.call('POST', `/courses/${free.slug}/reviews/`, { rating: 1 + i })));
    expect(await figuresOf(free.id)).toEqual(await truthOf(free.id));
  });

  it('keeps hostile text as it was written: text, never HTML', async () => {
    const who = await studentWithLesson('<b>Mallory</b>');
    const hostile = '<script>alert(1)</script><img src=x onerror="alert(2)"> & "quotes"';
    expect((await who.call('POST', `/courses/${free.slug}/reviews/`, { rating: 3, review: hostile })).statusCode).toBe(201);
    const list = (await visitorCall(t, 'GET', `/courses/${free.slug}/reviews/?stars=3`)).json<CourseReviewPage>();
    const shown = list.results.find((r) => r.review === hostile);
    expect(shown?.student_name).toBe('<b>Mallory</b>');
    // Stored and sent as written; the pages render it as text (ReviewList.test.tsx).
    expect(shown?.review).toBe(hostile);
  });
});

describe('the public lists', () => {
  it('are newest first, filter by stars, page like the client reviews, and say how many', async () => {
    const first = (await visitorCall(t, 'GET', `/courses/${paid.slug}/reviews/`)).json<CourseReviewPage>();
    expect(first.count).toBe((await cardOf(paid.slug)).ratings_count);
    const dates = first.results.map((r) => r.created_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    const five = (await visitorCall(t, 'GET', `/courses/${paid.slug}/reviews/?stars=5`)).json<CourseReviewPage>();
    expect(five.results.length).toBeGreaterThan(0);
    expect(five.results.every((r) => r.rating === 5)).toBe(true);
    expect((await visitorCall(t, 'GET', `/courses/${paid.slug}/reviews/?stars=6`)).statusCode).toBe(400);

    const all = (await visitorCall(t, 'GET', '/course-reviews/')).json<CourseReviewPage>();
    expect(all.results).toHaveLength(10);
    expect(all.next).toBe('http://lectern.test/api/v1/course-reviews/?page=2');
    const second = (await visitorCall(t, 'GET', '/course-reviews/?page=2')).json<CourseReviewPage>();
    expect(second.previous).toBe('http://lectern.test/api/v1/course-reviews/?page=1');
    expect(second.results.some((r) => all.results.some((a) => a.id === r.id))).toBe(false);
    const oneCourse = (await visitorCall(t, 'GET', `/course-reviews/?course=${paid.slug}&stars=5`)).json<CourseReviewPage>();
    expect(oneCourse.results.every((r) => r.course.slug === paid.slug && r.rating === 5)).toBe(true);
    expect(oneCourse.count).toBe(five.count);
    expect((await visitorCall(t, 'GET', '/course-reviews/?course=no-such-course')).json()).toEqual({ count: 0, next: null, previous: null, results: [] });
  });

  it('reads a page in a fixed number of queries, whatever its size', async () => {
    t.queries.length = 0;
    await visitorCall(t, 'GET', '/course-reviews/');
    // The page, the students' names, the courses.
    expect(t.queries.length).toBeLessThanOrEqual(3);
  });
});

describe('the studio', () => {
  let review: AdminReview;
  let who: Caller;
  beforeAll(async () => {
    who = await studentWithLesson('hide me');
    await who.call('POST', `/courses/${free.slug}/reviews/`, { rating: 1, review: 'Spam spam spam' });
    const page = (await admin.call('GET', `/admin/course-reviews/?course_id=${free.id}&stars=1`)).json<AdminReviewPage>();
    review = page.results.find((r) => r.review === 'Spam spam spam')!;
    expect(review.student).toMatchObject({ full_name: 'Hide Me', email: who.user.email });
  });

  it('is for admins only', async () => {
    const student = await signedIn(t);
    expect((await student.call('GET', '/admin/course-reviews/')).statusCode).toBe(403);
    expect((await student.call('POST', `/admin/course-reviews/${review.id}/hide/`, { reason: 'x' })).statusCode).toBe(403);
    expect((await visitorCall(t, 'POST', `/admin/course-reviews/${review.id}/reply/`, { reply: 'x' })).statusCode).toBe(401);
  });

  it('replies once, in public', async () => {
    const res = await admin.call('POST', `/admin/course-reviews/${review.id}/reply/`, { reply: 'Sorry to hear it: write to me.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AdminReview>().reply?.text).toBe('Sorry to hear it: write to me.');
    const again = await admin.call('POST', `/admin/course-reviews/${review.id}/reply/`, { reply: 'A second reply' });
    expect(again.statusCode).toBe(409);
    const row = (await t.handle.db.select().from(courseRatings).where(eq(courseRatings.id, review.id)))[0]!;
    expect(row.reply).toBe('Sorry to hear it: write to me.');
    const list = (await visitorCall(t, 'GET', `/courses/${free.slug}/reviews/?stars=1`)).json<CourseReviewPage>();
    expect(list.results.find((r) => r.id === review.id)?.reply?.text).toBe('Sorry to hear it: write to me.');
    expect((await admin.call('POST', `/admin/course-reviews/${review.id}/reply/`, { reply: '   ' })).statusCode).toBe(400);
    expect((await admin.call('POST', '/admin/course-reviews/999999/reply/', { reply: 'x' })).statusCode).toBe(404);
  });

  it('hides a review with a reason: out of the lists and the average, in the audit log; shows it again', async () => {
    const withIt = await truthOf(free.id);
    expect((await admin.call('POST', `/admin/course-reviews/${review.id}/hide/`, { reason: '' })).statusCode).toBe(400);
    const res = await admin.call('POST', `/admin/course-reviews/${review.id}/hide/`, { reason: 'Spam' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AdminReview>().hidden?.reason).toBe('Spam');
    const without = await truthOf(free.id);
    expect(without.count).toBe(withIt.count - 1);
    expect(await figuresOf(free.id)).toEqual(without);
    const card = await cardOf(free.slug);
    expect({ average: card.ratings, count: card.ratings_count }).toEqual(without);
    for (const url of [`/courses/${free.slug}/reviews/?stars=1`, `/course-reviews/?stars=1`, `/course-reviews/?course=${free.slug}`]) {
      const list = (await visitorCall(t, 'GET', url)).json<CourseReviewPage>();
      expect(list.results.some((r) => r.id === review.id)).toBe(false);
    }
    const [audit] = await t.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'review.hide'), eq(auditLog.entityId, String(review.id))));
    expect(audit?.summary).toContain('Spam');
    expect(audit?.after).toMatchObject({ hidden: { reason: 'Spam' } });
    expect((await admin.call('POST', `/admin/course-reviews/${review.id}/hide/`, { reason: 'Again' })).statusCode).toBe(409);
    const hiddenList = (await admin.call('GET', '/admin/course-reviews/?status=hidden')).json<AdminReviewPage>();
    expect(hiddenList.results.map((r) => r.id)).toContain(review.id);

    // The student's edit keeps it hidden, and out of the figures.
    expect((await who.call('POST', `/courses/${free.slug}/reviews/`, { rating: 2, review: 'Spam again' })).statusCode).toBe(200);
    expect((await who.call('GET', `/courses/${free.slug}/reviews/mine/`)).json<MyReview>().review).toMatchObject({ rating: 2, hidden: true });
    expect(await figuresOf(free.id)).toEqual(without);
    const shown = await admin.call('POST', `/admin/course-reviews/${review.id}/show/`);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(await figuresOf(free.id)).toEqual(await truthOf(free.id));
    expect((await figuresOf(free.id)).count).toBe(withIt.count);
    expect((await admin.call('POST', `/admin/course-reviews/${review.id}/show/`)).statusCode).toBe(409);
  });
});
