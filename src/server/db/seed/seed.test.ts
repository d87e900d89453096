import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, like } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '../client.js';
import { openMigratedDatabase } from '../../../../test/helpers.js';
import {
  categories,
  clientReviews,
  couponCourses,
  coupons,
  coursePrices,
  courseRatings,
  courseSections,
  courses,
  enrolments,
  instructors,
  lessonProgress,
  lessonResources,
  lessons,
  planPrices,
  plans,
  quizQuestions,
  roadmapSteps,
} from '../schema/index.js';
import { regions, type Region } from '../../../shared/regions.js';
import { courseImageSize } from '../../../shared/uploads.js';
import { imageFallbackPath } from '../../lib/images.js';
import { DEFAULT_COURSE_IMAGE, PRICING_REGIONS } from './factories.js';
import { loadConfig } from '../../config.js';
import { isCatalogEmpty, publicMediaDir, resolveSeedFile, seedBenchCatalog, seedDemo, seedOnBoot } from './index.js';

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const productionEnv = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), PUBLIC_URL: 'https://shop.example' };

const YOUTUBE = /^https:\/\/www\.youtube\.com\/watch\?v=[\w-]{11}$/;
const VIMEO = /^https:\/\/vimeo\.com\/\d+$/;

function mediaFile(publicPath: string): string {
  expect(publicPath).toMatch(/^\/media\//);
  return path.join(publicMediaDir, publicPath.slice('/media/'.length));
}

async function countRows(handle: DatabaseHandle) {
  const { db } = handle;
  const tables = {
    courses,
    courseSections,
    lessons,
    lessonResources,
    coursePrices,
    categories,
    instructors,
    clientReviews,
    plans,
    planPrices,
    coupons,
    couponCourses,
    roadmapSteps,
  };
  const out: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) out[name] = (await db.select().from(table)).length;
  return out;
}

