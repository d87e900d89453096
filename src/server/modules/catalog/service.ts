import {
  type CountryPrice,
  type CourseDetail,
  type CourseListItem,
  type CourseStatus,
  type Lesson,
  type MembershipPlan,
  type RoadmapStep,
  type Instructor,
} from '../../../shared/catalog.js';
import { formatDuration, formatPlayback } from '../../../shared/money.js';
import { progressPercent } from '../../../shared/progress.js';
import { applicablePrice, toMajor, type StoredPrice } from '../../../shared/pricing.js';
import { DEFAULT_REGION, regions, type Region } from '../../../shared/regions.js';
import type { Database, Tx } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { sanitizeRichText } from '../../lib/html.js';
import { sign } from '../../lib/signing.js';
import type { Viewer } from '../../http/auth.js';
import { accessWithProgress, canOpenLesson } from '../access/index.js';
import { enrolledCount } from '../learning/index.js';
import * as q from './queries.js';

/** The row's price in the visitor's region, else the default region's; a free course is 0. */
export function pickPrice(region: Region, own: StoredPrice | null, fallback: StoredPrice | null): CountryPrice {
  const chosen = applicablePrice(own, fallback);
  const code = (chosen?.region ?? (chosen ? DEFAULT_REGION : region)) as Region;
  const meta = regions[code] ?? regions[DEFAULT_REGION];
  return {
    amount: toMajor(chosen?.amount ?? 0),
    regular_amount: toMajor(chosen?.regularAmount ?? chosen?.amount ?? 0),
    symbol: meta.symbol,
    country: code,
    currency: meta.currency,
  };
}

function toListItem(region: Region, row: q.CourseListRow): CourseListItem {
  const seconds = row.totalSeconds ?? 0;
  return {
    id: row.id,
    uuid: row.uuid,
    slug: row.slug,
    title: row.title,
    subtitle: row.subtitle,
    course_image: row.courseImage,
    complexity: row.complexity,
    course_type: row.courseType,
    category_name: row.categoryName,
    total_video_duration: formatDuration(seconds),
    total_video_duration_seconds: seconds,
    total_lessons: row.totalLessons ?? 0,
    ratings: Number(row.ratingAverage),
    country_price: pickPrice(region, row.price, row.fallback),
  };
}

export async function listCourses(db: Database, region: Region, courseIds?: number[]): Promise<CourseListItem[]> {
  const rows = await q.selectCourseList(db, region, courseIds);
  return rows.map((row) => toListItem(region, row));
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
  return {
    course,
    totalEnrolled: course.enrolledBaseline + enrolled,
    courseDescription: sanitizeRichText(course.courseDescription),
    instructor: toInstructor(course.instructor),
    sections,
    lessons,
    resources,
  };
}

const RESOURCE_PURPOSE = 'resource';
export const resourceLinkPurpose = RESOURCE_PURPOSE;

/**
 * The course page and the lesson player read this. A lesson's video source, article body and
 * resource link are sent only when the access module says the viewer may open it. The read is a
 * fixed number of queries.
 */
export async function getCourseDetail(options: CourseDetailOptions): Promise<CourseDetail> {
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
  } = await memo(`course-content:${region}:${slug}`, () => loadCourseContent(db, slug, region, options.includeUnpublished));
  const { access, completed } = await accessWithProgress(db, viewer, course.id);

  // Progress belongs to the enrolment and is shown even when access has lapsed.
  const enrolled = access.enrolment !== null;
  const expiresAt = Date.now() + (options.resourceLinkTtlMs ?? 15 * 60 * 1000);
  const resourceByLesson = new Map(resources.map((r) => [r.lessonId, r]));
  const sectionUuid = new Map(sections.map((s) => [s.id, s.uuid]));

  const lessonsBySection = new Map<number, Lesson[]>();
  lessonRows.forEach((row, index) => {
    const open = canOpenLesson(access, row);
    const resource = resourceByLesson.get(row.id);
    const lesson: Lesson = {
      id: row.id,
      uuid: row.uuid,
      section_uuid: sectionUuid.get(row.sectionId) ?? '',
      global_order: index + 1,
      lesson_title: row.lessonTitle,
      lesson_type: row.lessonType,
      enable_preview: row.enablePreview,
      video_source: open ? row.videoSource : null,
      lesson_content: open ? row.lessonContent : null,
      upload_resource:
        open && resource
          ? `/api/v1/resources/${resource.id}/download/?expires=${expiresAt}&signature=${sign(options.signingSecret, RESOURCE_PURPOSE, String(resource.id), expiresAt)}`
          : null,
      video_playback_time: formatPlayback(row.durationSeconds),
      duration_seconds: row.durationSeconds,
      is_locked: !open,
      completed_status: enrolled && completed.has(row.id),
    };
    const list = lessonsBySection.get(row.sectionId) ?? [];
    list.push(lesson);
    lessonsBySection.set(row.sectionId, list);
  });

  const totalLessons = lessonRows.length;
  const status: CourseStatus = access.enrolment?.status ?? 'not enrolled';
  // A course finished through 'Complete Course' counts every lesson, as the student's course list does.
  const completedTotal = status === 'completed' ? lessonRows.length : enrolled ? lessonRows.filter((l) => completed.has(l.id)).length : 0;
  const base = toListItem(region, course);

  const detail: CourseDetail = {
    ...base,
    category: { id: course.categoryId, category_name: course.categoryName },
    total_enrolled: totalEnrolled,
    updated_at: course.updatedAt.toISOString(),
    language: course.language,
    promo_video: course.promoVideo,
    completed_total_lessons: completedTotal,
    student_progress: progressPercent(status, completedTotal, totalLessons),
    course_status: status,
    access: access.reason,
    course_description: courseDescription,
    what_you_learn: course.whatYouWillLearn,
    target_audience: course.targetAudience,
    rating_count: course.ratingCount,
    sections: sections.map((s) => {
      const list = lessonsBySection.get(s.id) ?? [];
      return {
        id: s.id,
        uuid: s.uuid,
        title: s.title,
        lessons: list,
        completed_lessons: list.filter((l) => l.completed_status).length,
        total_lessons: list.length,
        total_section_video_playback: formatDuration(list.reduce((sum, l) => sum + l.duration_seconds, 0)),
      };
    }),
    instructor,
  };
  return detail;
}

