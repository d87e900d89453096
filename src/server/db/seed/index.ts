/**
 * The demo catalog seeded into an empty database, and a synthetic catalog for benchmarks.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { asc, like, sql } from 'drizzle-orm';
import { demoFigures } from '../../../shared/figures.js';
import { categories as categoriesTable, courseRatings, courses, enrolments, instructors, lessonProgress, siteSettings, users } from '../schema/index.js';
import type { Db } from '../client.js';
import { insertBundle } from './bundles.js';
import { seedDemoProjects } from './projects.js';
import {
  insertCategory,
  insertClientReviews,
  insertCoupon,
  insertCourse,
  insertInstructor,
  insertPlan,
  insertRoadmapStep,
  type CourseInput,
  type LessonInput,
  type QuizInput,
  type RegionPrices,
  type SectionInput,
} from './factories.js';
import {
  bundles,
  categories,
  clientReviews,
  coupons,
  courseCover,
  demoCourses,
  demoReviewPool,
  demoStudents,
  instructor,
  plans,
  roadmap,
  type CourseSpec,
  type LessonEntry,
  type ResourceRef,
} from './content/index.js';

/** Folder holding the demo lessons' downloadable files; resource storage paths are relative to it. */
export const seedFilesDir = fileURLToPath(new URL('./files/', import.meta.url));
/** The web root for images referenced by the catalog (`/media/...` maps to this folder). */
export const publicMediaDir = fileURLToPath(new URL('../../../../public/media/', import.meta.url));

/** Absolute path of a seed resource file, refusing anything that escapes the folder. */
export function resolveSeedFile(storagePath: string): string {
  const resolved = path.resolve(seedFilesDir, storagePath);
  const root = path.resolve(seedFilesDir);
  if (resolved !== root && !resolved.startsWith(root + path.sep)) throw new Error(`Seed file outside ${root}: ${storagePath}`);
  return resolved;
}

/** 'mm:ss' or 'h:mm:ss' to seconds. */
export function parsePlayback(value: string): number {
  const parts = value.split(':').map((p) => Number(p));
  if (parts.length < 2 || parts.length > 3 || parts.some((p) => !Number.isInteger(p) || p < 0)) {
    throw new Error(`Bad playback time '${value}'`);
  }
  return parts.reduce((total, part) => total * 60 + part, 0);
}

function isTuple(entry: LessonEntry): entry is readonly [string, string] {
  return Array.isArray(entry);
}

function resourceInput(ref: ResourceRef) {
  return { ...ref, sizeBytes: statSync(resolveSeedFile(ref.storagePath)).size };
}

/** Turns a content spec into factory input: video sources from the pool, previews, resource sizes. */
export function buildCourseInput(spec: CourseSpec, ids: { categoryId: number; instructorId: number; position: number }): CourseInput {
  let lessonIndex = 0;
  let videoIndex = 0;
  const nextVideo = () => {
    const source = spec.videoPool[videoIndex % spec.videoPool.length];
    videoIndex += 1;
    if (!source) throw new Error(`Course '${spec.slug}' has an empty video pool`);
    return source;
  };
  const sections: SectionInput[] = spec.sections.map((section) => ({
    title: section.title,
    lessons: section.lessons.map((entry): LessonInput => {
      const preview = lessonIndex < spec.previewCount;
      lessonIndex += 1;
      if (isTuple(entry)) {
        return { title: entry[0], type: 'Video', videoSource: nextVideo(), durationSeconds: parsePlayback(entry[1]), preview };
      }
      if ('quiz' in entry) return { title: entry.title, type: 'quiz', quiz: entry.quiz, durationSeconds: parsePlayback(entry.time), preview: false };
      const lesson: LessonInput = entry.article
        ? { title: entry.title, type: 'Article', content: entry.article.trim(), durationSeconds: parsePlayback(entry.time), preview }
        : { title: entry.title, type: 'Video', videoSource: entry.video ?? nextVideo(), durationSeconds: parsePlayback(entry.time), preview };
      if (entry.resource) lesson.resource = resourceInput(entry.resource);
      return lesson;
    }),
  }));
  return {
    slug: spec.slug,
    title: spec.title,
    subtitle: spec.subtitle,
    courseImage: courseCover(spec.slug),
    complexity: spec.complexity,
    courseType: spec.courseType,
    categoryId: ids.categoryId,
    instructorId: ids.instructorId,
    promoVideo: spec.promoVideo,
    courseDescription: spec.description.trim(),
    whatYouWillLearn: spec.whatYouWillLearn,
    targetAudience: spec.targetAudience,
    enrolledBaseline: spec.enrolledBaseline,
    position: ids.position,
    sections,
    ...(spec.prices ? { prices: spec.prices } : {}),
  };
}

