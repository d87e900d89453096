/**
 * The catalog as the studio edits it: every course whatever its state, the curriculum, prices and
 * slugs. Writes take the caller's transaction (the studio audits in the same one) and return what
 * the audit row needs; the caller invalidates the 'catalog' topic once the transaction commits.
 * A course here has no enrolment count: the admin module adds `enrolled` (it combines catalog and
 * enrolments).
 */
import {
  courseAdminMessages,
  type AdminCourse,
  type AdminCourseListItem,
  type CourseBody,
  type CoursePatch,
  type CourseState,
  type CurriculumOrder,
  type LessonBody,
  type Page,
  type PricesBody,
  type Release,
  type SectionPatch,
} from '../../../shared/admin.js';
import { toMajor, toMinor } from '../../../shared/pricing.js';
import { byRegionOrder, regions, type Region } from '../../../shared/regions.js';
import { placeholderCourseImage } from '../../../shared/uploads.js';
import type { Tx, Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { sanitizeRichText } from '../../lib/html.js';
import * as q from './queries/studio.js';
import { adminQuizView, getQuizWithAnswers, saveQuiz, studioQuizzesOfCourse } from './quizzes.js';

const stateOf = (c: { isPublished: boolean; archivedAt: Date | null }): CourseState => (c.archivedAt ? 'archived' : c.isPublished ? 'published' : 'draft');
const toPrice = (p: { region: string; currency: string; amount: number; regularAmount: number }) => ({
  region: p.region,
  currency: p.currency,
  amount: toMajor(p.amount),
  regular_amount: toMajor(p.regularAmount),
});

/** A course of the studio's list, and a course as the studio edits it, without the enrolment count. */
export type CatalogStudioCourseListItem = Omit<AdminCourseListItem, 'enrolled'>;
export type CatalogStudioCourse = Omit<AdminCourse, 'enrolled'>;

export interface StudioCourseQuery {
  search?: string | undefined;
  state?: CourseState | undefined;
  sort: 'position' | 'title' | 'updated_at' | '-updated_at';
}

export async function listStudioCourses(
  db: Db,
  query: StudioCourseQuery,
  window: { limit: number; offset: number; page: number },
): Promise<Page<CatalogStudioCourseListItem>> {
  const { rows, total } = await q.selectStudioCourses(db, query, window.limit, window.offset);
  const prices = await q.selectPricesOf(
    db,
    rows.map((r) => r.id),
  );
  const results = rows.map((r): CatalogStudioCourseListItem => ({
    id: r.id,
    slug: r.slug,
    title: r.title,
    course_type: r.courseType,
    complexity: r.complexity,
    category: { id: r.categoryId, category_name: r.categoryName },
    state: stateOf(r),
    total_lessons: r.totalLessons,
    prices: prices
      .filter((p) => p.courseId === r.id)
      .sort(byRegionOrder)
      .map(toPrice),
    position: r.position,
    updated_at: r.updatedAt.toISOString(),
  }));
  return { count: total, page: window.page, page_size: window.limit, results };
}

/** A drip schedule as stored and as the studio sends it. */
const releaseOut = (row: { availableAfterDays: number | null; availableFrom: string | null }): Release => ({
  available_after_days: row.availableAfterDays,
  available_from: row.availableFrom,
});
const releaseIn = (release: Release) => ({ availableAfterDays: release.available_after_days, availableFrom: release.available_from });

export async function getStudioCourse(db: Db, courseId: number): Promise<CatalogStudioCourse> {
  const row = await q.selectStudioCourse(db, courseId);
  if (!row) throw AppError.notFound('Course not found.');
  const [curriculum, prices, quizzes] = await Promise.all([
    q.selectCurriculum(db, courseId),
    q.selectPricesOf(db, [courseId]),
    studioQuizzesOfCourse(db, courseId),
  ]);
  const c = row.course;
  return {
    id: c.id,
    uuid: c.uuid,
    slug: c.slug,
    title: c.title,
    subtitle: c.subtitle,
    course_type: c.courseType,
    complexity: c.complexity,
    category: { id: c.categoryId, category_name: row.categoryName },
    state: stateOf(c),
    total_lessons: curriculum.lessons.length,
    prices: [...prices].sort(byRegionOrder).map(toPrice),
    position: c.position,
    updated_at: c.updatedAt.toISOString(),
    course_image: c.courseImage,
    language: c.language,
    promo_video: c.promoVideo,
    course_description: c.courseDescription,
    what_you_will_learn: c.whatYouWillLearn,
    target_audience: c.targetAudience,
    seo_title: c.seoTitle,
    seo_description: c.seoDescription,
    old_slugs: curriculum.oldSlugs,
    sections: curriculum.sections.map((s) => ({
      id: s.id,
      uuid: s.uuid,
      title: s.title,
      position: s.position,
      ...releaseOut(s),
      lessons: curriculum.lessons
        .filter((l) => l.sectionId === s.id)
        .map((l) => ({
          id: l.id,
          uuid: l.uuid,
          lesson_title: l.lessonTitle,
          lesson_type: l.lessonType,
          video_source: l.videoSource,
          lesson_content: l.lessonContent,
          duration_seconds: l.durationSeconds,
          enable_preview: l.enablePreview,
          position: l.position,
          quiz: l.lessonType === 'quiz' ? (quizzes.get(l.id) ?? null) : null,
          ...releaseOut(l),
          resources: curriculum.resources
            .filter((r) => r.lessonId === l.id)
            .map((r) => ({ id: r.id, file_name: r.fileName, content_type: r.contentType, size_bytes: r.sizeBytes })),
        })),
    })),
  };
}

async function assertCategory(db: Db, categoryId: number | undefined): Promise<void> {
  if (categoryId !== undefined && !(await q.categoryExists(db, categoryId))) throw AppError.fields({ category_id: [courseAdminMessages.categoryUnknown] });
}

async function assertSlugFree(db: Db, slug: string, exceptId?: number): Promise<void> {
  if (await q.slugInUse(db, slug, exceptId)) throw AppError.fields({ slug: [courseAdminMessages.slugTaken] });
}

/** A new course starts as a draft, last in the list. */
export async function createCourse(tx: Tx, body: CourseBody, author: { name: string; email: string }): Promise<CatalogStudioCourse> {
  await assertCategory(tx, body.category_id);
  await assertSlugFree(tx, body.slug);
  await q.deleteSlugRedirect(tx, body.slug);
  const id = await q.insertStudioCourse(tx, {
    slug: body.slug,
    title: body.title,
    subtitle: body.subtitle,
    courseImage: placeholderCourseImage,
    complexity: body.complexity,
    courseType: body.course_type,
    categoryId: body.category_id,
    instructorId: await q.instructorId(tx, author),
    promoVideo: body.promo_video,
    courseDescription: sanitizeRichText(body.course_description),
    whatYouWillLearn: body.what_you_will_learn,
    targetAudience: body.target_audience,
    language: body.language,
    seoTitle: body.seo_title,
    seoDescription: body.seo_description,
    position: await q.nextCoursePosition(tx),
    isPublished: false,
  });
  return getStudioCourse(tx, id);
}

async function lockedCourse(tx: Tx, courseId: number) {
  const row = await q.selectStudioCourse(tx, courseId, true);
  if (!row) throw AppError.notFound('Course not found.');
  return row.course;
}

export interface Change<T> {
  before: T;
  after: T;
}

/** Edits the fields sent. A new slug keeps the old one redirecting (301) to it. */
export async function updateCourse(tx: Tx, courseId: number, patch: CoursePatch): Promise<Change<CatalogStudioCourse>> {
  const current = await lockedCourse(tx, courseId);
  const before = await getStudioCourse(tx, courseId);
  await assertCategory(tx, patch.category_id);
  if (patch.slug !== undefined && patch.slug !== current.slug) {
    await assertSlugFree(tx, patch.slug, courseId);
    await q.deleteSlugRedirect(tx, patch.slug);
    await q.addSlugRedirect(tx, current.slug, courseId);
  }
  await q.updateStudioCourse(tx, courseId, {
    ...(patch.title !== undefined ? { title: patch.title } : {}),
    ...(patch.subtitle !== undefined ? { subtitle: patch.subtitle } : {}),
    ...(patch.slug !== undefined ? { slug: patch.slug } : {}),
    ...(patch.course_type !== undefined ? { courseType: patch.course_type } : {}),
    ...(patch.complexity !== undefined ? { complexity: patch.complexity } : {}),
    ...(patch.category_id !== undefined ? { categoryId: patch.category_id } : {}),
    ...(patch.language !== undefined ? { language: patch.language } : {}),
    ...(patch.promo_video !== undefined ? { promoVideo: patch.promo_video } : {}),
    ...(patch.course_description !== undefined ? { courseDescription: sanitizeRichText(patch.course_description) } : {}),
    ...(patch.what_you_will_learn !== undefined ? { whatYouWillLearn: patch.what_you_will_learn } : {}),
    ...(patch.target_audience !== undefined ? { targetAudience: patch.target_audience } : {}),
    ...(patch.seo_title !== undefined ? { seoTitle: patch.seo_title } : {}),
    ...(patch.seo_description !== undefined ? { seoDescription: patch.seo_description } : {}),
  });
  return { before, after: await getStudioCourse(tx, courseId) };
}

export type CourseTransition = 'publish' | 'unpublish' | 'archive' | 'restore';

/**
 * publish: on the storefront (needs a lesson, and a paid course a default-region price);
 * unpublish: back to draft; archive: off the storefront and the studio's list, enrolled students
 * keep access; restore: an archived course back to draft.
 */
export async function transitionCourse(tx: Tx, courseId: number, transition: CourseTransition): Promise<Change<{ state: CourseState }>> {
  const course = await lockedCourse(tx, courseId);
  const before = { state: stateOf(course) };
  if (transition === 'publish') {
    const [curriculum, prices] = await Promise.all([q.selectCurriculum(tx, courseId), q.selectPricesOf(tx, [courseId])]);
    const problems: string[] = [];
    if (!curriculum.lessons.length) problems.push(courseAdminMessages.publishNoLessons);
    if (course.courseType === 'paid' && !prices.some((p) => p.region === 'US' && p.amount > 0)) problems.push(courseAdminMessages.publishNoPrice);
    if (problems.length) throw AppError.fields({ non_field_errors: problems });
    await q.updateStudioCourse(tx, courseId, { isPublished: true, archivedAt: null });
  } else if (transition === 'unpublish' || transition === 'restore') {
    await q.updateStudioCourse(tx, courseId, { isPublished: false, archivedAt: null });
  } else {
    await q.updateStudioCourse(tx, courseId, { isPublished: false, archivedAt: new Date() });
  }
  return { before, after: { state: stateOf(await lockedCourse(tx, courseId)) } };
}

type PriceRow = { region: string; currency: string; amount: number; regular_amount: number };

/** Replaces the course's prices: one row per region sent, in that region's currency; regions not sent lose their price. */
export async function setCoursePrices(tx: Tx, courseId: number, body: PricesBody): Promise<Change<PriceRow[]>> {
  await lockedCourse(tx, courseId);
  const before = (await q.selectPricesOf(tx, [courseId])).map(toPrice);
  await q.replacePrices(
    tx,
    courseId,
    body.prices.map((p) => ({
      region: p.region,
      currency: regions[p.region as Region].currency,
      amount: toMinor(p.amount),
      regularAmount: toMinor(p.regular_amount),
    })),
  );
  await q.touchCourse(tx, courseId);
  return { before, after: (await q.selectPricesOf(tx, [courseId])).map(toPrice) };
}

// ---------------------------------------------------------------- curriculum

export async function createSection(tx: Tx, courseId: number, body: { title: string } & Release) {
  await lockedCourse(tx, courseId);
  const section = await q.insertSection(tx, courseId, { title: body.title, ...releaseIn(body) });
  await q.touchCourse(tx, courseId);
  return { id: section.id, uuid: section.uuid, title: section.title, position: section.position, ...releaseOut(section), courseId };
}

async function sectionOrThrow(db: Db, sectionId: number) {
  const section = await q.selectSection(db, sectionId);
  if (!section) throw AppError.notFound('Section not found.');
  return section;
}

/** The course a section belongs to (the studio answers a PATCH that changes nothing with it). */
export async function courseOfSection(db: Db, sectionId: number): Promise<number> {
  return (await sectionOrThrow(db, sectionId)).courseId;
}

/**
 * Renames a section and/or sets its drip schedule (a schedule sent is the whole schedule: the
 * field left out is cleared, so days and a date never stand together).
 */
export async function updateSection(tx: Tx, sectionId: number, patch: SectionPatch) {
  const section = await sectionOrThrow(tx, sectionId);
  await lockedCourse(tx, section.courseId);
  const releaseSent = patch.available_after_days !== undefined || patch.available_from !== undefined;
  const values = {
    ...(patch.title !== undefined ? { title: patch.title } : {}),
    ...(releaseSent ? releaseIn({ available_after_days: patch.available_after_days ?? null, available_from: patch.available_from ?? null }) : {}),
  };
  await q.updateSection(tx, sectionId, values);
  await q.touchCourse(tx, section.courseId);
  const before = { title: section.title, ...releaseOut(section) };
  const after = { ...before, ...(patch.title !== undefined ? { title: patch.title } : {}), ...(releaseSent ? releaseOut({ ...section, ...values }) : {}) };
  return { before, after, courseId: section.courseId };
}

/** Only an empty section can be deleted: lessons carry students' progress and are never dropped by accident. */
export async function deleteSection(tx: Tx, sectionId: number) {
  const section = await sectionOrThrow(tx, sectionId);
  await lockedCourse(tx, section.courseId);
  if ((await q.countLessonsOfSection(tx, sectionId)) > 0) throw new AppError('conflict', courseAdminMessages.sectionNotEmpty);
  await q.deleteSection(tx, sectionId);
  await q.touchCourse(tx, section.courseId);
  return { before: { title: section.title, position: section.position }, courseId: section.courseId };
}

const quizForAudit = async (tx: Tx, lessonId: number) => {
  const quiz = await getQuizWithAnswers(tx, lessonId);
  return quiz ? adminQuizView(quiz) : null;
};

function lessonValues(body: LessonBody) {
  return {
    lessonTitle: body.lesson_title,
    lessonType: body.lesson_type,
    videoSource: body.lesson_type === 'Video' ? body.video_source : null,
    lessonContent: body.lesson_type === 'Article' && body.lesson_content ? sanitizeRichText(body.lesson_content) : null,
    ...releaseIn(body),
    durationSeconds: body.duration_seconds,
    enablePreview: body.enable_preview,
  };
}

export async function createLesson(tx: Tx, sectionId: number, body: LessonBody) {
  const section = await sectionOrThrow(tx, sectionId);
  await lockedCourse(tx, section.courseId);
  const lesson = await q.insertLesson(tx, { sectionId, courseId: section.courseId, ...lessonValues(body) });
  await saveQuiz(tx, lesson.id, body.lesson_type === 'quiz' ? body.quiz : null);
  await q.touchCourse(tx, section.courseId);
  return { lesson: { ...lesson, quiz: await quizForAudit(tx, lesson.id) }, courseId: section.courseId };
}

export async function updateLesson(tx: Tx, lessonId: number, body: LessonBody) {
  const current = await q.selectLesson(tx, lessonId);
  if (!current) throw AppError.notFound('Lesson not found.');
  await lockedCourse(tx, current.courseId);
  const beforeQuiz = await quizForAudit(tx, lessonId);
  const after = await q.updateLesson(tx, lessonId, lessonValues(body));
  await saveQuiz(tx, lessonId, body.lesson_type === 'quiz' ? body.quiz : null);
  await q.touchCourse(tx, current.courseId);
  return { before: { ...current, quiz: beforeQuiz }, after: { ...after!, quiz: await quizForAudit(tx, lessonId) }, courseId: current.courseId };
}

export async function deleteLesson(tx: Tx, lessonId: number) {
  const current = await q.selectLesson(tx, lessonId);
  if (!current) throw AppError.notFound('Lesson not found.');
  await lockedCourse(tx, current.courseId);
  const resources = await q.selectResourcesOfLesson(tx, lessonId);
  await q.deleteLesson(tx, lessonId);
  await q.touchCourse(tx, current.courseId);
  return { before: current, courseId: current.courseId, removedPaths: resources.map((r) => r.storagePath) };
}

/** Applies a drag and drop: the order must name every section and lesson of the course exactly once. */
export async function reorderCurriculum(tx: Tx, courseId: number, order: CurriculumOrder) {
  await lockedCourse(tx, courseId);
  const current = await q.selectCurriculum(tx, courseId);
  const sectionIds = order.sections.map((s) => s.id);
  const lessonIds = order.sections.flatMap((s) => s.lesson_ids);
  const same = (a: number[], b: number[]) =>
    a.length === b.length && new Set(a).size === a.length && [...a].sort((x, y) => x - y).join() === [...b].sort((x, y) => x - y).join();
  if (
    !same(
      sectionIds,
      current.sections.map((s) => s.id),
    ) ||
    !same(
      lessonIds,
      current.lessons.map((l) => l.id),
    )
  )
    throw AppError.fields({ sections: [courseAdminMessages.orderMismatch] });
  const before = current.sections.map((s) => ({ id: s.id, lesson_ids: current.lessons.filter((l) => l.sectionId === s.id).map((l) => l.id) }));
  for (const [index, section] of order.sections.entries()) {
    await q.setSectionPosition(tx, section.id, index + 1);
    for (const [position, lessonId] of section.lesson_ids.entries()) await q.setLessonPlace(tx, lessonId, section.id, position + 1);
  }
  await q.touchCourse(tx, courseId);
  return { before, after: order.sections };
}

// ---------------------------------------------------------------- categories and slugs

export async function listCategories(db: Db) {
  return (await q.selectCategories(db)).map((c) => ({ id: c.id, category_name: c.categoryName, slug: c.slug }));
}

export async function createCategory(tx: Tx, body: { category_name: string; slug: string }) {
  const row = await q.insertCategory(tx, { categoryName: body.category_name, slug: body.slug });
  if (!row) throw AppError.fields({ slug: ['A category with this address already exists.'] });
  return { id: row.id, category_name: row.categoryName, slug: row.slug };
}

/** Where an old course address now lives (a published course only), for the 301. */
export async function currentSlugFor(db: Db, oldSlug: string): Promise<string | undefined> {
  const target = await q.selectRedirectTarget(db, oldSlug);
  return target && target.isPublished && !target.archivedAt ? target.slug : undefined;
}

/** The slug of any course, published or not (the studio's preview). */
export async function slugOfCourse(db: Db, courseId: number): Promise<string> {
  const row = await q.selectStudioCourse(db, courseId);
  if (!row) throw AppError.notFound('Course not found.');
  return row.course.slug;
}

// ---------------------------------------------------------------- course image and lesson resources

/** Points the course at a newly stored image; returns the old path (for the caller to delete once committed). */
export async function setCourseImage(tx: Tx, courseId: number, imagePath: string): Promise<Change<{ course_image: string }>> {
  const course = await lockedCourse(tx, courseId);
  await q.updateStudioCourse(tx, courseId, { courseImage: imagePath });
  return { before: { course_image: course.courseImage }, after: { course_image: imagePath } };
}

export interface ResourceFile {
  fileName: string;
  storagePath: string;
  contentType: string;
  sizeBytes: number;
}

const resourceOut = (r: ResourceFile & { id: number }) => ({ id: r.id, file_name: r.fileName, content_type: r.contentType, size_bytes: r.sizeBytes });

/** The lesson the resource will belong to, checked and its course locked before a file is stored. */
export async function lessonForResource(db: Db, lessonId: number): Promise<{ courseId: number; lessonTitle: string }> {
  const lesson = await q.selectLesson(db, lessonId);
  if (!lesson) throw AppError.notFound('Lesson not found.');
  return { courseId: lesson.courseId, lessonTitle: lesson.lessonTitle };
}

/**
 * A lesson offers one download (the player's 'Download File'): a new one replaces the old.
 * Returns the storage paths that no longer belong to any row, for the caller to delete once committed.
 */
export async function replaceLessonResource(tx: Tx, lessonId: number, file: ResourceFile) {
  const lesson = await q.selectLesson(tx, lessonId);
  if (!lesson) throw AppError.notFound('Lesson not found.');
  await lockedCourse(tx, lesson.courseId);
  const before = await q.selectResourcesOfLesson(tx, lessonId);
  await q.deleteResourcesOfLesson(tx, lessonId);
  const after = await q.insertResource(tx, { lessonId, ...file });
  await q.touchCourse(tx, lesson.courseId);
  return {
    courseId: lesson.courseId,
    lessonTitle: lesson.lessonTitle,
    before: before.map(resourceOut),
    after: resourceOut(after),
    removedPaths: before.map((r) => r.storagePath),
  };
}

export async function deleteLessonResource(tx: Tx, resourceId: number) {
  const resource = await q.selectResourceWithCourse(tx, resourceId);
  if (!resource) throw AppError.notFound('File not found.');
  await lockedCourse(tx, resource.courseId);
  await q.deleteResource(tx, resourceId);
  await q.touchCourse(tx, resource.courseId);
  return { courseId: resource.courseId, before: resourceOut(resource), removedPath: resource.storagePath };
}
