/**
 * The storefront's course page (features layer): what the catalog sells, how many hold it
 * (enrolments) and what this viewer may open and has completed (access). It combines those modules,
 * so it sits above them; the catalog no longer imports access or enrolments for it.
 */
import type { CourseStatus } from '../../../shared/catalog.js';
import { progressPercent } from '../../../shared/progress.js';
import type { Region } from '../../../shared/regions.js';
import type { Database } from '../../db/client.js';
import type { Viewer } from '../../http/auth.js';
import { sign } from '../../lib/signing.js';
import { accessWithProgress, lessonState, type CourseAccess } from '../access/index.js';
import { getCourseContent, resourceLinkPurpose, type CourseContent, type InstructorRecord, type PublicQuiz } from '../catalog/index.js';
import { enrolledCount, quizAttemptsUsed } from '../enrolments/index.js';

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
  /** Keeps the viewer's own facts (access, completed lessons, quiz attempts) until one of them changes. */
  viewerMemo?: <T>(key: string, load: () => Promise<T>) => Promise<T>;
  /** The studio's preview: an unpublished course too (never memoised, so it cannot reach the storefront). */
  includeUnpublished?: boolean;
}

/** The part every viewer of the course shares: the catalog's content and the number enrolled (students now plus the course's baseline). */
async function loadSharedContent(db: Database, slug: string, region: Region, includeUnpublished = false) {
  const content = await getCourseContent(db, slug, region, includeUnpublished);
  return { ...content, totalEnrolled: content.course.enrolledBaseline + (await enrolledCount(db, content.course.id)) };
}

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
async function viewerQuizzes(
  db: Database,
  viewer: Viewer | undefined,
  quizzes: Map<number, PublicQuiz>,
  mayOpen: (lessonId: number) => boolean,
  viewerMemo: NonNullable<CourseDetailOptions['viewerMemo']>,
) {
  const open = [...quizzes.keys()].filter(mayOpen);
  const used =
    viewer && open.length ? await viewerMemo(`quiz-attempts:${open.join(',')}`, () => quizAttemptsUsed(db, viewer.userId, open)) : new Map<number, number>();
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
  const noMemo = <T>(_key: string, load: () => Promise<T>) => load();
  const memo = (!options.includeUnpublished && options.memo) || noMemo;
  const viewerMemo = options.viewerMemo ?? noMemo;
  const {
    course,
    totalEnrolled,
    courseDescription,
    instructor,
    sections,
    lessons: lessonRows,
    resources,
    quizzes,
  } = await memo(`course-content:${region}:${slug}`, () => loadSharedContent(db, slug, region, options.includeUnpublished));
  const scheduled = [...sections, ...lessonRows].some((row) => row.availableAfterDays !== null || row.availableFrom !== null);
  const now = new Date();
  const { access, completed } = await accessWithProgress(db, viewer, course.id, {
    now,
    scheduled,
    facts: (load) => viewerMemo(`course-facts:${course.id}:${scheduled}`, load),
  });

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
  const quizFor = await viewerQuizzes(db, viewer, quizzes, (lessonId) => states.get(lessonId)?.open ?? false, viewerMemo);

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
        open && resource
          ? { resourceId: resource.id, expires, signature: sign(options.signingSecret, resourceLinkPurpose, String(resource.id), expires) }
          : null,
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
