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
import { noMemo, type Memo } from '../../http/viewer-cache.js';
import { sign } from '../../lib/signing.js';
import { accessWithProgress, courseFactsKey, lessonState, type CourseAccess, type LessonState, type ScheduledLesson } from '../access/index.js';
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
  viewerMemo?: Memo;
  /** The studio's preview: an unpublished course too (never memoised, so it cannot reach the storefront). */
  includeUnpublished?: boolean;
}

/** The part every viewer of the course shares: the catalog's content and the number enrolled (students now plus the course's baseline). */
async function loadSharedContent(db: Database, slug: string, region: Region, includeUnpublished = false) {
  const content = await getCourseContent(db, slug, region, includeUnpublished);
  // Each lesson's drip schedules with its section's, as the access module reads them.
  const sectionById = new Map(content.sections.map((s) => [s.id, s]));
  const schedules = new Map<number, ScheduledLesson>(
    content.lessons.map((row) => {
      const section = sectionById.get(row.sectionId);
      return [row.id, { id: row.id, enablePreview: row.enablePreview, schedules: section ? [row, section] : [row] }];
    }),
  );
  const scheduled = [...content.sections, ...content.lessons].some((row) => row.availableAfterDays !== null || row.availableFrom !== null);
  const resourceByLesson = new Map(content.resources.map((r) => [r.lessonId, r]));
  return { ...content, schedules, scheduled, resourceByLesson, totalEnrolled: content.course.enrolledBaseline + (await enrolledCount(db, content.course.id)) };
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

/** What one viewer gets of a lesson beside the shared content. */
export interface ViewerLesson {
  open: boolean;
  availableAt: Date | null;
  completed: boolean;
  resourceLink: CourseDetailLesson['resourceLink'];
  quiz: CourseDetailLesson['quiz'];
}

export type SharedCourse = Awaited<ReturnType<typeof loadSharedContent>>;

/** A course as one viewer gets it: the content every viewer shares (memoised) and, per lesson, theirs. */
export interface ViewerCourse {
  shared: SharedCourse;
  lessonFor(lessonId: number): ViewerLesson;
  access: CourseAccess['reason'];
  status: CourseStatus;
  completedTotal: number;
  progress: number;
  /** Until when (ms) this stays true with time alone: the next drip date or membership end (Infinity: only a write changes it). */
  stableUntil: number;
}

/** What every viewer of the course shares (memoised until the catalog changes; never the studio's preview). */
export function sharedCourseContent(options: CourseDetailOptions): Promise<SharedCourse> {
  const { db, slug, region } = options;
  const memo = (!options.includeUnpublished && options.memo) || noMemo;
  return memo(`course-content:${region}:${slug}`, () => loadSharedContent(db, slug, region, options.includeUnpublished));
}

/**
 * What the viewer may open of the course, lesson by lesson, and their progress. A lesson's video
 * source, article body and resource link are kept only when the access module says the viewer may
 * open it. A fixed number of queries, none but the shared content's when the viewer's facts are
 * cached (`viewerMemo`). `loaded`: the shared content when the caller already read it.
 */
export async function courseForViewer(options: CourseDetailOptions, loaded?: SharedCourse): Promise<ViewerCourse> {
  const { db, viewer } = options;
  const viewerMemo = options.viewerMemo ?? noMemo;
  const shared = loaded ?? (await sharedCourseContent(options));
  const { course, lessons: lessonRows, resourceByLesson, quizzes, schedules, scheduled } = shared;
  const now = new Date();
  const { access, completed, changesAt } = await accessWithProgress(db, viewer, course.id, {
    now,
    scheduled,
    facts: (load) => viewerMemo(courseFactsKey(course.id, scheduled), load),
  });

  // Progress belongs to the enrolment and is shown even when access has lapsed.
  const enrolled = access.enrolment !== null;
  const linkTtlMs = options.resourceLinkTtlMs ?? 15 * 60 * 1000;
  const expires = Date.now() + linkTtlMs;
  // The access module's answer for each lesson (a drip schedule counts with its section's).
  const states = new Map<number, LessonState>();
  let stableUntil = changesAt;
  for (const [id, lesson] of schedules) {
    const state = lessonState(access, lesson, now);
    states.set(id, state);
    if (state.availableAt) stableUntil = Math.min(stableUntil, state.availableAt.getTime());
  }
  const quizFor = await viewerQuizzes(db, viewer, quizzes, (lessonId) => states.get(lessonId)?.open ?? false, viewerMemo);

  const status: CourseStatus = access.enrolment?.status ?? 'not enrolled';
  // A course finished through 'Complete Course' counts every lesson, as the student's course list does.
  const completedTotal = status === 'completed' ? lessonRows.length : enrolled ? lessonRows.filter((l) => completed.has(l.id)).length : 0;

  return {
    shared,
    lessonFor(lessonId) {
      const { open, availableAt } = states.get(lessonId)!;
      const resource = open ? resourceByLesson.get(lessonId) : undefined;
      return {
        open,
        availableAt,
        completed: enrolled && completed.has(lessonId),
        resourceLink: resource
          ? { resourceId: resource.id, expires, signature: sign(options.signingSecret, resourceLinkPurpose, String(resource.id), expires) }
          : null,
        quiz: quizFor(lessonId),
      };
    },
    access: access.reason,
    status,
    completedTotal,
    progress: progressPercent(status, completedTotal, lessonRows.length),
    // A kept page hands out its resource links for at most half their life.
    stableUntil: resourceByLesson.size ? Math.min(stableUntil, expires - linkTtlMs / 2) : stableUntil,
  };
}

/** The course page and the lesson player read this: courseForViewer as one record (courseDetailView makes it the API's answer). */
export async function getCourseDetail(options: CourseDetailOptions): Promise<CourseDetailRecord> {
  const viewerCourse = await courseForViewer(options);
  const { shared } = viewerCourse;
  const lessonsBySection = new Map<number, CourseDetailLesson[]>();
  shared.lessons.forEach((row, index) => {
    const mine = viewerCourse.lessonFor(row.id);
    const lesson: CourseDetailLesson = {
      ...row,
      ...mine,
      videoSource: mine.open ? row.videoSource : null,
      lessonContent: mine.open ? row.lessonContent : null,
      globalOrder: index + 1,
    };
    const list = lessonsBySection.get(row.sectionId) ?? [];
    list.push(lesson);
    lessonsBySection.set(row.sectionId, list);
  });
  return {
    region: options.region,
    course: shared.course,
    totalEnrolled: shared.totalEnrolled,
    courseDescription: shared.courseDescription,
    instructor: shared.instructor,
    sections: shared.sections.map((s) => ({ ...s, lessons: lessonsBySection.get(s.id) ?? [] })),
    access: viewerCourse.access,
    status: viewerCourse.status,
    completedTotal: viewerCourse.completedTotal,
    progress: viewerCourse.progress,
  };
}
