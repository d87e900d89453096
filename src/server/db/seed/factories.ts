/**
 * Typed insert helpers for the catalog: used by the demo seed, by tests and by the benchmark.
 * Every helper takes a Database or a transaction handle and returns the ids it inserted.
 * Child rows (sections, lessons, resources, prices) go in with multi-row inserts.
 */
import { eq } from 'drizzle-orm';
import { regionCodes, regions, type Region } from '../../../shared/regions.js';
import { placeholderCourseImage } from '../../../shared/uploads.js';
import type { Db } from '../client.js';
import { userFactsChanged } from '../../invalidation/user-facts.js';
import {
  categories,
  clientReviews,
  couponCourses,
  coupons,
  coursePrices,
  courseSections,
  courses,
  instructors,
  lessonResources,
  lessons,
  planPrices,
  plans,
  quizOptions,
  quizQuestions,
  quizzes,
  roadmapSteps,
  subscriptions,
} from '../schema/index.js';

export const PRICING_REGIONS = regionCodes;
export type PricingRegion = Region;

/** Minor units (cents, paise, pence). */
export interface PriceInput {
  amount: number;
  regularAmount: number;
}
export type RegionPrices = Record<PricingRegion, PriceInput>;

/** A price of 0 in every region: what a free course carries. */
export const FREE_PRICES: RegionPrices = {
  US: { amount: 0, regularAmount: 0 },
  IN: { amount: 0, regularAmount: 0 },
  GB: { amount: 0, regularAmount: 0 },
  EU: { amount: 0, regularAmount: 0 },
};

/** Postgres allows 65,535 bind parameters per statement; stay well under it. */
const MAX_ROWS_PER_INSERT = 1000;

function chunk<T>(rows: T[], size = MAX_ROWS_PER_INSERT): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

function priceRows<K extends string>(key: K, id: number, prices: RegionPrices) {
  return PRICING_REGIONS.map((region) => {
    const price = prices[region];
    if (!Number.isInteger(price.amount) || !Number.isInteger(price.regularAmount) || price.amount < 0 || price.regularAmount < 0) {
      throw new Error(`Prices are non-negative integers in minor units (got ${price.amount}/${price.regularAmount} for ${region})`);
    }
    return {
      [key]: id,
      region,
      currency: regions[region].currency,
      amount: price.amount,
      regularAmount: price.regularAmount,
    } as { [P in K]: number } & { region: PricingRegion; currency: string; amount: number; regularAmount: number };
  });
}

// ---------------------------------------------------------------------------------------------
// Categories and instructors

export interface CategoryInput {
  categoryName: string;
  slug: string;
  /** Seeded by the demo catalog (every factory below takes it): 'Remove the demo content' may delete it. */
  isDemo?: boolean;
}

export async function insertCategory(db: Db, input: CategoryInput): Promise<{ id: number }> {
  const [row] = await db.insert(categories).values(input).returning({ id: categories.id });
  if (!row) throw new Error('insertCategory: no row returned');
  return row;
}

export interface InstructorInput {
  name: string;
  designation: string;
  email: string;
  /** HTML */
  bio: string;
  profilePicture: string;
  facebookLink?: string | null;
  linkedinLink?: string | null;
  githubLink?: string | null;
  youtubeLink?: string | null;
  instagramLink?: string | null;
  isDemo?: boolean;
}

export async function insertInstructor(db: Db, input: InstructorInput): Promise<{ id: number }> {
  const [row] = await db
    .insert(instructors)
    .values({
      name: input.name,
      designation: input.designation,
      email: input.email,
      bio: input.bio,
      profilePicture: input.profilePicture,
      facebookLink: input.facebookLink ?? null,
      linkedinLink: input.linkedinLink ?? null,
      githubLink: input.githubLink ?? null,
      youtubeLink: input.youtubeLink ?? null,
      instagramLink: input.instagramLink ?? null,
      isDemo: input.isDemo ?? false,
    })
    .returning({ id: instructors.id });
  if (!row) throw new Error('insertInstructor: no row returned');
  return row;
}

// ---------------------------------------------------------------------------------------------
// Courses

export interface LessonResourceInput {
  fileName: string;
  /** Relative to the seed files folder (or the uploads folder for files added by the admin). */
  storagePath: string;
  contentType: string;
  sizeBytes: number;
}

export interface QuizInput {
  passPercent: number;
  maxAttempts: number | null;
  questions: Array<{ prompt: string; kind: 'single' | 'multiple' | 'true_false'; explanation?: string; options: Array<{ text: string; correct?: boolean }> }>;
}

/** A drip schedule: open `afterDays` days after the student's access began, or `from` (YYYY-MM-DD). */
export interface ReleaseInput {
  afterDays?: number;
  from?: string;
}

