/**
 * A signed-in viewer's course page as JSON, without serialising the whole course per request:
 * what every viewer shares (the course, each section, each lesson opened and locked) is serialised
 * once per memoised content, and each request writes in only what is the viewer's (each lesson's
 * lock, date, completion, resource link and quiz; the sections' and course's progress). The text
 * is the JSON of courseDetailView for the same viewer (template.test.ts holds the two equal).
 */
import { courseDetailSchema, lessonSchema, type CourseDetail, type Lesson } from '../../../shared/catalog.js';
import { keptBody, type KeptBody } from '../../http/compress.js';
import { courseDetailView, lessonQuizView, lessonView, resourceUrl } from './serialise.js';
import {
  courseForViewer,
  sharedCourseContent,
  type CourseDetailLesson,
  type CourseDetailOptions,
  type CourseDetailRecord,
  type SharedCourse,
  type ViewerCourse,
} from './service.js';

interface LessonTemplate {
  id: number;
  /** The lesson's JSON without its viewer's keys and closing brace, as opened and as locked. */
  opened: string;
  locked: string;
  isQuiz: boolean;
  /** A quiz lesson's quiz without the viewer's attempts and closing brace. */
  quiz: string | null;
}

interface CourseTemplate {
  head: string;
  sections: Array<{ head: string; lessons: LessonTemplate[]; tail: string }>;
}

/** Keys each viewer gets their own value of; the rest is shared. */
const viewerLessonKeys = ['available_at', 'completed_status', 'upload_resource', 'quiz'] as const satisfies ReadonlyArray<keyof Lesson>;
const viewerCourseKeys = ['completed_total_lessons', 'student_progress', 'course_status', 'access', 'sections'] as const satisfies ReadonlyArray<
  keyof CourseDetail
>;

/** An object's JSON without `keys` and without its closing brace, for the rest to be appended. */
function openJson(value: object, keys: readonly string[]): string {
  const copy: Record<string, unknown> = { ...value };
  for (const key of keys) delete copy[key];
  return JSON.stringify(copy).slice(0, -1);
}

const templates = new WeakMap<SharedCourse, CourseTemplate>();

function templateOf(shared: SharedCourse, region: CourseDetailRecord['region']): CourseTemplate {
  const known = templates.get(shared);
  if (known) return known;
  const variant = (row: SharedCourse['lessons'][number], index: number, open: boolean): CourseDetailLesson => ({
    ...row,
    videoSource: open ? row.videoSource : null,
    lessonContent: open ? row.lessonContent : null,
    globalOrder: index + 1,
    open,
    availableAt: null,
    completed: false,
    resourceLink: null,
    quiz: null,
  });
  const record: CourseDetailRecord = {
    region,
    course: shared.course,
    totalEnrolled: shared.totalEnrolled,
    courseDescription: shared.courseDescription,
    instructor: shared.instructor,
    // Locked lessons: the sections' counts and durations do not depend on the viewer.
    sections: shared.sections.map((s) => ({
      ...s,
      lessons: shared.lessons.flatMap((row, index) => (row.sectionId === s.id ? [variant(row, index, false)] : [])),
    })),
    access: 'none',
    status: 'not enrolled',
    completedTotal: 0,
    progress: 0,
  };
  const sectionUuid = new Map(shared.sections.map((s) => [s.id, s.uuid]));
  const lessonsBySection = new Map<number, LessonTemplate[]>();
  shared.lessons.forEach((row, index) => {
    const shape = (open: boolean) =>
      openJson(lessonSchema.parse(lessonView(variant(row, index, open), sectionUuid.get(row.sectionId) ?? '')), viewerLessonKeys);
    const list = lessonsBySection.get(row.sectionId) ?? [];
    const quiz = shared.quizzes.get(row.id);
    list.push({
      id: row.id,
      opened: shape(true),
      locked: shape(false),
      isQuiz: row.lessonType === 'quiz',
      quiz: quiz ? openJson(lessonQuizView({ ...quiz, attemptsUsed: 0 }), ['attempts_used']) : null,
    });
    lessonsBySection.set(row.sectionId, list);
  });
  const view = courseDetailSchema.parse(courseDetailView(record));
  const template: CourseTemplate = {
    head: openJson(view, viewerCourseKeys),
    sections: view.sections.map((section) => {
      const { id, uuid, title, total_lessons, total_section_video_playback } = section;
      return {
        head: `${JSON.stringify({ id, uuid, title }).slice(0, -1)},"lessons":[`,
        lessons: lessonsBySection.get(id) ?? [],
        tail: JSON.stringify({ total_lessons, total_section_video_playback }).slice(1),
      };
    }),
  };
  templates.set(shared, template);
  return template;
}

