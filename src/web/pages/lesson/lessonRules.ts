import type { CourseDetail, Lesson, Section } from '../../../shared/catalog';
import { toTitleCase } from '../../../shared/text';

/** 'Lesson {global order}: {title in Title Case}' */
export function lessonLabel(lesson: Pick<Lesson, 'global_order' | 'lesson_title'>): string {
  return `Lesson ${lesson.global_order}: ${toTitleCase(lesson.lesson_title)}`;
}

/**
 * Whether a lesson is locked is the server's answer (is_locked): it sends a locked lesson no
 * source, content or resource, and the access module alone decides (preview, buyer, current
 * member, instructor). The spec's client rule (no preview and status empty or 'not enrolled')
 * agrees for buyers but cannot see memberships, so it is not repeated here.
 */
export function isLessonLocked(lesson: Pick<Lesson, 'is_locked'>): boolean {
  return lesson.is_locked;
}

const matches = (value: string | undefined, item: { id: number; uuid: string }) => value !== undefined && (item.uuid === value || String(item.id) === value);

/**
 * The lesson named by the address (section and lesson each by uuid or numeric id), else the
 * first lesson of the first section.
 */
export function findLesson(course: Pick<CourseDetail, 'sections'>, sectionId?: string, lessonId?: string): { section: Section; lesson: Lesson } | undefined {
  if (lessonId) {
    const sections = [...course.sections.filter((s) => matches(sectionId, s)), ...course.sections.filter((s) => !matches(sectionId, s))];
    for (const section of sections) {
      const lesson = section.lessons.find((l) => matches(lessonId, l));
      if (lesson) return { section, lesson };
    }
  }
  const section = course.sections.find((s) => s.lessons.length > 0);
  const lesson = section?.lessons[0];
  return section && lesson ? { section, lesson } : undefined;
}

/** Every lesson in course order, for previous / next. */
export function allLessons(course: Pick<CourseDetail, 'sections'>): Lesson[] {
  return course.sections.flatMap((s) => s.lessons);
}

export function lessonPath(slug: string, lesson: Pick<Lesson, 'section_uuid' | 'uuid'>): string {
  return `/lesson/${slug}/${lesson.section_uuid}/${lesson.uuid}/`;
}