function toInstructor(row: Awaited<ReturnType<typeof q.selectInstructor>>[number]): Instructor {
  return {
    name: row.name,
    designation: row.designation,
    bio: sanitizeRichText(row.bio),
    profile_picture: row.profilePicture,
    facebook_link: row.facebookLink,
    linkedin_link: row.linkedinLink,
    github_link: row.githubLink,
    youtube_link: row.youtubeLink,
    instagram_link: row.instagramLink,
  };
}

export async function getInstructor(db: Database): Promise<Instructor> {
  const [row] = await q.selectInstructor(db);
  if (!row) throw AppError.notFound('Instructor not found.');
  return toInstructor(row);
}

/** Where messages for the instructor go when INSTRUCTOR_EMAIL is not configured. */
export function getInstructorEmail(db: Database): Promise<string | undefined> {
  return q.selectInstructorEmail(db);
}

export async function listClientReviews(db: Database, page: number, pageSize: number, baseUrl: string) {
  const rows = await q.selectClientReviews(db, pageSize, (page - 1) * pageSize);
  const count = rows[0]?.total ?? 0;
  const link = (p: number) => `${baseUrl}/api/v1/client-reviews/?page=${p}`;
  return {
    count,
    next: page * pageSize < count ? link(page + 1) : null,
    previous: page > 1 ? link(page - 1) : null,
    results: rows.map((r) => ({ id: r.id, name: r.name, company: r.company, client_thumb: r.clientThumb, rating: r.rating, review: r.review })),
  };
}

export async function listMembershipPlans(db: Database, region: Region): Promise<MembershipPlan[]> {
  const rows = await q.selectPlans(db, region);
  return rows.map((row) => {
    const price = pickPrice(region, row.price, row.fallback);
    return {
      id: row.id,
      name: row.name,
      plan_type: row.planType,
      country_price: {
        symbol: price.symbol,
        amount: price.amount,
        regular_amount: price.regular_amount,
        country_code: price.country,
        currency: price.currency,
      },
      subscription_data: { description: row.description, features: row.features },
    };
  });
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

export async function getRoadmap(db: Database, region: Region): Promise<RoadmapStep[]> {
  const steps = await q.selectRoadmap(db);
  const courses = await listCourses(
    db,
    region,
    steps.map((s) => s.courseId),
  );
  const byId = new Map(courses.map((c) => [c.id, c]));
  return steps.flatMap((step) => {
    const course = byId.get(step.courseId);
    return course ? [{ position: step.position, time_estimate: step.timeEstimate, note: step.note, course }] : [];
  });
}

export type CourseSummary = Awaited<ReturnType<typeof q.selectCourseSummaries>>[number];

/** Courses by id, published or not (a student keeps what they bought), with their lesson count: one query. */
export async function getCourseSummaries(db: Database | Tx, courseIds: number[]): Promise<Map<number, CourseSummary>> {
  const rows = await q.selectCourseSummaries(db, [...new Set(courseIds)]);
  return new Map(rows.map((r) => [r.id, r]));
}

export async function getCourseSummary(db: Database | Tx, courseId: number): Promise<CourseSummary | undefined> {
  return (await getCourseSummaries(db, [courseId])).get(courseId);
}

/** Ids of the courses whose title contains the text (for searching orders and enrolments by course). */
export function findCourseIdsByTitle(db: Database | Tx, text: string): Promise<number[]> {
  return q.selectCourseIdsByTitle(db, text);
}

/** A lesson by its public uuid: its course and whether it is a preview. */
export function findLesson(db: Database | Tx, uuid: string) {
  return q.selectLessonByUuid(db, uuid);
}

/** Lessons by id with their course and title. */
export async function getLessonsById(db: Database | Tx, lessonIds: number[]) {
  const rows = await q.selectLessonsById(db, [...new Set(lessonIds)]);
  return new Map(rows.map((r) => [r.id, r]));
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
