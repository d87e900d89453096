import { and, asc, eq, ilike, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Db } from '../../db/client.js';
import {
  categories,
  clientReviews,
  coursePrices,
  courseSections,
  courses,
  instructors,
  lessonResources,
  lessons,
  planPrices,
  plans,
  roadmapSteps,
} from '../../db/schema/index.js';
import { DEFAULT_REGION, type Region } from '../../../shared/regions.js';

const fallbackPrice = alias(coursePrices, 'fallback_price');

/** What the storefront shows of the instructor: on the course page and the home page alike. */
const instructorColumns = {
  name: instructors.name,
  designation: instructors.designation,
  bio: instructors.bio,
  profilePicture: instructors.profilePicture,
  facebookLink: instructors.facebookLink,
  linkedinLink: instructors.linkedinLink,
  githubLink: instructors.githubLink,
  youtubeLink: instructors.youtubeLink,
  instagramLink: instructors.instagramLink,
};

/** Lesson count and total duration per course (of the given courses only, when named). */
function lessonStats(db: Db, courseIds?: number[]) {
  return db
    .select({
      courseId: lessons.courseId,
      seconds: sql<number>`coalesce(sum(${lessons.durationSeconds}), 0)`.mapWith(Number).as('seconds'),
      count: sql<number>`count(*)`.mapWith(Number).as('count'),
    })
    .from(lessons)
    .where(courseIds ? inArray(lessons.courseId, courseIds) : undefined)
    .groupBy(lessons.courseId)
    .as('lesson_stats');
}

const courseColumns = {
  id: courses.id,
  uuid: courses.uuid,
  slug: courses.slug,
  title: courses.title,
  subtitle: courses.subtitle,
  courseImage: courses.courseImage,
  complexity: courses.complexity,
  courseType: courses.courseType,
  ratingAverage: courses.ratingAverage,
  ratingCount: courses.ratingCount,
  categoryId: categories.id,
  categoryName: categories.categoryName,
  price: { amount: coursePrices.amount, regularAmount: coursePrices.regularAmount, currency: coursePrices.currency, region: coursePrices.region },
  fallback: {
    amount: fallbackPrice.amount,
    regularAmount: fallbackPrice.regularAmount,
    currency: fallbackPrice.currency,
    region: fallbackPrice.region,
  },
};

/** Published courses with their price in `region` (falling back to the default region), in one query. */
export async function selectCourseList(db: Database, region: Region, courseIds?: number[]) {
  // Named courses (an order, the roadmap) aggregate their own lessons only, not the whole catalog's.
  const stats = lessonStats(db, courseIds);
  return db
    .select({ ...courseColumns, totalSeconds: stats.seconds, totalLessons: stats.count })
    .from(courses)
    .innerJoin(categories, eq(categories.id, courses.categoryId))
    .leftJoin(coursePrices, and(eq(coursePrices.courseId, courses.id), eq(coursePrices.region, region)))
    .leftJoin(fallbackPrice, and(eq(fallbackPrice.courseId, courses.id), eq(fallbackPrice.region, DEFAULT_REGION)))
    .leftJoin(stats, eq(stats.courseId, courses.id))
    .where(and(eq(courses.isPublished, true), courseIds ? inArray(courses.id, courseIds) : undefined))
    .orderBy(asc(courses.position), asc(courses.id));
}
export type CourseListRow = Awaited<ReturnType<typeof selectCourseList>>[number];

/** What a checkout prices of the named published courses: title, type and the region's price (with the default region's as fallback), nothing else. */
export function selectCoursesForPurchase(db: Db, region: Region, courseIds: number[]) {
  return db
    .select({ id: courses.id, title: courses.title, courseType: courses.courseType, price: courseColumns.price, fallback: courseColumns.fallback })
    .from(courses)
    .leftJoin(coursePrices, and(eq(coursePrices.courseId, courses.id), eq(coursePrices.region, region)))
    .leftJoin(fallbackPrice, and(eq(fallbackPrice.courseId, courses.id), eq(fallbackPrice.region, DEFAULT_REGION)))
    .where(and(eq(courses.isPublished, true), inArray(courses.id, courseIds)))
    .orderBy(asc(courses.position), asc(courses.id));
}

