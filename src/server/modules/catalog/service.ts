import type { CourseListItem, CourseStatus } from '../../../shared/catalog.js';
import { progressPercent } from '../../../shared/progress.js';
import { applicablePrice } from '../../../shared/pricing.js';
import type { Region } from '../../../shared/regions.js';
import type { Database, Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { sanitizeRichText } from '../../lib/html.js';
import { sign } from '../../lib/signing.js';
import type { Viewer } from '../../http/auth.js';
import { accessWithProgress, lessonState, type CourseAccess } from '../access/index.js';
import { enrolledCount, quizAttemptsUsed } from '../enrolments/index.js';
import { publicQuizzesOfCourse, type PublicQuiz } from './quizzes.js';
import * as q from './queries.js';
import { courseListItemView } from './serialise.js';

export type CourseListRow = q.CourseListRow;

/** Published courses (or the named ones) with their prices for `region`, in catalog order. */
export function listCourseRows(db: Database, region: Region, courseIds?: number[]): Promise<CourseListRow[]> {
  return q.selectCourseList(db, region, courseIds);
}

/** Course cards as other modules embed them in their own answers (cart lines, membership courses, reminders). */
export async function listCourses(db: Database, region: Region, courseIds?: number[]): Promise<CourseListItem[]> {
  const rows = await listCourseRows(db, region, courseIds);
  return rows.map((row) => courseListItemView(region, row));
}

export interface CourseDetailOptions {
  db: Database;
  slug: string;
  region: Region;
  viewer?: Viewer | undefined;
  /** Secret for signing resource download links. */
  signingSecret: string;
  resourceLinkTtlMs?: number;
  /** Keeps what every viewer of the course shares (course, sections, lessons, sanitised articles) until the catalog changes. */
  memo?: <T>(key: string, load: () => Promise<T>) => Promise<T>;
  /** The studio's preview: an unpublished course too (never memoised, so it cannot reach the storefront). */
  includeUnpublished?: boolean;
}

export type InstructorRecord = Awaited<ReturnType<typeof q.selectInstructor>>[number];

/** The instructor as shown: the bio sanitised. */
const sanitisedInstructor = (row: InstructorRecord): InstructorRecord => ({ ...row, bio: sanitizeRichText(row.bio) });

/** The part of a course page that is the same for every viewer in a region; per-viewer access is added on top. */
async function loadCourseContent(db: Database, slug: string, region: Region, includeUnpublished = false) {
  const course = await q.selectCourseBySlug(db, slug, region, includeUnpublished);
  if (!course) throw AppError.notFound('Course not found.');
  const [sections, lessonRows, resources, enrolled] = await Promise.all([
    q.selectSections(db, course.id),
    q.selectLessons(db, course.id),
    q.selectResources(db, course.id),
    enrolledCount(db, course.id),
  ]);
  const sectionOrder = new Map(sections.map((s, index) => [s.id, index]));
  const lessons = [...lessonRows]
    .sort((a, b) => (sectionOrder.get(a.sectionId) ?? 0) - (sectionOrder.get(b.sectionId) ?? 0))
    .map((row) => ({ ...row, lessonContent: row.lessonContent ? sanitizeRichText(row.lessonContent) : null }));
  // A course without quizzes costs no query for them.
  const quizzes = lessons.some((l) => l.lessonType === 'quiz') ? await publicQuizzesOfCourse(db, course.id) : new Map<number, PublicQuiz>();
  return {
    course,
    totalEnrolled: course.enrolledBaseline + enrolled,
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

type CourseContent = Awaited<ReturnType<typeof loadCourseContent>>;

/** A lesson as this viewer gets it: locked content already removed, the resource link signed only when open. */
export type CourseDetailLesson = CourseContent['lessons'][number] & {
  globalOrder: number;
  open: boolean;
  /** When a drip schedule holds the lesson back for this viewer, when it opens. */
  availableAt: Date | null;
  completed: boolean;
  resourceLink: { resourceId: number; expires: number; signature: string } | null;
  /** A quiz lesson's questions (no answers) with the viewer's attempts, only when the viewer may open it. */
  quiz: (PublicQuiz & { attemptsUsed: number }) | null;
};

export interface CourseDetailRecord {
  region: Region;
  course: CourseContent['course'];
  totalEnrolled: number;
  courseDescription: string;
  instructor: InstructorRecord;
  sections: Array<CourseContent['sections'][number] & { lessons: CourseDetailLesson[] }>;
  access: CourseAccess['reason'];
  status: CourseStatus;
  completedTotal: number;
  progress: number;
}

/**
 * The quizzes a viewer gets in the course detail: only those whose lesson they may open, each with
 * the attempts they used (one query, none when no quiz is open to them).
 */
async function viewerQuizzes(db: Database, viewer: Viewer | undefined, quizzes: Map<number, PublicQuiz>, mayOpen: (lessonId: number) => boolean) {
  const open = [...quizzes.keys()].filter(mayOpen);
  const used = viewer && open.length ? await quizAttemptsUsed(db, viewer.userId, open) : new Map<number, number>();
  return (lessonId: number) => {
    const quiz = open.includes(lessonId) ? quizzes.get(lessonId) : undefined;
    return quiz ? { ...quiz, attemptsUsed: used.get(lessonId) ?? 0 } : null;
  };
}

/**
 * The course page and the lesson player read this. A lesson's video source, article body and
 * resource link are kept only when the access module says the viewer may open it. The read is a
 * fixed number of queries.
 */
export async function getCourseDetail(options: CourseDetailOptions): Promise<CourseDetailRecord> {
  const { db, slug, region, viewer } = options;
  const memo = (!options.includeUnpublished && options.memo) || (<T>(_key: string, load: () => Promise<T>) => load());
  const {
    course,
    totalEnrolled,
    courseDescription,
    instructor,
    sections,
    lessons: lessonRows,
    resources,
    quizzes,
  } = await memo(`course-content:${region}:${slug}`, () => loadCourseContent(db, slug, region, options.includeUnpublished));
  const scheduled = [...sections, ...lessonRows].some((row) => row.availableAfterDays !== null || row.availableFrom !== null);
  const now = new Date();
  const { access, completed } = await accessWithProgress(db, viewer, course.id, { now, scheduled });

  // Progress belongs to the enrolment and is shown even when access has lapsed.
  const enrolled = access.enrolment !== null;
  const expires = Date.now() + (options.resourceLinkTtlMs ?? 15 * 60 * 1000);
  const resourceByLesson = new Map(resources.map((r) => [r.lessonId, r]));
  // The access module's answer for each lesson (a drip schedule counts with its section's).
  const sectionSchedules = new Map(sections.map((s) => [s.id, s]));
  const states = new Map(
    lessonRows.map((row) => {
      const section = sectionSchedules.get(row.sectionId);
      return [row.id, lessonState(access, { ...row, schedules: section ? [row, section] : [row] }, now)];
    }),
  );
  const quizFor = await viewerQuizzes(db, viewer, quizzes, (lessonId) => states.get(lessonId)?.open ?? false);

  const lessonsBySection = new Map<number, CourseDetailLesson[]>();
  lessonRows.forEach((row, index) => {
    const { open, availableAt } = states.get(row.id)!;
    const resource = resourceByLesson.get(row.id);
    const lesson: CourseDetailLesson = {
      ...row,
      videoSource: open ? row.videoSource : null,
      lessonContent: open ? row.lessonContent : null,
      globalOrder: index + 1,
      open,
      availableAt,
      completed: enrolled && completed.has(row.id),
      resourceLink:
        open && resource ? { resourceId: resource.id, expires, signature: sign(options.signingSecret, RESOURCE_PURPOSE, String(resource.id), expires) } : null,
      quiz: quizFor(row.id),
    };
    const list = lessonsBySection.get(row.sectionId) ?? [];
    list.push(lesson);
    lessonsBySection.set(row.sectionId, list);
  });

  const totalLessons = lessonRows.length;
  const status: CourseStatus = access.enrolment?.status ?? 'not enrolled';
  // A course finished through 'Complete Course' counts every lesson, as the student's course list does.
  const completedTotal = status === 'completed' ? lessonRows.length : enrolled ? lessonRows.filter((l) => completed.has(l.id)).length : 0;

  return {
    region,
    course,
    totalEnrolled,
    courseDescription,
    instructor,
    sections: sections.map((s) => ({ ...s, lessons: lessonsBySection.get(s.id) ?? [] })),
    access: access.reason,
    status,
    completedTotal,
    progress: progressPercent(status, completedTotal, totalLessons),
  };
}

export async function getInstructor(db: Database): Promise<InstructorRecord> {
  const [row] = await q.selectInstructor(db);
  if (!row) throw AppError.notFound('Instructor not found.');
  return sanitisedInstructor(row);
}

/** Where messages for the instructor go when INSTRUCTOR_EMAIL is not configured. */
export function getInstructorEmail(db: Database): Promise<string | undefined> {
  return q.selectInstructorEmail(db);
}

export interface ReviewPage {
  page: number;
  pageSize: number;
  count: number;
  rows: Awaited<ReturnType<typeof q.selectClientReviews>>;
}

export async function listClientReviews(db: Database, page: number, pageSize: number): Promise<ReviewPage> {
  const rows = await q.selectClientReviews(db, pageSize, (page - 1) * pageSize);
  return { page, pageSize, count: rows[0]?.total ?? 0, rows };
}

export type MembershipPlanRecord = Awaited<ReturnType<typeof q.selectPlans>>[number];

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

export type RoadmapRecord = Array<{ position: number; timeEstimate: string; note: string; course: CourseListRow }>;

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