export interface LessonInput {
  title: string;
  release?: ReleaseInput;
  type: 'Video' | 'Article' | 'quiz';
  /** The questions, for quiz lessons. */
  quiz?: QuizInput;
  /** A YouTube or Vimeo address, for Video lessons. */
  videoSource?: string | null;
  /** HTML, for Article lessons. */
  content?: string | null;
  durationSeconds: number;
  preview?: boolean;
  resource?: LessonResourceInput;
}

export interface SectionInput {
  title: string;
  release?: ReleaseInput;
  lessons: LessonInput[];
}

export interface CourseInput {
  slug: string;
  title: string;
  subtitle?: string;
  courseImage?: string;
  complexity?: 'Beginner' | 'Intermediate' | 'Advanced';
  courseType: 'free' | 'paid';
  categoryId: number;
  instructorId: number;
  promoVideo?: string | null;
  /** HTML */
  courseDescription?: string;
  whatYouWillLearn?: string[];
  targetAudience?: string[];
  language?: string;
  /** One decimal, as a string: '4.8'. */
  enrolledBaseline?: number;
  position?: number;
  isPublished?: boolean;
  createdAt?: Date;
  updatedAt?: Date;
  sections?: SectionInput[];
  /** Minor units per region. Optional for free courses (0 everywhere); required for paid ones. */
  prices?: RegionPrices;
  isDemo?: boolean;
}

export interface InsertedCourse {
  id: number;
  uuid: string;
  sectionIds: number[];
  /** Every lesson id in course order (section by section). */
  lessonIds: number[];
  /** Lesson ids grouped by section, in the same order as `sectionIds`. */
  lessonIdsBySection: number[][];
  resourceIds: number[];
  priceIds: number[];
}

/** A cover that exists in public/media, for courses created without one (tests, benchmark). */
export const DEFAULT_COURSE_IMAGE = placeholderCourseImage;

export async function insertCourse(db: Db, input: CourseInput): Promise<InsertedCourse> {
  const prices = input.prices ?? (input.courseType === 'free' ? FREE_PRICES : undefined);
  if (!prices) throw new Error(`insertCourse: paid course '${input.slug}' needs prices in every region`);

  const [course] = await db
    .insert(courses)
    .values({
      slug: input.slug,
      title: input.title,
      subtitle: input.subtitle ?? '',
      courseImage: input.courseImage ?? DEFAULT_COURSE_IMAGE,
      complexity: input.complexity ?? 'Beginner',
      courseType: input.courseType,
      categoryId: input.categoryId,
      instructorId: input.instructorId,
      promoVideo: input.promoVideo ?? null,
      courseDescription: input.courseDescription ?? '',
      whatYouWillLearn: input.whatYouWillLearn ?? [],
      targetAudience: input.targetAudience ?? [],
      language: input.language ?? 'English',
      enrolledBaseline: input.enrolledBaseline ?? 0,
      position: input.position ?? 0,
      isPublished: input.isPublished ?? true,
      isDemo: input.isDemo ?? false,
      ...(input.createdAt ? { createdAt: input.createdAt } : {}),
      ...(input.updatedAt ? { updatedAt: input.updatedAt } : {}),
    })
    .returning({ id: courses.id, uuid: courses.uuid });
  if (!course) throw new Error('insertCourse: no row returned');

  const priceIds = (
    await db
      .insert(coursePrices)
      .values(priceRows('courseId', course.id, prices))
      .returning({ id: coursePrices.id })
  ).map((r) => r.id);

  const sections = input.sections ?? [];
  const result: InsertedCourse = {
    id: course.id,
    uuid: course.uuid,
    sectionIds: [],
    lessonIds: [],
    lessonIdsBySection: [],
    resourceIds: [],
    priceIds,
  };
  if (sections.length === 0) return result;

  // Sections: one insert; map ids back by position (RETURNING order is not a contract).
  const sectionRows = await db
    .insert(courseSections)
    .values(
      sections.map((s, i) => ({
        courseId: course.id,
        title: s.title,
        position: i + 1,
        availableAfterDays: s.release?.afterDays ?? null,
        availableFrom: s.release?.from ?? null,
      })),
    )
    .returning({ id: courseSections.id, position: courseSections.position });
  const sectionIdByPosition = new Map(sectionRows.map((r) => [r.position, r.id]));
  result.sectionIds = sections.map((_, i) => {
    const id = sectionIdByPosition.get(i + 1);
    if (id === undefined) throw new Error('insertCourse: section id missing');
    return id;
  });

  // Lessons: one insert for the whole course (chunked only for very large synthetic courses).
  const lessonValues = sections.flatMap((section, si) =>
    section.lessons.map((lesson, li) => {
      const sectionId = result.sectionIds[si];
      if (sectionId === undefined) throw new Error('insertCourse: section id missing');
      return {
        sectionId,
        courseId: course.id,
        lessonTitle: lesson.title,
        lessonType: lesson.type,
        videoSource: lesson.videoSource ?? null,
        lessonContent: lesson.content ?? null,
        durationSeconds: lesson.durationSeconds,
        enablePreview: lesson.preview ?? false,
        position: li + 1,
        availableAfterDays: lesson.release?.afterDays ?? null,
        availableFrom: lesson.release?.from ?? null,
      };
    }),
  );
  const lessonIdByKey = new Map<string, number>();
  for (const part of chunk(lessonValues)) {
    const rows = await db.insert(lessons).values(part).returning({ id: lessons.id, sectionId: lessons.sectionId, position: lessons.position });
    for (const r of rows) lessonIdByKey.set(`${r.sectionId}:${r.position}`, r.id);
  }
  result.lessonIdsBySection = sections.map((section, si) =>
    section.lessons.map((_, li) => {
      const id = lessonIdByKey.get(`${result.sectionIds[si]}:${li + 1}`);
      if (id === undefined) throw new Error('insertCourse: lesson id missing');
      return id;
    }),
  );
  result.lessonIds = result.lessonIdsBySection.flat();

  // Quizzes: their settings, then the questions and options of each.
  for (const [si, section] of sections.entries()) {
    for (const [li, lesson] of section.lessons.entries()) {
      if (!lesson.quiz) continue;
      const lessonId = result.lessonIdsBySection[si]?.[li];
      if (lessonId === undefined) throw new Error('insertCourse: lesson id missing');
      await insertQuiz(db, lessonId, lesson.quiz);
    }
  }

  // Resources: one insert for every lesson that carries a file.
  const resourceValues = sections.flatMap((section, si) =>
    section.lessons.flatMap((lesson, li) => {
      if (!lesson.resource) return [];
      const lessonId = result.lessonIdsBySection[si]?.[li];
      if (lessonId === undefined) throw new Error('insertCourse: lesson id missing');
      return [{ lessonId, ...lesson.resource }];
    }),
  );
  if (resourceValues.length > 0) {
    result.resourceIds = (await db.insert(lessonResources).values(resourceValues).returning({ id: lessonResources.id })).map((r) => r.id);
  }
  return result;
}