/** The course, its category, instructor and price: one query. */
export async function selectCourseBySlug(db: Database, slug: string, region: Region, includeUnpublished = false) {
  const stats = lessonStats(db);
  const [row] = await db
    .select({
      ...courseColumns,
      totalSeconds: stats.seconds,
      totalLessons: stats.count,
      promoVideo: courses.promoVideo,
      courseDescription: courses.courseDescription,
      whatYouWillLearn: courses.whatYouWillLearn,
      targetAudience: courses.targetAudience,
      language: courses.language,
      updatedAt: courses.updatedAt,
      enrolledBaseline: courses.enrolledBaseline,
      instructor: instructorColumns,
    })
    .from(courses)
    .innerJoin(categories, eq(categories.id, courses.categoryId))
    .innerJoin(instructors, eq(instructors.id, courses.instructorId))
    .leftJoin(coursePrices, and(eq(coursePrices.courseId, courses.id), eq(coursePrices.region, region)))
    .leftJoin(fallbackPrice, and(eq(fallbackPrice.courseId, courses.id), eq(fallbackPrice.region, DEFAULT_REGION)))
    .leftJoin(stats, eq(stats.courseId, courses.id))
    .where(and(eq(courses.slug, slug), includeUnpublished ? undefined : eq(courses.isPublished, true)))
    .limit(1);
  return row;
}

export function selectSections(db: Database, courseId: number) {
  return db
    .select({
      id: courseSections.id,
      uuid: courseSections.uuid,
      title: courseSections.title,
      availableAfterDays: courseSections.availableAfterDays,
      availableFrom: courseSections.availableFrom,
    })
    .from(courseSections)
    .where(eq(courseSections.courseId, courseId))
    .orderBy(asc(courseSections.position), asc(courseSections.id));
}

/** Every lesson of the course in curriculum order, with the protected columns the service may strip. */
export function selectLessons(db: Database, courseId: number) {
  return db
    .select({
      id: lessons.id,
      uuid: lessons.uuid,
      sectionId: lessons.sectionId,
      lessonTitle: lessons.lessonTitle,
      lessonType: lessons.lessonType,
      videoSource: lessons.videoSource,
      lessonContent: lessons.lessonContent,
      durationSeconds: lessons.durationSeconds,
      enablePreview: lessons.enablePreview,
      availableAfterDays: lessons.availableAfterDays,
      availableFrom: lessons.availableFrom,
    })
    .from(lessons)
    .where(eq(lessons.courseId, courseId))
    .orderBy(asc(lessons.position), asc(lessons.id));
}

export function selectResources(db: Database, courseId: number) {
  return db
    .select({ id: lessonResources.id, lessonId: lessonResources.lessonId, fileName: lessonResources.fileName })
    .from(lessonResources)
    .innerJoin(lessons, eq(lessons.id, lessonResources.lessonId))
    .where(eq(lessons.courseId, courseId));
}

export async function selectResource(db: Database, resourceId: number) {
  const [row] = await db
    .select({
      id: lessonResources.id,
      fileName: lessonResources.fileName,
      storagePath: lessonResources.storagePath,
      contentType: lessonResources.contentType,
      sizeBytes: lessonResources.sizeBytes,
    })
    .from(lessonResources)
    .where(eq(lessonResources.id, resourceId))
    .limit(1);
  return row;
}

/** Courses by id, published or not (a student keeps what they bought), with their lesson count. */
export async function selectCourseSummaries(db: Db, courseIds: number[]) {
  if (!courseIds.length) return [];
  const stats = lessonStats(db, courseIds);
  const rows = await db
    .select({
      id: courses.id,
      slug: courses.slug,
      title: courses.title,
      courseImage: courses.courseImage,
      courseType: courses.courseType,
      isPublished: courses.isPublished,
      totalLessons: stats.count,
    })
    .from(courses)
    .leftJoin(stats, eq(stats.courseId, courses.id))
    .where(inArray(courses.id, courseIds));
  return rows.map((row) => ({ ...row, totalLessons: row.totalLessons ?? 0 }));
}

