import type { CourseListItem } from '../../../shared/catalog.js';
import { applicablePrice } from '../../../shared/pricing.js';
import type { Region } from '../../../shared/regions.js';
import type { Database, Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { sanitizeRichText } from '../../lib/html.js';
import { publicQuizzesOfCourse, type PublicQuiz } from './quizzes.js';
import * as q from './queries.js';
import type { CourseListRow, InstructorRecord, MembershipPlanRecord, ReviewPage, RoadmapRecord } from './records.js';
import { courseListItemView, pickPrice } from './serialise.js';

export type { CourseListRow, InstructorRecord, MembershipPlanRecord, ReviewPage, RoadmapRecord } from './records.js';

/** Published courses (or the named ones) with their prices for `region`, in catalog order. */
export function listCourseRows(db: Database, region: Region, courseIds?: number[]): Promise<CourseListRow[]> {
  return q.selectCourseList(db, region, courseIds);
}

/** Course cards as other modules embed them in their own answers (cart lines, membership courses, reminders). */
export async function listCourses(db: Database, region: Region, courseIds?: number[]): Promise<CourseListItem[]> {
  const rows = await listCourseRows(db, region, courseIds);
  return rows.map((row) => courseListItemView(region, row));
}

/** A course as a checkout prices it: the same published courses and regional price as its card, without the card's other facts (no lesson totals). */
export type CourseForPurchase = Pick<CourseListItem, 'id' | 'title' | 'course_type' | 'country_price'>;

/** The named published courses priced for `region` (one light query): what create-order charges. */
export async function coursesForPurchase(db: Db, region: Region, courseIds: number[]): Promise<CourseForPurchase[]> {
  if (!courseIds.length) return [];
  const rows = await q.selectCoursesForPurchase(db, region, courseIds);
  return rows.map((row) => ({ id: row.id, title: row.title, course_type: row.courseType, country_price: pickPrice(region, row.price, row.fallback) }));
}

/** The instructor as shown: the bio sanitised. */
const sanitisedInstructor = (row: InstructorRecord): InstructorRecord => ({ ...row, bio: sanitizeRichText(row.bio) });

/**
 * The catalog's part of a course page, the same for every viewer in a region: the course, its
 * sections and lessons (articles sanitised), resources and quizzes (no answers). The storefront
 * adds the enrolment count and each viewer's access and progress.
 */
export async function getCourseContent(db: Database, slug: string, region: Region, includeUnpublished = false) {
  const course = await q.selectCourseBySlug(db, slug, region, includeUnpublished);
  if (!course) throw AppError.notFound('Course not found.');
  const [sections, lessonRows, resources] = await Promise.all([
    q.selectSections(db, course.id),
    q.selectLessons(db, course.id),
    q.selectResources(db, course.id),
  ]);
  const sectionOrder = new Map(sections.map((s, index) => [s.id, index]));
  const lessons = [...lessonRows]
    .sort((a, b) => (sectionOrder.get(a.sectionId) ?? 0) - (sectionOrder.get(b.sectionId) ?? 0))
    .map((row) => ({ ...row, lessonContent: row.lessonContent ? sanitizeRichText(row.lessonContent) : null }));
  // A course without quizzes costs no query for them.
  const quizzes = lessons.some((l) => l.lessonType === 'quiz') ? await publicQuizzesOfCourse(db, course.id) : new Map<number, PublicQuiz>();
  return {
    course,
    courseDescription: sanitizeRichText(course.courseDescription),
    instructor: sanitisedInstructor(course.instructor),
    sections,
    lessons,
    resources,
    quizzes,
  };
}

const RESOURCE_PURPOSE = 'resource';
export const resourceLinkPurpose = RESOURCE_PURPOSE;

export type CourseContent = Awaited<ReturnType<typeof getCourseContent>>;

export async function getInstructor(db: Database): Promise<InstructorRecord> {
  const [row] = await q.selectInstructor(db);
  if (!row) throw AppError.notFound('Instructor not found.');
  return sanitisedInstructor(row);
}

/** Where messages for the instructor go when INSTRUCTOR_EMAIL is not configured. */
export function getInstructorEmail(db: Database): Promise<string | undefined> {
  return q.selectInstructorEmail(db);
}

export async function listClientReviews(db: Database, page: number, pageSize: number): Promise<ReviewPage> {
  const rows = await q.selectClientReviews(db, pageSize, (page - 1) * pageSize);
  return { page, pageSize, count: rows[0]?.total ?? 0, rows };
}

/** The plans on sale, with their price rows for `region` and the default region. */
export function listMembershipPlans(db: Database, region: Region): Promise<MembershipPlanRecord[]> {
  return q.selectPlans(db, region);
}

export interface PlanForPurchase {
  id: number;
  name: string;
  planType: 'monthly' | 'yearly' | 'lifetime';
  /** Minor units, in the visitor's region (or the default region when the plan has no price there). */
  amount: number;
  currency: string;
  region: Region;
  /** The price row charged, and the provider ids synced for it (null until created). */
  priceId: number;
  stripePriceId: string | null;
  razorpayPlanId: string | null;
}

/** A membership plan as the server charges it: the price is decided here, never by the client. */
export async function getPlanForPurchase(db: Database, planId: number, region: Region): Promise<PlanForPurchase | undefined> {
  const row = await q.selectPlan(db, planId, region);
  if (!row) return undefined;
  const chosen = applicablePrice(row.price, row.fallback);
  if (chosen?.amount == null || !chosen.region) return undefined;
  return {
    id: row.id,
    name: row.name,
    planType: row.planType,
    amount: chosen.amount,
    currency: chosen.currency!,
    region: chosen.region as Region,
    priceId: chosen.id!,
    stripePriceId: chosen.stripePriceId ?? null,
    razorpayPlanId: chosen.razorpayPlanId ?? null,
  };
}

/** The names of every plan, on sale or not (for history rows and emails). */
export async function listPlanNames(db: Database) {
  return q.selectPlanNames(db);
}

/** The learning path's steps whose course is published, each with its course. */
export async function getRoadmap(db: Database, region: Region): Promise<RoadmapRecord> {
  const steps = await q.selectRoadmap(db);
  const courses = await listCourseRows(
    db,
    region,
    steps.map((s) => s.courseId),
  );
  const byId = new Map(courses.map((c) => [c.id, c]));
  return steps.flatMap((step) => {
    const course = byId.get(step.courseId);
    return course ? [{ position: step.position, timeEstimate: step.timeEstimate, note: step.note, course }] : [];
  });
}

export type CourseSummary = Awaited<ReturnType<typeof q.selectCourseSummaries>>[number];

/** Courses by id, published or not (a student keeps what they bought), with their lesson count: one query. */
export async function getCourseSummaries(db: Db, courseIds: number[]): Promise<Map<number, CourseSummary>> {
  const rows = await q.selectCourseSummaries(db, [...new Set(courseIds)]);
  return new Map(rows.map((r) => [r.id, r]));
}

export async function getCourseSummary(db: Db, courseId: number): Promise<CourseSummary | undefined> {
  return (await getCourseSummaries(db, [courseId])).get(courseId);
}

/** A course as its certificate's credential describes it (its lessons are the criteria). */
export function getCourseForCredential(db: Db, courseId: number) {
  return q.selectCourseForCredential(db, courseId);
}

/** Ids of the courses whose title contains the text (for searching orders and enrolments by course). */
export function findCourseIdsByTitle(db: Db, text: string): Promise<number[]> {
  return q.selectCourseIdsByTitle(db, text);
}

/** A lesson by its public uuid: its course, whether it is a preview, and its drip schedules (its own, then its section's). */
export async function findLesson(db: Db, uuid: string) {
  const row = await q.selectLessonByUuid(db, uuid);
  return (
    row && {
      id: row.id,
      courseId: row.courseId,
      enablePreview: row.enablePreview,
      lessonType: row.lessonType,
      title: row.title,
      schedules: [row.lesson, row.section],
    }
  );
}

/**
 * The lessons of these courses (or of every course) a drip schedule may hold back (previews never
 * are), each with its schedules (its own, then its section's): one query.
 */
export async function getScheduledLessons(db: Db, courseIds?: number[]) {
  const rows = await q.selectScheduledLessons(db, courseIds && [...new Set(courseIds)]);
  return rows.map((r) => ({ id: r.id, courseId: r.courseId, title: r.title, enablePreview: r.enablePreview, schedules: [r.lesson, r.section] }));
}

/** Lessons by id with their course and title. */
export async function getLessonsById(db: Db, lessonIds: number[]) {
  const rows = await q.selectLessonsById(db, [...new Set(lessonIds)]);
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * Writes a course's rating figures (the average of its visible reviews, one decimal, and their
 * count). Only the reviews module calls it, in the transaction that changed a review.
 */
export function setCourseRating(db: Db, courseId: number, rating: { average: string; count: number }): Promise<void> {
  return q.updateCourseRating(db, courseId, rating.average, rating.count);
}

/** Just enough to describe one published course (the page head, structured data). */
export async function getCourseMeta(db: Database, slug: string) {
  return q.selectCourseMeta(db, slug);
}

export function listSitemapCourses(db: Database) {
  return q.selectSitemapCourses(db);
}

export async function getResourceForDownload(db: Database, resourceId: number) {
  const resource = await q.selectResource(db, resourceId);
  if (!resource) throw AppError.notFound('File not found.');
  return resource;
}