/** A quiz lesson's quiz: settings, questions in order, options in order. */
export async function insertQuiz(db: Db, lessonId: number, quiz: QuizInput): Promise<void> {
  await db.insert(quizzes).values({ lessonId, passPercent: quiz.passPercent, maxAttempts: quiz.maxAttempts });
  const questionRows = await db
    .insert(quizQuestions)
    .values(quiz.questions.map((q, i) => ({ lessonId, position: i + 1, prompt: q.prompt, kind: q.kind, explanation: q.explanation ?? null })))
    .returning({ id: quizQuestions.id, position: quizQuestions.position });
  const idByPosition = new Map(questionRows.map((r) => [r.position, r.id]));
  await db
    .insert(quizOptions)
    .values(
      quiz.questions.flatMap((q, i) =>
        q.options.map((o, position) => ({ questionId: idByPosition.get(i + 1)!, position: position + 1, text: o.text, correct: o.correct ?? false })),
      ),
    );
}

// ---------------------------------------------------------------------------------------------
// Site content

export interface ClientReviewInput {
  name: string;
  company: string;
  clientThumb: string;
  rating: number;
  review: string;
  position?: number;
  isDemo?: boolean;
}

export async function insertClientReview(db: Db, input: ClientReviewInput): Promise<{ id: number }> {
  const [row] = await db
    .insert(clientReviews)
    .values({ ...input, position: input.position ?? 0 })
    .returning({ id: clientReviews.id });
  if (!row) throw new Error('insertClientReview: no row returned');
  return row;
}

/** Several reviews in one statement; ids in input order. */
export async function insertClientReviews(db: Db, inputs: ClientReviewInput[]): Promise<{ ids: number[] }> {
  if (inputs.length === 0) return { ids: [] };
  const rows = await db
    .insert(clientReviews)
    .values(inputs.map((r, i) => ({ ...r, position: r.position ?? i + 1 })))
    .returning({ id: clientReviews.id, position: clientReviews.position });
  const idByPosition = new Map(rows.map((r) => [r.position, r.id]));
  return {
    ids: inputs.map((r, i) => {
      const id = idByPosition.get(r.position ?? i + 1);
      if (id === undefined) throw new Error('insertClientReviews: id missing');
      return id;
    }),
  };
}