describe('seedDemo', () => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await openMigratedDatabase();
    expect(await isCatalogEmpty(handle.db)).toBe(true);
    await seedDemo(handle.db, { production: false });
  }, 60_000);

  afterAll(async () => {
    await handle?.close();
  });

  it('creates 13 published courses, at least a third of them free', async () => {
    const rows = await handle.db.select().from(courses).orderBy(asc(courses.position));
    expect(rows).toHaveLength(13);
    expect(await isCatalogEmpty(handle.db)).toBe(false);
    const free = rows.filter((c) => c.courseType === 'free').length;
    expect(free * 3).toBeGreaterThanOrEqual(rows.length);
    expect(new Set(rows.map((c) => c.position)).size).toBe(13);
    for (const c of rows) {
      expect(c.isPublished).toBe(true);
      expect(c.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(c.title.length).toBeGreaterThan(10);
      expect(c.subtitle.length).toBeGreaterThan(20);
      expect(c.enrolledBaseline).toBeGreaterThanOrEqual(100);
      expect(c.whatYouWillLearn.length).toBeGreaterThanOrEqual(6);
      expect(c.whatYouWillLearn.length).toBeLessThanOrEqual(8);
      expect(c.targetAudience.length).toBeGreaterThanOrEqual(3);
      expect(c.targetAudience.length).toBeLessThanOrEqual(5);
      if (c.promoVideo !== null) expect(c.promoVideo).toMatch(YOUTUBE);
      // Descriptions use only the agreed tags.
      const tags = [...c.courseDescription.matchAll(/<\/?([a-z0-9]+)/g)].map((m) => m[1]);
      expect(tags.every((t) => ['p', 'ul', 'li', 'strong', 'em', 'h3'].includes(t ?? ''))).toBe(true);
      expect(c.courseDescription.match(/<p>/g)?.length ?? 0).toBeGreaterThanOrEqual(2);
    }
    expect(rows.filter((c) => c.promoVideo !== null).length).toBeGreaterThan(rows.length / 2);
    expect(new Set(rows.map((c) => c.complexity))).toEqual(new Set(['Beginner', 'Intermediate', 'Advanced']));
  });

  it('gives every course 4-6 sections and 25-40 lessons with realistic times', async () => {
    const rows = await handle.db.select().from(courses);
    for (const c of rows) {
      const sections = await handle.db.select().from(courseSections).where(eq(courseSections.courseId, c.id));
      const courseLessons = await handle.db.select().from(lessons).where(eq(lessons.courseId, c.id));
      expect(sections.length, c.slug).toBeGreaterThanOrEqual(4);
      expect(sections.length, c.slug).toBeLessThanOrEqual(6);
      expect(courseLessons.length, c.slug).toBeGreaterThanOrEqual(25);
      expect(courseLessons.length, c.slug).toBeLessThanOrEqual(40);
      for (const l of courseLessons) {
        expect(l.durationSeconds, l.lessonTitle).toBeGreaterThanOrEqual(180);
        expect(l.durationSeconds, l.lessonTitle).toBeLessThanOrEqual(25 * 60);
      }
      // Positions are 1..n within each section.
      for (const s of sections) {
        const positions = courseLessons
          .filter((l) => l.sectionId === s.id)
          .map((l) => l.position)
          .sort((a, b) => a - b);
        expect(positions).toEqual(positions.map((_, i) => i + 1));
      }
    }
  });

  it('mixes YouTube and Vimeo sources and previews the first lessons of each course', async () => {
    const all = await handle.db.select().from(lessons);
    const videos = all.filter((l) => l.lessonType === 'Video');
    expect(videos.every((l) => YOUTUBE.test(l.videoSource ?? '') || VIMEO.test(l.videoSource ?? ''))).toBe(true);
    expect(videos.some((l) => YOUTUBE.test(l.videoSource ?? ''))).toBe(true);
    expect(videos.some((l) => VIMEO.test(l.videoSource ?? ''))).toBe(true);

    const courseRows = await handle.db.select().from(courses);
    for (const c of courseRows) {
      const ordered = await handle.db
        .select({ preview: lessons.enablePreview })
        .from(lessons)
        .innerJoin(courseSections, eq(courseSections.id, lessons.sectionId))
        .where(eq(lessons.courseId, c.id))
        .orderBy(asc(courseSections.position), asc(lessons.position));
      const previews = ordered.filter((l) => l.preview).length;
      expect(previews, c.slug).toBeGreaterThanOrEqual(1);
      expect(previews, c.slug).toBeLessThanOrEqual(3);
      // The previews are the first lessons, with no gaps.
      expect(ordered.slice(0, previews).every((l) => l.preview)).toBe(true);
    }
  });

  it('gives each course 2-4 Article lessons with real HTML content', async () => {
    const all = await handle.db.select().from(lessons);
    const articles = all.filter((l) => l.lessonType === 'Article');
    for (const a of articles) {
      expect(a.lessonContent, a.lessonTitle).toBeTruthy();
      expect(a.lessonContent).toContain('<p>');
      expect(a.lessonContent).toContain('<pre><code>');
      expect(a.videoSource).toBeNull();
    }
    const courseRows = await handle.db.select().from(courses);
    for (const c of courseRows) {
      const n = articles.filter((a) => a.courseId === c.id).length;
      expect(n, c.slug).toBeGreaterThanOrEqual(2);
      expect(n, c.slug).toBeLessThanOrEqual(4);
    }
  });

  it('prices paid courses in all four regions and free courses at 0', async () => {
    const courseRows = await handle.db.select().from(courses);
    const prices = await handle.db.select().from(coursePrices);
    let discounted = 0;
    let undiscounted = 0;
    for (const c of courseRows) {
      const own = prices.filter((p) => p.courseId === c.id);
      expect(own.map((p) => p.region).sort(), c.slug).toEqual([...PRICING_REGIONS].sort());
      for (const p of own) {
        expect(p.currency).toBe(regions[p.region as Region].currency);
        if (c.courseType === 'free') {
          expect(p.amount).toBe(0);
          expect(p.regularAmount).toBe(0);
        } else {
          expect(p.amount, `${c.slug} ${p.region}`).toBeGreaterThan(0);
          expect(p.regularAmount, `${c.slug} ${p.region}`).toBeGreaterThanOrEqual(p.amount);
        }
      }
      if (c.courseType === 'paid') {
        const us = own.find((p) => p.region === 'US');
        if (us && us.regularAmount > us.amount) discounted += 1;
        else undiscounted += 1;
      }
    }
    expect(discounted).toBeGreaterThan(0);
    expect(undiscounted).toBeGreaterThan(0);
  });

  it('stores resource files that exist, with their real sizes', async () => {
    const resources = await handle.db.select().from(lessonResources);
    expect(resources.length).toBeGreaterThanOrEqual(3);
    for (const r of resources) {
      const file = resolveSeedFile(r.storagePath);
      expect(existsSync(file), r.storagePath).toBe(true);
      expect(statSync(file).size).toBe(r.sizeBytes);
      expect(path.basename(r.storagePath)).toBe(r.fileName);
      expect(r.contentType).toMatch(/^text\//);
    }
  });

  it('references only images that exist under public/media', async () => {
    const paths = [
      ...(await handle.db.select({ p: courses.courseImage }).from(courses)).map((r) => r.p),
      ...(await handle.db.select({ p: instructors.profilePicture }).from(instructors)).map((r) => r.p),
      ...(await handle.db.select({ p: clientReviews.clientThumb }).from(clientReviews)).map((r) => r.p),
      '/media/og-default.svg',
      '/media/hero.svg',
      '/media/courses/default.svg',
    ];
    for (const p of paths) expect(existsSync(mediaFile(p)), p).toBe(true);
    const covers = (await handle.db.select({ p: courses.courseImage }).from(courses)).map((r) => r.p);
    expect(new Set(covers).size).toBe(covers.length);
    // Each cover has the JPEG share previews show (npm run media:previews), at the size of an uploaded course image.
    for (const cover of [...covers, DEFAULT_COURSE_IMAGE]) {
      expect(imageFallbackPath(cover), cover).toMatch(/\.jpg$/);
      expect(await sharp(mediaFile(imageFallbackPath(cover))).metadata(), cover).toMatchObject({ format: 'jpeg', ...courseImageSize });
    }
  });

  it("gives every course reviews by its own students, and figures that are those reviews' average and count", async () => {
    const rows = await handle.db.select().from(courses);
    const reviews = await handle.db.select().from(courseRatings);
    const enrolled = await handle.db.select().from(enrolments);
    const progress = await handle.db.select().from(lessonProgress);
    for (const c of rows) {
      const own = reviews.filter((r) => r.courseId === c.id);
      expect(own.length, c.slug).toBeGreaterThanOrEqual(5);
      expect(c.ratingCount).toBe(own.length);
      const average = own.reduce((sum, r) => sum + r.rating, 0) / own.length;
      expect(Number(c.ratingAverage)).toBeCloseTo(Math.round(average * 10) / 10, 5);
      expect(Number(c.ratingAverage)).toBeGreaterThanOrEqual(4);
      for (const r of own) {
        // A real student: enrolled in the course, with a lesson of it completed before the review.
        expect(enrolled.some((e) => e.userId === r.userId && e.courseId === c.id && e.createdAt < r.createdAt)).toBe(true);
        expect(progress.some((p) => p.userId === r.userId && p.courseId === c.id && p.completedAt < r.createdAt)).toBe(true);
        expect(r.createdAt.getTime()).toBeLessThan(Date.now());
      }
    }
  });

  it('seeds the instructor, categories and client reviews', async () => {
    const [instructor] = await handle.db.select().from(instructors);
    expect(instructor?.bio.match(/<p>/g)?.length ?? 0).toBeGreaterThanOrEqual(3);
    for (const link of [instructor?.facebookLink, instructor?.linkedinLink, instructor?.githubLink, instructor?.youtubeLink, instructor?.instagramLink]) {
      expect(link).toMatch(/^https:\/\//);
    }
    expect((await handle.db.select().from(categories)).length).toBeGreaterThanOrEqual(3);
    const reviews = await handle.db.select().from(clientReviews);
    expect(reviews.length).toBeGreaterThanOrEqual(8);
    for (const r of reviews) {
      expect(r.rating).toBeGreaterThanOrEqual(4);
      expect(r.rating).toBeLessThanOrEqual(5);
      expect(r.review.split(/[.!?](\s|$)/).filter((s) => s.trim().length > 3).length).toBeGreaterThanOrEqual(2);
    }
  });

  it('creates monthly, yearly and lifetime plans priced in every region', async () => {
    const planRows = await handle.db.select().from(plans);
    expect(planRows.map((p) => p.planType).sort()).toEqual(['lifetime', 'monthly', 'yearly']);
    const prices = await handle.db.select().from(planPrices);
    for (const plan of planRows) {
      const own = prices.filter((p) => p.planId === plan.id);
      expect(own).toHaveLength(4);
      expect(plan.features.length).toBeGreaterThanOrEqual(5);
      expect(plan.features.length).toBeLessThanOrEqual(7);
      for (const p of own) {
        expect(p.amount).toBeGreaterThan(0);
        expect(p.regularAmount).toBeGreaterThan(p.amount);
      }
    }
    const monthly = planRows.find((p) => p.planType === 'monthly');
    const yearly = planRows.find((p) => p.planType === 'yearly');
    for (const region of PRICING_REGIONS) {
      const m = prices.find((p) => p.planId === monthly?.id && p.region === region);
      const y = prices.find((p) => p.planId === yearly?.id && p.region === region);
      const saving = 1 - (y?.amount ?? 0) / (12 * (m?.amount ?? 1));
      expect(saving, region).toBeGreaterThan(0.33);
      expect(saving, region).toBeLessThan(0.37);
    }
  });

  it('creates an eight-step roadmap over distinct courses', async () => {
    const steps = await handle.db.select().from(roadmapSteps).orderBy(asc(roadmapSteps.position));
    expect(steps.map((s) => s.position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(new Set(steps.map((s) => s.courseId)).size).toBe(8);
    for (const s of steps) {
      expect(s.timeEstimate).toMatch(/^(\d(-\d)? weeks?)$/);
      expect(s.note).toMatch(/hours a day/);
    }
    expect(steps.map((s) => s.timeEstimate)).toContain('1-2 weeks');
    expect(steps.map((s) => s.timeEstimate)).toContain('8 weeks');
  });

  it('creates the four demo coupons', async () => {
    const rows = await handle.db.select().from(coupons);
    const byCode = new Map(rows.map((c) => [c.code, c]));
    expect([...byCode.keys()].sort()).toEqual(['EXPIRED20', 'FREECOURSE', 'LAUNCH25', 'WELCOME10']);
    expect(byCode.get('WELCOME10')?.discountPercentage).toBe(10);
    expect(byCode.get('LAUNCH25')).toMatchObject({ discountPercentage: 25, maxUses: 500 });
    expect(byCode.get('LAUNCH25')?.expiresAt?.toISOString().slice(0, 10)).toBe('2027-12-31');
    expect(byCode.get('FREECOURSE')).toMatchObject({ discountPercentage: 100, maxUses: 100, maxUsesPerUser: 1 });
    expect(byCode.get('EXPIRED20')?.expiresAt?.getTime()).toBeLessThan(Date.now());
    expect(rows.some((c) => c.discountPercentage === 100)).toBe(true);
  });

  it('does nothing when run again', async () => {
    const before = await countRows(handle);
    await seedDemo(handle.db, { production: false });
    await Promise.all([seedDemo(handle.db, { production: false }), seedDemo(handle.db, { production: false })]);
    expect(await countRows(handle)).toEqual(before);
  });
});

describe('seedBenchCatalog', () => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await openMigratedDatabase();
  }, 60_000);

  afterAll(async () => {
    await handle?.close();
  });

  it('creates courses x sections x lessons, with an instructor and a category', async () => {
    const { courseIds } = await seedBenchCatalog(handle.db, { courses: 3, sections: 2, lessons: 4 });
    expect(courseIds).toHaveLength(3);
    expect(await handle.db.select().from(lessons)).toHaveLength(24);
    expect(await handle.db.select().from(courseSections)).toHaveLength(6);
    expect((await handle.db.select().from(instructors)).length).toBe(1);
    expect((await handle.db.select().from(categories)).length).toBe(1);
    const rows = await handle.db.select().from(courses).orderBy(asc(courses.id));
    expect(rows.map((c) => c.slug)).toEqual(['bench-course-1', 'bench-course-2', 'bench-course-3']);
    expect(rows.map((c) => c.title)).toEqual(['Bench Course 1', 'Bench Course 2', 'Bench Course 3']);
    expect(rows.filter((c) => c.courseType === 'paid')).toHaveLength(1);
    expect(await handle.db.select().from(coursePrices)).toHaveLength(12);
    expect(existsSync(mediaFile(rows[0]?.courseImage ?? ''))).toBe(true);
  });

  it('continues numbering and reuses the instructor and category', async () => {
    await seedBenchCatalog(handle.db, { courses: 2, sections: 1, lessons: 3 });
    const slugs = (await handle.db.select({ slug: courses.slug }).from(courses).where(like(courses.slug, 'bench-course-%'))).map((r) => r.slug);
    expect(slugs.sort()).toEqual(['bench-course-1', 'bench-course-2', 'bench-course-3', 'bench-course-4', 'bench-course-5']);
    expect(await handle.db.select().from(lessons)).toHaveLength(30);
    expect((await handle.db.select().from(instructors)).length).toBe(1);
  });

  it('with quizzesAndDrip, ends each section with a quiz and drips each section a week after the one before', async () => {
    const { courseIds } = await seedBenchCatalog(handle.db, { courses: 1, sections: 3, lessons: 4, quizzesAndDrip: true });
    const sections = await handle.db.select().from(courseSections).where(eq(courseSections.courseId, courseIds[0]!)).orderBy(asc(courseSections.position));
    expect(sections.map((s) => s.availableAfterDays)).toEqual([null, 7, 14]);
    const quizLessons = await handle.db.select().from(lessons).where(eq(lessons.lessonType, 'quiz'));
    expect(quizLessons).toHaveLength(3);
    expect(quizLessons.every((l) => l.position === 4)).toBe(true);
    expect(await handle.db.select().from(quizQuestions)).toHaveLength(15);
  });
});