/** Ids of the courses (published or not) whose title contains the text, case-insensitively. */
export async function selectCourseIdsByTitle(db: Db, text: string): Promise<number[]> {
  const rows = await db
    .select({ id: courses.id })
    .from(courses)
    .where(ilike(courses.title, `%${text}%`));
  return rows.map((r) => r.id);
}

/** A lesson by its uuid with its drip schedule and its section's. */
export async function selectLessonByUuid(db: Db, uuid: string) {
  const [row] = await db
    .select({
      id: lessons.id,
      courseId: lessons.courseId,
      enablePreview: lessons.enablePreview,
      lessonType: lessons.lessonType,
      title: lessons.lessonTitle,
      lesson: { availableAfterDays: lessons.availableAfterDays, availableFrom: lessons.availableFrom },
      section: { availableAfterDays: courseSections.availableAfterDays, availableFrom: courseSections.availableFrom },
    })
    .from(lessons)
    .innerJoin(courseSections, eq(courseSections.id, lessons.sectionId))
    .where(eq(lessons.uuid, uuid))
    .limit(1);
  return row;
}

export function selectLessonsById(db: Db, lessonIds: number[]) {
  if (!lessonIds.length) return Promise.resolve([]);
  return db.select({ id: lessons.id, courseId: lessons.courseId, title: lessons.lessonTitle }).from(lessons).where(inArray(lessons.id, lessonIds));
}

/** The lessons of these courses that a drip schedule (their own or their section's) may hold back, in curriculum order. */
export async function selectScheduledLessons(db: Db, courseIds?: number[]) {
  if (courseIds && !courseIds.length) return [];
  return db
    .select({
      id: lessons.id,
      courseId: lessons.courseId,
      title: lessons.lessonTitle,
      enablePreview: lessons.enablePreview,
      lesson: { availableAfterDays: lessons.availableAfterDays, availableFrom: lessons.availableFrom },
      section: { availableAfterDays: courseSections.availableAfterDays, availableFrom: courseSections.availableFrom },
    })
    .from(lessons)
    .innerJoin(courseSections, eq(courseSections.id, lessons.sectionId))
    .where(
      and(
        courseIds ? inArray(lessons.courseId, courseIds) : undefined,
        eq(lessons.enablePreview, false),
        or(
          isNotNull(lessons.availableAfterDays),
          isNotNull(lessons.availableFrom),
          isNotNull(courseSections.availableAfterDays),
          isNotNull(courseSections.availableFrom),
        ),
      ),
    )
    .orderBy(asc(lessons.courseId), asc(courseSections.position), asc(lessons.position), asc(lessons.id));
}

export function selectInstructor(db: Database) {
  return db.select(instructorColumns).from(instructors).orderBy(asc(instructors.id)).limit(1);
}

export async function selectInstructorEmail(db: Database): Promise<string | undefined> {
  const [row] = await db.select({ email: instructors.email }).from(instructors).orderBy(asc(instructors.id)).limit(1);
  return row?.email;
}