export interface PlanInput {
  name: string;
  planType: 'monthly' | 'yearly' | 'lifetime';
  description: string;
  features: string[];
  prices: RegionPrices;
  position?: number;
  isActive?: boolean;
  isDemo?: boolean;
}

export async function insertPlan(db: Db, input: PlanInput): Promise<{ id: number; priceIds: number[] }> {
  const [plan] = await db
    .insert(plans)
    .values({
      name: input.name,
      planType: input.planType,
      description: input.description,
      features: input.features,
      position: input.position ?? 0,
      isActive: input.isActive ?? true,
      isDemo: input.isDemo ?? false,
    })
    .returning({ id: plans.id });
  if (!plan) throw new Error('insertPlan: no row returned');
  const priceIds = (
    await db
      .insert(planPrices)
      .values(priceRows('planId', plan.id, input.prices))
      .returning({ id: planPrices.id })
  ).map((r) => r.id);
  return { id: plan.id, priceIds };
}

export interface MembershipInput {
  userId: number;
  planType: 'monthly' | 'yearly' | 'lifetime';
  status?: 'pending' | 'active' | 'past_due' | 'cancelled' | 'expired' | 'failed';
  paymentMethod?: 'stripe' | 'razorpay' | 'manual';
  startDate?: Date;
  /** Defaults to one period after the start (none for lifetime). */
  endDate?: Date | null;
  graceUntil?: Date | null;
  autoRenew?: boolean;
  isCanceled?: boolean;
}

/** A membership row as the subscriptions module keeps it (tests, benchmark, demo data). */
export async function insertMembership(db: Db, input: MembershipInput): Promise<{ id: number }> {
  const [plan] = await db.select({ id: plans.id }).from(plans).where(eq(plans.planType, input.planType)).limit(1);
  if (!plan) throw new Error(`insertMembership: no ${input.planType} plan`);
  const start = input.startDate ?? new Date();
  const defaultEnd = input.planType === 'lifetime' ? null : new Date(start.getTime() + (input.planType === 'yearly' ? 365 : 30) * 24 * 60 * 60 * 1000);
  const [row] = await db
    .insert(subscriptions)
    .values({
      userId: input.userId,
      planId: plan.id,
      status: input.status ?? 'active',
      paymentMethod: input.paymentMethod ?? 'manual',
      region: 'US',
      currency: 'USD',
      amount: 0,
      startDate: start,
      endDate: input.endDate === undefined ? defaultEnd : input.endDate,
      graceUntil: input.graceUntil ?? null,
      autoRenew: input.autoRenew ?? input.planType !== 'lifetime',
      isCanceled: input.isCanceled ?? false,
    })
    .returning({ id: subscriptions.id });
  userFactsChanged(db, input.userId);
  return { id: row!.id };
}

export interface CouponInput {
  code: string;
  discountPercentage: number;
  expiresAt?: Date | null;
  maxUses?: number | null;
  maxUsesPerUser?: number | null;
  isActive?: boolean;
  usedCount?: number;
  /** When given, the coupon applies only to these courses. */
  courseIds?: number[];
  isDemo?: boolean;
}

export async function insertCoupon(db: Db, input: CouponInput): Promise<{ id: number }> {
  if (!Number.isInteger(input.discountPercentage) || input.discountPercentage < 1 || input.discountPercentage > 100) {
    throw new Error(`insertCoupon: discountPercentage must be an integer from 1 to 100 (got ${input.discountPercentage})`);
  }
  const [coupon] = await db
    .insert(coupons)
    .values({
      code: input.code,
      discountPercentage: input.discountPercentage,
      expiresAt: input.expiresAt ?? null,
      maxUses: input.maxUses ?? null,
      maxUsesPerUser: input.maxUsesPerUser ?? null,
      isActive: input.isActive ?? true,
      usedCount: input.usedCount ?? 0,
      isDemo: input.isDemo ?? false,
    })
    .returning({ id: coupons.id });
  if (!coupon) throw new Error('insertCoupon: no row returned');
  const courseIds = [...new Set(input.courseIds ?? [])];
  if (courseIds.length > 0) {
    await db.insert(couponCourses).values(courseIds.map((courseId) => ({ couponId: coupon.id, courseId })));
  }
  return coupon;
}

export interface RoadmapStepInput {
  position: number;
  courseId: number;
  /** '1-2 weeks' ... '8 weeks' */
  timeEstimate: string;
  note: string;
  isDemo?: boolean;
}

export async function insertRoadmapStep(db: Db, input: RoadmapStepInput): Promise<{ id: number }> {
  const [row] = await db.insert(roadmapSteps).values(input).returning({ id: roadmapSteps.id });
  if (!row) throw new Error('insertRoadmapStep: no row returned');
  return row;
}
