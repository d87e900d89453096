import type { AdminCourse, CourseBody, CoursePatch, CurriculumOrder, LessonBody, PricesBody, SectionBody, SectionPatch } from '../../../shared/admin.js';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import * as catalog from '../catalog/index.js';
import { getCourseDetail, type CourseDetailRecord } from '../storefront/index.js';
import { audited, type Actor, type AuditInput } from './audit.js';
import { deleteStoredResources } from './stored-files.js';
import { studioCourse, withEnrolled } from './studio-course.js';

/**
 * Every catalog change: one transaction with its audit row, then every process drops its catalog
 * snapshots, so the storefront and the checkout show the change at once.
 */
export async function catalogChange<T>(ctx: AppContext, actor: Actor, change: (tx: Tx) => Promise<{ result: T; audit: AuditInput }>): Promise<T> {
  const result = await audited(ctx.db, actor, change);
  await ctx.invalidation.invalidate('catalog');
  return result;
}

export async function createCourse(ctx: AppContext, actor: Actor, body: CourseBody): Promise<AdminCourse> {
  return catalogChange(ctx, actor, async (tx) => {
    const course = await withEnrolled(tx, await catalog.createCourse(tx, body, { name: actor.name, email: actor.email }));
    return {
      result: course,
      audit: { action: 'course.create', entityType: 'course', entityId: course.id, summary: `Created "${course.title}"`, after: course },
    };
  });
}

export async function updateCourse(ctx: AppContext, actor: Actor, courseId: number, patch: CoursePatch): Promise<AdminCourse> {
  return catalogChange(ctx, actor, async (tx) => {
    const { before, after } = await catalog.updateCourse(tx, courseId, patch);
    const fields = Object.keys(patch) as (keyof CoursePatch)[];
    const pick = (c: catalog.CatalogStudioCourse) =>
      Object.fromEntries(fields.map((f) => [f === 'category_id' ? 'category' : f, f === 'category_id' ? c.category : c[f]]));
    const summary =
      patch.slug && patch.slug !== before.slug
        ? `Edited "${after.title}"; address ${before.slug} → ${after.slug} (the old one redirects)`
        : `Edited "${after.title}"`;
    return {
      result: await withEnrolled(tx, after),
      audit: { action: 'course.update', entityType: 'course', entityId: courseId, summary, before: pick(before), after: pick(after) },
    };
  });
}

export async function transitionCourse(ctx: AppContext, actor: Actor, courseId: number, transition: catalog.CourseTransition): Promise<AdminCourse> {
  return catalogChange(ctx, actor, async (tx) => {
    const { before, after } = await catalog.transitionCourse(tx, courseId, transition);
    const course = await studioCourse(tx, courseId);
    return {
      result: course,
      audit: {
        action: `course.${transition}`,
        entityType: 'course',
        entityId: courseId,
        summary: `${before.state} → ${after.state}: "${course.title}"`,
        before,
        after,
      },
    };
  });
}

export async function setPrices(ctx: AppContext, actor: Actor, courseId: number, body: PricesBody): Promise<AdminCourse> {
  return catalogChange(ctx, actor, async (tx) => {
    const { before, after } = await catalog.setCoursePrices(tx, courseId, body);
    const course = await studioCourse(tx, courseId);
    return {
      result: course,
      audit: { action: 'course.prices', entityType: 'course', entityId: courseId, summary: `Prices of "${course.title}"`, before, after },
    };
  });
}

type CourseAudit = Omit<AuditInput, 'entityType' | 'entityId'>;

/** A change inside one course (its curriculum): audited on the course, answered with the course as the studio shows it. */
function curriculumChange(ctx: AppContext, actor: Actor, change: (tx: Tx) => Promise<{ courseId: number; audit: CourseAudit }>): Promise<AdminCourse> {
  return catalogChange(ctx, actor, async (tx) => {
    const { courseId, audit } = await change(tx);
    return { result: await studioCourse(tx, courseId), audit: { ...audit, entityType: 'course', entityId: courseId } };
  });
}

export async function addSection(ctx: AppContext, actor: Actor, courseId: number, body: SectionBody): Promise<AdminCourse> {
  return curriculumChange(ctx, actor, async (tx) => {
    const section = await catalog.createSection(tx, courseId, body);
    return { courseId, audit: { action: 'section.create', summary: `Added section "${body.title}"`, after: section } };
  });
}

/** Renames a section and/or sets its drip schedule. */
export async function updateSection(ctx: AppContext, actor: Actor, sectionId: number, patch: SectionPatch): Promise<AdminCourse> {
  return curriculumChange(ctx, actor, async (tx) => {
    const { courseId, before, after } = await catalog.updateSection(tx, sectionId, patch);
    return { courseId, audit: { action: 'section.update', summary: `Edited section "${after.title}"`, before, after } };
  });
}