/** True when there is no course row at all. */
export async function isCatalogEmpty(db: Db): Promise<boolean> {
  const rows = await db.select({ id: courses.id }).from(courses).limit(1);
  return rows.length === 0;
}

/** Serialises concurrent seeders (two processes booting on one empty database). */
const SEED_LOCK_KEY = 7_345_112;

/**
 * Seeds the demo catalog: instructor, categories, 13 courses, a bundle of two, reviews, plans, coupons, the
 * roadmap and the home and subscribe pages' figures as the spec shows them, in one transaction.
 * Every row is marked `is_demo` (the demo students too, and so everything they did), which is how
 * the studio's 'Remove the demo content' finds it. Does nothing when any course already exists.
 * `production` is required so that no caller can forget it: a live shop never gets the public 100% coupon.
 */
export async function seedDemo(db: Db, options: { production: boolean }): Promise<void> {
  if (!(await isCatalogEmpty(db))) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    if (!(await isCatalogEmpty(tx))) return;

    const { id: instructorId } = await insertInstructor(tx, { ...instructor, isDemo: true });
    const categoryIds = new Map<string, number>();
    for (const category of categories) {
      const { id } = await insertCategory(tx, { categoryName: category.categoryName, slug: category.slug, isDemo: true });
      categoryIds.set(category.slug, id);
    }

    const courseIds = new Map<string, number>();
    const inserted: SeededCourse[] = [];
    for (const [index, spec] of demoCourses.entries()) {
      const categoryId = categoryIds.get(spec.category);
      if (categoryId === undefined) throw new Error(`Unknown category '${spec.category}' for '${spec.slug}'`);
      const course = await insertCourse(tx, { ...buildCourseInput(spec, { categoryId, instructorId, position: index + 1 }), isDemo: true });
      courseIds.set(spec.slug, course.id);
      inserted.push({ id: course.id, courseType: spec.courseType, lessonIds: course.lessonIds });
    }
    await seedDemoReviews(tx, inserted);
    await seedDemoProjects(tx, courseIds, instructor.name);

    await insertClientReviews(
      tx,
      clientReviews.map((review) => ({ ...review, isDemo: true })),
    );
    for (const plan of plans) await insertPlan(tx, { ...plan, isDemo: true });
    // A public 100% coupon is a demo convenience, never something a live shop should carry.
    for (const coupon of coupons) if (!(options.production && coupon.discountPercentage >= 100)) await insertCoupon(tx, { ...coupon, isDemo: true });
    for (const [index, bundle] of bundles.entries()) {
      const bundleCourseIds = bundle.courses.map((slug) => {
        const id = courseIds.get(slug);
        if (id === undefined) throw new Error(`Bundle '${bundle.slug}' names unknown course '${slug}'`);
        return id;
      });
      await insertBundle(tx, {
        slug: bundle.slug,
        title: bundle.title,
        description: bundle.description,
        coverImage: bundle.cover,
        status: 'published',
        courseIds: bundleCourseIds,
        prices: bundle.prices,
        position: index + 1,
        isDemo: true,
      });
    }
    for (const [index, step] of roadmap.entries()) {
      const courseId = courseIds.get(step.slug);
      if (courseId === undefined) throw new Error(`Roadmap step refers to unknown course '${step.slug}'`);
      await insertRoadmapStep(tx, { position: index + 1, courseId, timeEstimate: step.timeEstimate, note: step.note, isDemo: true });
    }
    // The spec's marketing figures ('10+ Online Courses', '75K+ Online Students' ...), as the demo's: the
    // studio shows them as such, and without them each figure is what the database knows.
    await tx
      .insert(siteSettings)
      .values(Object.entries(demoFigures).map(([key, value]) => ({ key, value, isDemo: true })))
      .onConflictDoNothing();
  });
}