export function selectClientReviews(db: Database, limit: number, offset: number) {
  return db
    .select({
      id: clientReviews.id,
      name: clientReviews.name,
      company: clientReviews.company,
      clientThumb: clientReviews.clientThumb,
      rating: clientReviews.rating,
      review: clientReviews.review,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(clientReviews)
    .orderBy(asc(clientReviews.position), asc(clientReviews.id))
    .limit(limit)
    .offset(offset);
}

const fallbackPlanPrice = alias(planPrices, 'fallback_plan_price');

export function selectPlans(db: Database, region: Region) {
  return db
    .select({
      id: plans.id,
      name: plans.name,
      planType: plans.planType,
      description: plans.description,
      features: plans.features,
      price: { amount: planPrices.amount, regularAmount: planPrices.regularAmount, currency: planPrices.currency, region: planPrices.region },
      fallback: {
        amount: fallbackPlanPrice.amount,
        regularAmount: fallbackPlanPrice.regularAmount,
        currency: fallbackPlanPrice.currency,
        region: fallbackPlanPrice.region,
      },
    })
    .from(plans)
    .leftJoin(planPrices, and(eq(planPrices.planId, plans.id), eq(planPrices.region, region)))
    .leftJoin(fallbackPlanPrice, and(eq(fallbackPlanPrice.planId, plans.id), eq(fallbackPlanPrice.region, DEFAULT_REGION)))
    .where(eq(plans.isActive, true))
    .orderBy(asc(plans.position), asc(plans.id));
}

/** One active plan with its price in `region` and in the default region (for the fallback). */
export async function selectPlan(db: Database, planId: number, region: Region) {
  const [row] = await db
    .select({
      id: plans.id,
      name: plans.name,
      planType: plans.planType,
      price: {
        id: planPrices.id,
        amount: planPrices.amount,
        currency: planPrices.currency,
        region: planPrices.region,
        stripePriceId: planPrices.stripePriceId,
        razorpayPlanId: planPrices.razorpayPlanId,
      },
      fallback: {
        id: fallbackPlanPrice.id,
        amount: fallbackPlanPrice.amount,
        currency: fallbackPlanPrice.currency,
        region: fallbackPlanPrice.region,
        stripePriceId: fallbackPlanPrice.stripePriceId,
        razorpayPlanId: fallbackPlanPrice.razorpayPlanId,
      },
    })
    .from(plans)
    .leftJoin(planPrices, and(eq(planPrices.planId, plans.id), eq(planPrices.region, region)))
    .leftJoin(fallbackPlanPrice, and(eq(fallbackPlanPrice.planId, plans.id), eq(fallbackPlanPrice.region, DEFAULT_REGION)))
    .where(and(eq(plans.id, planId), eq(plans.isActive, true)))
    .limit(1);
  return row;
}

export async function selectPlanNames(db: Database) {
  return db.select({ id: plans.id, name: plans.name, planType: plans.planType, isActive: plans.isActive }).from(plans).orderBy(asc(plans.id));
}

export function selectRoadmap(db: Database) {
  return db
    .select({ position: roadmapSteps.position, courseId: roadmapSteps.courseId, timeEstimate: roadmapSteps.timeEstimate, note: roadmapSteps.note })
    .from(roadmapSteps)
    .orderBy(asc(roadmapSteps.position));
}

export function selectSitemapCourses(db: Database) {
  return db.select({ slug: courses.slug, updatedAt: courses.updatedAt }).from(courses).where(eq(courses.isPublished, true)).orderBy(asc(courses.position));
}

/** Used by tests and SEO: just enough to describe one course. */
export async function selectCourseMeta(db: Database, slug: string) {
  const [row] = await db
    .select({
      id: courses.id,
      slug: courses.slug,
      title: courses.title,
      subtitle: courses.subtitle,
      seoTitle: courses.seoTitle,
      seoDescription: courses.seoDescription,
      courseImage: courses.courseImage,
      complexity: courses.complexity,
      language: courses.language,
      ratingAverage: courses.ratingAverage,
      ratingCount: courses.ratingCount,
      courseType: courses.courseType,
      instructorName: instructors.name,
      updatedAt: courses.updatedAt,
    })
    .from(courses)
    .innerJoin(instructors, eq(instructors.id, courses.instructorId))
    .where(and(eq(courses.slug, slug), eq(courses.isPublished, true)))
    .limit(1);
  return row;
}

/** The course's rating figures, as the reviews module computed them in the same transaction. */
export async function updateCourseRating(db: Db, courseId: number, average: string, count: number): Promise<void> {
  await db.update(courses).set({ ratingAverage: average, ratingCount: count }).where(eq(courses.id, courseId));
}

/** What a course's certificate credential says about it: title, subtitle, instructor, and its lessons in order (published or not). */
export async function selectCourseForCredential(db: Db, courseId: number) {
  const [course] = await db
    .select({ id: courses.id, slug: courses.slug, title: courses.title, subtitle: courses.subtitle, instructorName: instructors.name })
    .from(courses)
    .innerJoin(instructors, eq(instructors.id, courses.instructorId))
    .where(eq(courses.id, courseId))
    .limit(1);
  if (!course) return undefined;
  const rows = await db
    .select({ title: lessons.lessonTitle })
    .from(lessons)
    .innerJoin(courseSections, eq(courseSections.id, lessons.sectionId))
    .where(eq(lessons.courseId, courseId))
    .orderBy(courseSections.position, lessons.position, lessons.id);
  return { ...course, lessons: rows.map((r) => r.title) };
}