describe('seeding in production', () => {
  const codesIn = async (db: DatabaseHandle) => (await db.db.select({ code: coupons.code }).from(coupons)).map((c) => c.code);

  it('the server seeds nothing at boot unless SEED_DEMO asks, and then never the public 100% coupon', async () => {
    const db = await openMigratedDatabase();
    try {
      expect(await seedOnBoot(db.db, loadConfig(productionEnv))).toBe(false);
      expect(await isCatalogEmpty(db.db)).toBe(true);
      expect(await codesIn(db)).toEqual([]);
      expect(await seedOnBoot(db.db, loadConfig({ ...productionEnv, SEED_DEMO: 'true' }))).toBe(true);
      expect(await isCatalogEmpty(db.db)).toBe(false);
      expect(await codesIn(db)).not.toContain('FREECOURSE');
      expect((await db.db.select().from(coupons)).every((c) => c.discountPercentage < 100)).toBe(true);
    } finally {
      await db.close();
    }
  }, 120_000);

  it('npm run seed with NODE_ENV=production loads the demo without the public 100% coupon', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'lectern-seed-'));
    try {
      const env: Record<string, string | undefined> = { ...process.env, ...productionEnv, DATA_DIR: dataDir };
      delete env.DATABASE_URL;
      delete env.SEED_DEMO;
      const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/seed.ts'], { env, cwd: repoRoot });
      expect(stdout).toContain('without the public 100% coupon');
      const db = await openDatabase({ dataDir: `${dataDir}/db` });
      try {
        const codes = await codesIn(db);
        expect(codes).toContain('WELCOME10');
        expect(codes).not.toContain('FREECOURSE');
      } finally {
        await db.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it('seedDemo never seeds the public 100% coupon', async () => {
    const db = await openMigratedDatabase();
    try {
      await seedDemo(db.db, { production: true });
      const codes = (await db.db.select({ code: coupons.code, pct: coupons.discountPercentage }).from(coupons)).map((c) => c.code);
      expect(codes).not.toContain('FREECOURSE');
      expect(codes).toContain('WELCOME10');
    } finally {
      await db.close();
    }
  }, 120_000);
});