interface SeededCourse {
  id: number;
  courseType: 'free' | 'paid';
  lessonIds: number[];
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The demo students and their reviews: each reviewer is enrolled in the course (free courses as a
 * free enrolment, paid ones granted by the instructor), has completed its first lessons, and rated
 * it, all in the past. The courses' figures are then computed from those rows, as the reviews
 * module does after every write: no course carries a number without its reviews.
 */
async function seedDemoReviews(tx: Db, seeded: SeededCourse[]): Promise<void> {
  const now = Date.now();
  const joined = new Date(now - 420 * DAY_MS);
  const students = await tx
    .insert(users)
    .values(
      demoStudents.map((fullName, i) => {
        const handle = `${fullName.toLowerCase().replace(/[^a-z]+/g, '.')}.${i + 1}`;
        return {
          username: `demo-student-${i + 1}`,
          email: `${handle}@students.example.com`,
          fullName,
          isVerified: true,
          isDemo: true,
          createdAt: joined,
          updatedAt: joined,
        };
      }),
    )
    .returning({ id: users.id });
  for (const [i, course] of seeded.entries()) {
    const reviewers = 5 + ((i * 7) % 8);
    for (let k = 0; k < reviewers; k += 1) {
      const student = students[(i * 5 + k * 7) % students.length]!;
      const entry = demoReviewPool[(i * 11 + k * 5) % demoReviewPool.length]!;
      const reviewedAt = new Date(now - (12 + ((i * 37 + k * 53) % 330)) * DAY_MS);
      const enrolledAt = new Date(reviewedAt.getTime() - (3 + ((i + k) % 40)) * DAY_MS);
      const done = course.lessonIds.slice(0, 1 + ((i + k) % 5));
      await tx.insert(enrolments).values({
        userId: student.id,
        courseId: course.id,
        source: course.courseType === 'free' ? 'free' : 'admin',
        courseStatus: 'in_progress',
        createdAt: enrolledAt,
      });
      await tx.insert(lessonProgress).values(
        done.map((lessonId, n) => ({
          userId: student.id,
          courseId: course.id,
          lessonId,
          completedAt: new Date(enrolledAt.getTime() + ((n + 1) * DAY_MS) / 2),
        })),
      );
      await tx
        .insert(courseRatings)
        .values({ courseId: course.id, userId: student.id, rating: entry.rating, review: entry.review, createdAt: reviewedAt, updatedAt: reviewedAt });
    }
  }
  await tx.execute(sql`
    update courses set
      rating_average = coalesce((select round(avg(r.rating), 1) from course_ratings r where r.course_id = courses.id and r.hidden_at is null), 0),
      rating_count = (select count(*) from course_ratings r where r.course_id = courses.id and r.hidden_at is null)`);
}

/**
 * The server's boot: the demo catalog into an empty database only when configured to (SEED_DEMO,
 * off with NODE_ENV=production unless set), and never the public 100% coupon in production.
 */
export async function seedOnBoot(db: Db, config: { seedDemo: boolean; isProduction: boolean }): Promise<boolean> {
  if (!config.seedDemo || !(await isCatalogEmpty(db))) return false;
  await seedDemo(db, { production: config.isProduction });
  return true;
}

// ---------------------------------------------------------------------------------------------
// Benchmark catalog

export interface BenchCatalogOptions {
  courses: number;
  /** Sections per course. */
  sections: number;
  /** Lessons per section. */
  lessons: number;
  /** The last lesson of each section a quiz, and each section after the first a week later than the one before. */
  quizzesAndDrip?: boolean;
}

const benchTopics = [
  'Setting up the project',
  'Core concepts',
  'Working with data',
  'Handling errors',
  'Writing tests',
  'Refactoring',
  'Performance tuning',
  'Security basics',
  'Deployment',
  'Monitoring',
  'Review and next steps',
  'Hands-on exercise',
];
const benchVideos = [
  'https://www.youtube.com/watch?v=rfscVS0vtbw',
  'https://vimeo.com/76979871',
  'https://www.youtube.com/watch?v=F5mRW0jo-U4',
  'https://vimeo.com/22439234',
];
const benchPrices: RegionPrices = {
  US: { amount: 4999, regularAmount: 8999 },
  IN: { amount: 349900, regularAmount: 599900 },
  GB: { amount: 3999, regularAmount: 6999 },
  EU: { amount: 4499, regularAmount: 7999 },
};
const complexities = ['Beginner', 'Intermediate', 'Advanced'] as const;

/** A bench quiz: five questions of each kind, four options where there is a choice. */
function benchQuiz(topic: string): QuizInput {
  const kinds = ['single', 'multiple', 'true_false', 'single', 'multiple'] as const;
  return {
    passPercent: 80,
    maxAttempts: 3,
    questions: kinds.map((kind, q) => ({
      prompt: `Question ${q + 1} about ${topic.toLowerCase()}`,
      kind,
      explanation: `Why answer ${q + 1} holds for ${topic.toLowerCase()}.`,
      options:
        kind === 'true_false'
          ? [{ text: 'True', correct: true }, { text: 'False' }]
          : Array.from({ length: 4 }, (_, o) => ({ text: `Option ${o + 1}`, correct: o === 0 || (kind === 'multiple' && o === 2) })),
    })),
  };
}

function benchCourseInput(n: number, opts: BenchCatalogOptions, ids: { categoryId: number; instructorId: number }): CourseInput {
  const paid = n % 2 === 0;
  const sections: SectionInput[] = Array.from({ length: opts.sections }, (_, s) => ({
    title: `Section ${s + 1}: ${benchTopics[s % benchTopics.length] ?? 'Topics'}`,
    // A weekly drip: the first section at once, each next one a week later.
    ...(opts.quizzesAndDrip && s > 0 ? { release: { afterDays: 7 * s } } : {}),
    lessons: Array.from({ length: opts.lessons }, (_, l): LessonInput => {
      const global = s * opts.lessons + l;
      const topic = benchTopics[(s + l) % benchTopics.length] ?? 'Practice';
      const title = `Lesson ${s + 1}.${l + 1}: ${topic}`;
      const durationSeconds = 180 + ((n * 97 + global * 53) % 1320);
      const preview = global === 0;
      // The last lesson of each section is its quiz: ten quizzes in a course of 10 × 10.
      if (opts.quizzesAndDrip && l === opts.lessons - 1 && opts.lessons > 1)
        return { title: `Quiz: ${topic}`, type: 'quiz', durationSeconds: 300, quiz: benchQuiz(topic) };
      if (l % 6 === 5) {
        return {
          title,
          type: 'Article',
          content: `<p>Notes for ${title.toLowerCase()} in Bench Course ${n}.</p><pre><code>print("section ${s + 1}, lesson ${l + 1}")</code></pre>`,
          durationSeconds,
          preview,
        };
      }
      return { title, type: 'Video', videoSource: benchVideos[global % benchVideos.length] ?? null, durationSeconds, preview };
    }),
  }));
  return {
    slug: `bench-course-${n}`,
    title: `Bench Course ${n}`,
    subtitle: `A generated course with ${opts.sections} sections of ${opts.lessons} lessons, used for load testing.`,
    complexity: complexities[n % complexities.length] ?? 'Beginner',
    courseType: paid ? 'paid' : 'free',
    categoryId: ids.categoryId,
    instructorId: ids.instructorId,
    promoVideo: benchVideos[0] ?? null,
    courseDescription: `<p>Bench Course ${n} is synthetic content for performance tests.</p><p>It has <strong>${opts.sections * opts.lessons}</strong> lessons.</p>`,
    whatYouWillLearn: ['How the catalog performs under load', 'Realistic course sizes', 'Pagination and caching behaviour'],
    targetAudience: ['Benchmarks and load tests'],
    enrolledBaseline: 100 * n,
    position: 1000 + n,
    sections,
    ...(paid ? { prices: benchPrices } : {}),
  };
}

/**
 * Adds `courses` synthetic courses ('Bench Course N', slug 'bench-course-N', every second one paid),
 * each with `sections` sections of `lessons` lessons (with `quizzesAndDrip`, the last of each section
 * a quiz and every section after the first dripped a week after the one before), plus an instructor and category when none exist.
 * Numbering continues after any bench courses already present.
 */
export async function seedBenchCatalog(db: Db, opts: BenchCatalogOptions): Promise<{ courseIds: number[] }> {
  for (const key of ['courses', 'sections', 'lessons'] as const) {
    if (!Number.isInteger(opts[key]) || opts[key] < 0) throw new Error(`seedBenchCatalog: ${key} must be a non-negative integer`);
  }
  return db.transaction(async (tx) => {
    const [existingInstructor] = await tx.select({ id: instructors.id }).from(instructors).orderBy(asc(instructors.id)).limit(1);
    const instructorId = existingInstructor?.id ?? (await insertInstructor(tx, instructor)).id;
    const [existingCategory] = await tx.select({ id: categoriesTable.id }).from(categoriesTable).orderBy(asc(categoriesTable.id)).limit(1);
    const categoryId = existingCategory?.id ?? (await insertCategory(tx, { categoryName: 'Programming', slug: 'programming' })).id;

    const existing = await tx.select({ slug: courses.slug }).from(courses).where(like(courses.slug, 'bench-course-%'));
    const start = existing.reduce((max, r) => Math.max(max, Number(r.slug.slice('bench-course-'.length)) || 0), 0) + 1;

    const courseIds: number[] = [];
    for (let n = start; n < start + opts.courses; n += 1) {
      const { id } = await insertCourse(tx, benchCourseInput(n, opts, { categoryId, instructorId }));
      courseIds.push(id);
    }
    return { courseIds };
  });
}

/**
 * `count` orders (one course each, newest first a minute apart, mostly paid) from 1,000 generated
 * buyers, written with set-based SQL so 100,000 take seconds: the studio's order list at scale.
 * With them, a shop of that size's other lists: `count / 10` students ('bench-student-N', one in
 * three unverified, one in fifty blocked) and `count / 50` memberships of theirs with a charge each.
 */
export async function seedBenchOrders(db: Db, opts: { count: number; courseIds: number[] }): Promise<void> {
  if (!opts.courseIds.length) throw new Error('seedBenchOrders: needs courses');
  const courseIds = sql.raw(`array[${opts.courseIds.map((id) => Math.trunc(id)).join(',')}]`);
  await db.execute(sql`
    insert into users (username, email, full_name)
    select 'bench-buyer-' || g, 'bench-buyer-' || g || '@example.com', 'Bench Buyer ' || g
    from generate_series(1, 1000) g
    on conflict do nothing`);
  await db.execute(sql`
    with buyers as (select array_agg(id order by id) ids from users where username like 'bench-buyer-%')
    insert into orders (order_number, user_id, status, payment_method, region, currency, subtotal, total,
                        full_name, email, phone_number, address_line_1, country, state, city, pin_code, created_at, paid_at)
    select 'BENCH-' || g, buyers.ids[1 + g % array_length(buyers.ids, 1)],
           (array['Paid','Paid','Paid','Pending','Failed','Refunded'])[1 + g % 6], 'Stripe', 'US', 'USD', 4900, 4900,
           'Bench Buyer', 'bench-buyer-' || (1 + g % 1000) || '@example.com', '+1 415 555 0100', '1 Bench St', 'United States',
           'California', 'San Francisco', '94105', now() - g * interval '1 minute', now() - g * interval '1 minute'
    from generate_series(1, ${opts.count}) g, buyers`);
  await db.execute(sql`
    insert into order_items (order_id, course_id, price, regular_price)
    select o.id, (${courseIds})[1 + o.id % ${opts.courseIds.length}], 4900, 9900
    from orders o where o.order_number like 'BENCH-%'
    on conflict do nothing`);
  // A refunded order has its refund (whole, at its payment's time).
  await db.execute(sql`
    insert into order_refunds (order_id, amount, currency, status, provider, created_at, refunded_at)
    select o.id, o.total, o.currency, 'succeeded', 'stripe', o.paid_at, o.paid_at
    from orders o
    where o.order_number like 'BENCH-%' and o.status = 'Refunded' and not exists (select 1 from order_refunds r where r.order_id = o.id)`);
  const students = Math.floor(opts.count / 10);
  const members = Math.floor(opts.count / 50);
  await db.execute(sql`
    insert into users (username, email, full_name, is_verified, blocked_at, created_at)
    select 'bench-student-' || g, 'bench-student-' || g || '@example.com', 'Bench Student ' || g, g % 3 <> 0,
           case when g % 50 = 0 then now() end, now() - g * interval '7 minutes'
    from generate_series(1, ${students}) g
    on conflict do nothing`);
  if (!members) return;
  await db.execute(sql`
    insert into plans (name, plan_type, description, features, is_active)
    select 'Bench seed ' || t, t, 'Bench plan', '[]'::jsonb, false from unnest(array['monthly', 'yearly', 'lifetime']) t
    where not exists (select 1 from plans where name like 'Bench seed %')`);
  await db.execute(sql`
    with p as (select array_agg(id order by id) ids from plans where name like 'Bench seed %'),
         s as (select array_agg(id order by id) ids from users where username like 'bench-student-%')
    insert into subscriptions (user_id, plan_id, status, payment_method, region, currency, amount, start_date, end_date, created_at, updated_at)
    select s.ids[1 + (g * 7) % array_length(s.ids, 1)], p.ids[1 + g % 3],
           (array['active', 'active', 'active', 'past_due', 'cancelled', 'expired'])[1 + g % 6],
           (array['stripe', 'razorpay', 'manual'])[1 + g % 3]::text, 'US', 'USD', 1900,
           now() - g * interval '30 minutes', case when g % 3 = 2 then null else now() - g * interval '30 minutes' + interval '30 days' end,
           now() - g * interval '30 minutes', now()
    from generate_series(1, ${members}) g, p, s`);
  await db.execute(sql`
    insert into subscription_transactions (subscription_id, user_id, plan_name, payment_method, currency, amount, status, transaction_id, occurred_at, created_at)
    select m.id, m.user_id, 'Bench', m.payment_method, m.currency, m.amount, 'active', 'bench-tx-' || m.id, m.created_at, m.created_at
    from subscriptions m join plans p on p.id = m.plan_id where p.name like 'Bench seed %' and m.payment_method <> 'manual'
    on conflict do nothing`);
}