/** The course of a section, as the studio shows it (a PATCH with nothing in it answers this). */
export async function courseOfSection(ctx: AppContext, sectionId: number): Promise<AdminCourse> {
  return studioCourse(ctx.db, await catalog.courseOfSection(ctx.db, sectionId));
}

export async function deleteSection(ctx: AppContext, actor: Actor, sectionId: number): Promise<AdminCourse> {
  return curriculumChange(ctx, actor, async (tx) => {
    const { courseId, before } = await catalog.deleteSection(tx, sectionId);
    return { courseId, audit: { action: 'section.delete', summary: `Deleted section "${before.title}"`, before } };
  });
}

const lessonAudit = (l: {
  id: number;
  lessonTitle: string;
  lessonType: string;
  videoSource: string | null;
  lessonContent: string | null;
  durationSeconds: number;
  enablePreview: boolean;
  sectionId: number;
  quiz?: unknown;
  availableAfterDays: number | null;
  availableFrom: string | null;
}) => ({
  id: l.id,
  lesson_title: l.lessonTitle,
  lesson_type: l.lessonType,
  video_source: l.videoSource,
  lesson_content: l.lessonContent,
  duration_seconds: l.durationSeconds,
  enable_preview: l.enablePreview,
  section_id: l.sectionId,
  ...(l.quiz ? { quiz: l.quiz } : {}),
  available_after_days: l.availableAfterDays,
  available_from: l.availableFrom,
});

export async function addLesson(ctx: AppContext, actor: Actor, sectionId: number, body: LessonBody): Promise<AdminCourse> {
  return curriculumChange(ctx, actor, async (tx) => {
    const { lesson, courseId } = await catalog.createLesson(tx, sectionId, body);
    return { courseId, audit: { action: 'lesson.create', summary: `Added lesson "${lesson.lessonTitle}"`, after: lessonAudit(lesson) } };
  });
}

export async function editLesson(ctx: AppContext, actor: Actor, lessonId: number, body: LessonBody): Promise<AdminCourse> {
  return curriculumChange(ctx, actor, async (tx) => {
    const { courseId, before, after } = await catalog.updateLesson(tx, lessonId, body);
    return {
      courseId,
      audit: { action: 'lesson.update', summary: `Edited lesson "${after.lessonTitle}"`, before: lessonAudit(before), after: lessonAudit(after) },
    };
  });
}

/** Deletes a lesson, and after it committed, the stored files of its resources. */
export async function removeLesson(ctx: AppContext, actor: Actor, lessonId: number): Promise<AdminCourse> {
  let removedPaths: string[] = [];
  const course = await curriculumChange(ctx, actor, async (tx) => {
    const { courseId, before, removedPaths: paths } = await catalog.deleteLesson(tx, lessonId);
    removedPaths = paths;
    return { courseId, audit: { action: 'lesson.delete', summary: `Deleted lesson "${before.lessonTitle}"`, before: lessonAudit(before) } };
  });
  await deleteStoredResources(ctx, removedPaths);
  return course;
}

export async function reorder(ctx: AppContext, actor: Actor, courseId: number, order: CurriculumOrder): Promise<AdminCourse> {
  return curriculumChange(ctx, actor, async (tx) => {
    const { before, after } = await catalog.reorderCurriculum(tx, courseId, order);
    return { courseId, audit: { action: 'course.reorder', summary: 'Reordered the curriculum', before, after } };
  });
}

export async function createCategory(ctx: AppContext, actor: Actor, body: { category_name: string; slug: string }) {
  return catalogChange(ctx, actor, async (tx) => {
    const category = await catalog.createCategory(tx, body);
    return {
      result: category,
      audit: {
        action: 'category.create',
        entityType: 'category',
        entityId: category.id,
        summary: `Added category "${category.category_name}"`,
        after: category,
      },
    };
  });
}

/** The course page exactly as a visitor (locked lessons) or an enrolled student (everything open) sees it, published or not. */
export async function previewCourse(ctx: AppContext, actor: Actor, courseId: number, as: 'visitor' | 'student'): Promise<CourseDetailRecord> {
  const slug = await catalog.slugOfCourse(ctx.db, courseId);
  return getCourseDetail({
    db: ctx.db,
    slug,
    region: 'US',
    viewer: as === 'student' ? { userId: actor.id!, isAdmin: true } : undefined,
    signingSecret: ctx.config.jwtSecret,
    includeUnpublished: true,
  });
}