/** A viewer's rendered page as kept in their viewer cache (its bytes, and each compression once made), with what it was built from. */
interface KeptPage {
  shared: SharedCourse;
  stableUntil: number;
  page: KeptBody;
}

/**
 * The course detail for this viewer as JSON, in UTF-8 bytes (the answer of GET /courses/{slug}/ to a
 * signed-in viewer). The bytes are kept in their viewer cache while they hold: until one of their
 * facts is written (the cache forgets them), the course's shared content is reloaded, or time alone
 * changes the page (a drip date, the end of a membership, half a resource link's life: `stableUntil`).
 * Kept as bytes, a page read again is sent as it is, not encoded from text nor compressed on every request.
 */
export async function renderCourseDetail(options: CourseDetailOptions): Promise<KeptBody> {
  const { viewerMemo } = options;
  if (!viewerMemo || !options.memo || options.includeUnpublished) return keptBody(Buffer.from(pageText(await courseForViewer(options), options.region)));
  const shared = await sharedCourseContent(options);
  const kept = await viewerMemo<KeptPage>(
    `course-page:${options.region}:${options.slug}`,
    async () => {
      const viewerCourse = await courseForViewer(options, shared);
      const page = keptBody(Buffer.from(pageText(viewerCourse, options.region)));
      return { shared: viewerCourse.shared, stableUntil: viewerCourse.stableUntil, page };
    },
    // Counted at the page's size: a compressed copy adds about a seventh.
    { isFresh: (kept) => kept.shared === shared && Date.now() < kept.stableUntil, bytes: (kept) => kept.page.body.length },
  );
  return kept.page;
}

function pageText(viewerCourse: ViewerCourse, region: CourseDetailRecord['region']): string {
  const template = templateOf(viewerCourse.shared, region);
  const sections = template.sections.map((section) => {
    let completed = 0;
    const lessons = section.lessons.map((lesson) => {
      const mine = viewerCourse.lessonFor(lesson.id);
      if (mine.completed) completed += 1;
      let json = mine.open ? lesson.opened : lesson.locked;
      json += `,"available_at":${mine.availableAt ? `"${mine.availableAt.toISOString()}"` : 'null'}`;
      json += `,"completed_status":${mine.completed}`;
      json += `,"upload_resource":${mine.resourceLink ? JSON.stringify(resourceUrl(mine.resourceLink)) : 'null'}`;
      if (lesson.isQuiz) json += `,"quiz":${mine.quiz && lesson.quiz ? `${lesson.quiz},"attempts_used":${mine.quiz.attemptsUsed}}` : 'null'}`;
      return `${json}}`;
    });
    return `${section.head}${lessons.join(',')}],"completed_lessons":${completed},${section.tail}`;
  });
  return (
    `${template.head},"completed_total_lessons":${viewerCourse.completedTotal},"student_progress":${JSON.stringify(viewerCourse.progress)}` +
    `,"course_status":${JSON.stringify(viewerCourse.status)},"access":${JSON.stringify(viewerCourse.access)},"sections":[${sections.join(',')}]}`
  );
}
