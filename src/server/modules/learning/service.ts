import { randomBytes } from 'node:crypto';
import { countLetters } from '../projects/index.js';
import { learningMessages, type Certificate, type Enrolment, type LessonCompletion, type Progress, type Question } from '../../../shared/learning.js';
import { progressPercent } from '../../../shared/progress.js';
import { formatPersonName } from '../../../shared/text.js';
import type { Config } from '../../config.js';
import type { Database, Tx, Db } from '../../db/client.js';
import { answerNotificationEmail } from '../../emails/answer-notification.js';
import { questionNotificationEmail } from '../../emails/question-notification.js';
import { AppError } from '../../errors.js';
import type { Viewer } from '../../http/auth.js';
import { readNow, type Memo, type Memos } from '../../http/viewer-cache.js';
import { SEND_EMAIL_JOB } from '../../jobs/email.js';
import type { JobQueue } from '../../jobs/queue.js';
import { getPublicUser, getPublicUsers } from '../accounts/index.js';
import { accessTo, accessWithProgress, courseFactsKey, lessonState, ownedBy, type CourseAccess } from '../access/index.js';
import {
  findCourseIdsByTitle,
  findLesson,
  getCourseForCredential,
  getCourseSummaries,
  getCourseSummary,
  getLessonsById,
  quizLessonIds,
} from '../catalog/index.js';
import {
  activeEnrolment,
  clearProgress,
  completedLessonCount,
  enrol,
  enrolmentSummary,
  enrolmentsWithProgress,
  hasPassedQuiz,
  markLessonCompleted,
  setEnrolmentStatus,
  unmarkLessonCompleted,
  type ActiveEnrolment,
} from '../enrolments/index.js';
import { quizMessages } from '../../../shared/quizzes.js';
import { supportAddress } from '../settings/index.js';
import { credentialChecksOut, signOpenBadge } from '../credentials/index.js';
import { jwksPath } from '../../../shared/credentials.js';
import { siteName } from '../../../shared/pages.js';
import * as q from './queries.js';

export interface LearningDeps {
  db: Database;
  queue: JobQueue;
  config: Config;
}

export async function freeEnroll(db: Database, userId: number, courseId: number): Promise<{ success: true; message: string; course_status: string }> {
  const course = await getCourseSummary(db, courseId);
  if (!course?.isPublished) throw new AppError('not_found', 'Course not found.', { error: 'Course not found.' });
  if (course.courseType !== 'free') throw new AppError('bad_request', learningMessages.notFree, { error: learningMessages.notFree });
  await enrol(db, userId, [courseId], 'free');
  const enrolment = await activeEnrolment(db, userId, courseId);
  return { success: true, message: learningMessages.enrolled, course_status: enrolment?.courseStatus ?? 'enrolled' };
}

export async function checkEnrollment(db: Database, userId: number, courseId: number): Promise<{ course_status: string }> {
  const enrolment = await activeEnrolment(db, userId, courseId);
  return { course_status: enrolment?.courseStatus ?? 'not enrolled' };
}

export async function studentCourses(db: Database, userId: number, options: { search?: string | undefined; completedOnly?: boolean }): Promise<Enrolment[]> {
  const search = options.search?.trim();
  const rows = await enrolmentsWithProgress(db, userId, {
    completedOnly: options.completedOnly ?? false,
    courseIds: search ? await findCourseIdsByTitle(db, search) : undefined,
  });
  const courses = await getCourseSummaries(
    db,
    rows.map((r) => r.courseId),
  );
  return rows.flatMap((r) => {
    const course = courses.get(r.courseId);
    if (!course) return [];
    const total = course.totalLessons;
    return [
      {
        id: r.id,
        course_status: r.status,
        enrolled_at: r.createdAt.toISOString(),
        course: {
          id: r.courseId,
          title: course.title,
          slug: course.slug,
          course_image: course.courseImage,
          currency_code: 'USD',
          total_lessons: total,
          completed_total_lessons: r.status === 'completed' ? total : r.done,
          student_progress: progressPercent(r.status, r.done, total),
        },
      },
    ];
  });
}

function newCertificateId(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return `LEC-${[...randomBytes(10)].map((b) => alphabet[b % alphabet.length]).join('')}`;
}

async function issueCertificate(tx: Tx, userId: number, courseId: number) {
  const [course, user] = await Promise.all([getCourseSummary(tx, courseId), getPublicUser(tx, userId)]);
  return q.insertCertificate(tx, {
    certificateId: newCertificateId(),
    userId,
    courseId,
    studentName: formatPersonName(user?.fullName) || 'Student',
    courseTitle: course?.title ?? 'Course',
  });
}

/**
 * Lessons in the course and lessons of it the user has completed, a quiz counting only once it is
 * passed: so a course with quizzes completes (and issues its certificate) only when every quiz is.
 */
async function lessonCounts(db: Db, userId: number, courseId: number) {
  const [course, quizIds] = await Promise.all([getCourseSummary(db, courseId), quizLessonIds(db, courseId)]);
  return { total: course?.totalLessons ?? 0, completed: await completedLessonCount(db, userId, courseId, quizIds) };
}

/** The enrolment's status for these counts: completed when every lesson is; in progress once one is, or when a completed course has a lesson unmarked. */
function settledStatus(current: ActiveEnrolment['courseStatus'], completed: number, total: number): ActiveEnrolment['courseStatus'] {
  if (total > 0 && completed >= total) return 'completed';
  if (current === 'completed' || (completed > 0 && current === 'enrolled')) return 'in_progress';
  return current;
}

/** What a progress answer says, for an enrolment's status and counts. */
function progressOf(status: ActiveEnrolment['courseStatus'], completed: number, total: number, certificateId: string | null = null): Progress {
  return {
    course_status: status,
    total_lessons: total,
    completed_total_lessons: completed,
    student_progress: progressPercent(status, completed, total),
    certificate_id: certificateId,
  };
}

/**
 * Recounts progress under the enrolment's row lock, so repeated and concurrent calls agree. The
 * course is completed, and its certificate issued, exactly when every lesson is completed; a
 * lesson marked not completed again puts it back in progress (an issued certificate stays).
 */
async function settleProgress(tx: Tx, enrolment: ActiveEnrolment): Promise<Progress> {
  const { total, completed } = await lessonCounts(tx, enrolment.userId, enrolment.courseId);
  const status = settledStatus(enrolment.courseStatus, completed, total);
  if (status !== enrolment.courseStatus) await setEnrolmentStatus(tx, enrolment.id, status);
  const certificate = status === 'completed' ? await issueCertificate(tx, enrolment.userId, enrolment.courseId) : null;
  return progressOf(status, completed, total, certificate?.certificateId);
}

export const lessonLocked = () => new AppError('forbidden', learningMessages.lessonLocked, { detail: learningMessages.lessonLocked });

type FoundLesson = NonNullable<Awaited<ReturnType<typeof findLesson>>>;

/**
 * The access module's answer for one lesson: the viewer's access to its course, refused (403)
 * when the lesson is locked, whether by its price or by its drip schedule (then with its date).
 */
export async function openableLesson(db: Db, viewer: Viewer, lesson: FoundLesson): Promise<CourseAccess> {
  return refuseLocked(await accessTo(db, viewer, lesson.courseId), lesson);
}

/** A lesson by its uuid, kept with the catalog's reads (`shared`, cleared when the catalog changes); an unknown id is never kept. */
async function lessonByUuid(db: Database, uuid: string, shared: Memo): Promise<FoundLesson> {
  return shared(`lesson:${uuid}`, async () => {
    const lesson = await findLesson(db, uuid);
    if (!lesson) throw AppError.notFound('Lesson not found.');
    return lesson;
  });
}

/**
 * openableLesson over the viewer's course facts as the course page keeps them (`memo`: no query
 * while they are kept), with the lessons they completed. The decision is still made now, at each
 * read: kept facts never keep a lapsed membership open. Only outside a transaction.
 */
async function openableLessonAsKept(db: Database, viewer: Viewer, lesson: FoundLesson, mine: Memo) {
  const { access, completed } = await accessWithProgress(db, viewer, lesson.courseId, { facts: (load) => mine(courseFactsKey(lesson.courseId), load) });
  return { access: refuseLocked(access, lesson), completed };
}

function refuseLocked(access: CourseAccess, lesson: FoundLesson): CourseAccess {
  const state = lessonState(access, lesson);
  if (state.open) return access;
  if (!state.availableAt) throw lessonLocked();
  throw new AppError('forbidden', learningMessages.notAvailableYet, {
    detail: learningMessages.notAvailableYet,
    code: 'not_available_yet',
    available_at: state.availableAt.toISOString(),
  });
}

/**
 * The enrolment that holds the viewer's progress, locked for the update. A member (or the
 * instructor) who opens a course for the first time is enrolled here, so the dashboard, progress
 * and certificates work as for a buyer; the access module still decides what they may open.
 */
export async function enrolmentWithAccess(tx: Tx, viewer: Viewer, access: CourseAccess) {
  if (!access.full) throw lessonLocked();
  if (!access.enrolment) await enrol(tx, viewer.userId, [access.courseId], access.reason === 'membership' ? 'subscription' : 'admin');
  const enrolment = await activeEnrolment(tx, viewer.userId, access.courseId, true);
  if (!enrolment) throw lessonLocked();
  return enrolment;
}

/**
 * A lesson the viewer may open, opened: a member's first lesson enrols them. Preview lessons change
 * nothing, nor does any lesson of a course the viewer is enrolled in: those are answered from reads,
 * and only a first opening takes the transaction that enrols.
 */
export async function openLesson(
  db: Database,
  viewer: Viewer,
  lessonUuid: string,
  memos: Memos = readNow,
): Promise<{ lesson_uuid: string; course_status: string }> {
  const lesson = await lessonByUuid(db, lessonUuid, memos.shared);
  const { access } = await openableLessonAsKept(db, viewer, lesson, memos.mine);
  if (!access.full || access.enrolment) return { lesson_uuid: lessonUuid, course_status: access.enrolment?.status ?? 'not enrolled' };
  return db.transaction(async (tx) => {
    const enrolment = await enrolmentWithAccess(tx, viewer, await openableLesson(tx, viewer, lesson));
    return { lesson_uuid: lessonUuid, course_status: enrolment.courseStatus };
  });
}

/**
 * Marks a lesson completed (counted once) or, with `completed: false`, not completed; both are
 * idempotent. Only a viewer who may open every lesson of the course has progress.
 */
export async function completeLesson(db: Database, viewer: Viewer, lessonUuid: string, completed = true, memos: Memos = readNow): Promise<LessonCompletion> {
  const lesson = await lessonByUuid(db, lessonUuid, memos.shared);
  const again = completed ? await completedAgain(db, viewer, lesson, memos.mine) : undefined;
  if (again) return { ...again, lesson_uuid: lessonUuid, completed_status: true };
  return db.transaction(async (tx) => {
    const access = await openableLesson(tx, viewer, lesson);
    if (!completed) {
      const enrolment = await enrolmentWithAccess(tx, viewer, access);
      await unmarkLessonCompleted(tx, viewer.userId, lesson.id);
      return { ...(await settleProgress(tx, enrolment)), lesson_uuid: lessonUuid, completed_status: false };
    }
    // A quiz is completed by passing it, never by ticking it.
    if (lesson.lessonType === 'quiz' && access.full && !(await hasPassedQuiz(tx, viewer.userId, lesson.id)))
      throw new AppError('conflict', quizMessages.passToComplete, { detail: quizMessages.passToComplete });
    return { ...(await completeLessonOf(tx, viewer, access, lesson.id)), lesson_uuid: lessonUuid, completed_status: true };
  });
}

/**
 * A lesson completed before, in a course still in progress, completed again (the player reports
 * every end of a video): nothing changes, so the progress is answered from reads, without the
 * transaction and the enrolment's row lock. Undefined whenever something might change: a first
 * completion, progress to settle, a finished course (its certificate), or a quiz (passing completes it).
 */
async function completedAgain(db: Database, viewer: Viewer, lesson: FoundLesson, mine: Memo): Promise<Progress | undefined> {
  if (lesson.lessonType === 'quiz') return undefined;
  const { access, completed: done } = await openableLessonAsKept(db, viewer, lesson, mine);
  const enrolment = access.full ? access.enrolment : null;
  if (!enrolment || !done.has(lesson.id)) return undefined;
  // Kept with the viewer's other facts: a completion, an unmarked lesson or a quiz attempt of theirs drops it, as a catalog change does.
  const { total, completed } = await mine(`lesson-counts:${lesson.courseId}`, () => lessonCounts(db, viewer.userId, lesson.courseId));
  const status = settledStatus(enrolment.status, completed, total);
  if (status !== enrolment.status || status === 'completed') return undefined;
  return progressOf(status, completed, total);
}

/** The one way a lesson becomes completed (ticked, watched, read, or a quiz passed): counted once, then the course's progress settles. */
export async function completeLessonOf(tx: Tx, viewer: Viewer, access: CourseAccess, lessonId: number): Promise<Progress> {
  const enrolment = await enrolmentWithAccess(tx, viewer, access);
  await markLessonCompleted(tx, viewer.userId, access.courseId, lessonId);
  return settleProgress(tx, enrolment);
}

async function courseOf(tx: Tx, slug: string, courseId: number) {
  const course = await getCourseSummary(tx, courseId);
  if (!course || course.slug !== slug) throw AppError.notFound('Course not found.');
  return course;
}

async function enrolmentFor(tx: Tx, userId: number, slug: string, courseId: number) {
  await courseOf(tx, slug, courseId);
  const enrolment = await activeEnrolment(tx, userId, courseId, true);
  if (!enrolment) throw new AppError('forbidden', learningMessages.notEnrolled, { detail: learningMessages.notEnrolled });
  return enrolment;
}

/**
 * 'Complete Course' completes a course whose every lesson is completed (and answers its
 * certificate); before that it is refused (409) with how far the learner is: a certificate is
 * never issued on request alone.
 */
export async function completeCourse(db: Database, viewer: Viewer, slug: string, courseId: number): Promise<Progress> {
  return db.transaction(async (tx) => {
    await courseOf(tx, slug, courseId);
    const progress = await settleProgress(tx, await enrolmentWithAccess(tx, viewer, await accessTo(tx, viewer, courseId)));
    if (progress.course_status !== 'completed') {
      const detail = learningMessages.finishEveryLesson(progress.completed_total_lessons, progress.total_lessons);
      throw new AppError('conflict', detail, { detail, completed_total_lessons: progress.completed_total_lessons, total_lessons: progress.total_lessons });
    }
    return progress;
  });
}

/**
 * Restart: progress and completed lessons back to 0, status in_progress; an earned certificate
 * stays. It opens nothing, so an enrolment is enough (a former member may reset their progress).
 */
export async function restartCourse(db: Database, userId: number, slug: string, courseId: number): Promise<Progress> {
  return db.transaction(async (tx) => {
    const enrolment = await enrolmentFor(tx, userId, slug, courseId);
    await clearProgress(tx, userId, courseId);
    await setEnrolmentStatus(tx, enrolment.id, 'in_progress');
    const { total } = await lessonCounts(tx, userId, courseId);
    return progressOf('in_progress', 0, total);
  });
}

type CertificateRow = NonNullable<Awaited<ReturnType<typeof q.selectCertificate>>>;

/** Certificates with the slug of their course (asked of the catalog). */
async function withSlugs(db: Database, rows: CertificateRow[]) {
  const courses = await getCourseSummaries(
    db,
    rows.map((r) => r.courseId),
  );
  return rows.map((certificate) => ({ certificate, slug: courses.get(certificate.courseId)?.slug ?? '' }));
}

function toCertificate(config: Config, row: { certificate: CertificateRow; slug: string }): Certificate {
  const c = row.certificate;
  return {
    certificate_id: c.certificateId,
    student_name: c.studentName,
    course_title: c.courseTitle,
    course_slug: row.slug,
    issued_at: c.issuedAt.toISOString(),
    verify_url: `${config.publicUrl}/certificates/${c.certificateId}`,
    download_url: `/api/v1/certificates/${c.certificateId}/download/`,
    credential_url: `${config.publicUrl}/api/v1/certificates/${c.certificateId}/credential/`,
  };
}

export async function myCertificates(deps: LearningDeps, userId: number): Promise<Certificate[]> {
  return (await withSlugs(deps.db, await q.selectCertificatesOfUser(deps.db, userId))).map((row) => toCertificate(deps.config, row));
}

/**
 * Anyone may verify a certificate by its id. The answer says whether its Open Badges credential
 * checks out against the site's published keys (the same check an employer's verifier makes).
 */
export async function verifyCertificate(deps: LearningDeps, certificateId: string) {
  const row = await q.selectCertificate(deps.db, certificateId);
  if (!row) throw AppError.notFound('No certificate has this id.');
  const [withSlug] = await withSlugs(deps.db, [row]);
  const { download_url: _d, ...rest } = toCertificate(deps.config, withSlug!);
  const verified = await credentialChecksOut(deps, await signCertificate(deps, row), rest.verify_url);
  return { ...rest, valid: true as const, jwks_url: `${deps.config.publicUrl}${jwksPath}`, credential_verified: verified };
}

/** The certificate as an Open Badges 3.0 credential: completing the course, every lesson of it the criteria. */
async function signCertificate(deps: LearningDeps, row: CertificateRow): Promise<string> {
  const course = await getCourseForCredential(deps.db, row.courseId);
  const title = course?.title ?? row.courseTitle;
  const lessons = course?.lessons ?? [];
  const criteria = lessons.length
    ? `Completed every lesson of ${title} (${lessons.length}): ${lessons.map((l, i) => `${i + 1}. ${l}`).join('; ')}.`
    : `Completed every lesson of ${title}.`;
  return signOpenBadge(deps, {
    credentialId: `${deps.config.publicUrl}/certificates/${row.certificateId}`,
    subjectName: row.studentName,
    achievement: {
      id: `${deps.config.publicUrl}/courses/${course?.slug ?? ''}`,
      name: `Certificate of completion: ${title}`,
      description: course?.subtitle ? `Completed the course ${title}: ${course.subtitle}` : `Completed the course ${title}.`,
      criteria,
      type: 'CertificateOfCompletion',
    },
    validFrom: row.issuedAt,
    issuingPerson: course?.instructorName ?? siteName,
  });
}

/** Anyone may fetch a certificate's credential (a VC-JWT) to verify it offline. */
export async function certificateCredential(deps: LearningDeps, certificateId: string): Promise<string> {
  const row = await q.selectCertificate(deps.db, certificateId);
  if (!row) throw AppError.notFound('No certificate has this id.');
  return signCertificate(deps, row);
}

export async function certificateForDownload(deps: LearningDeps, certificateId: string, viewer: Viewer): Promise<Certificate> {
  const row = ownedBy(await q.selectCertificate(deps.db, certificateId), viewer, 'Certificate not found.');
  const [withSlug] = await withSlugs(deps.db, [row]);
  return toCertificate(deps.config, withSlug!);
}

export async function dashboardSummary(db: Database, userId: number) {
  const [s, certificates, letters] = await Promise.all([enrolmentSummary(db, userId), q.countCertificates(db, userId), countLetters(db, userId)]);
  return { total_courses: s.totalCourses, completed_courses: s.completedCourses, completed_lessons: s.completedLessons, certificates, letters };
}

type PublicPeople = Awaited<ReturnType<typeof getPublicUsers>>;

/** Questions with their answers, course, lesson and authors (asked of the catalog and accounts): five queries whatever the number. */
export async function describeQuestions(
  db: Db,
  filter: Parameters<typeof q.selectQuestions>[1],
): Promise<{ questions: { question: Question; userId: number }[]; people: PublicPeople }> {
  const { rows, answerRows } = await q.selectQuestions(db, filter);
  const [courses, lessons, people] = await Promise.all([
    getCourseSummaries(
      db,
      rows.map((r) => r.courseId),
    ),
    getLessonsById(
      db,
      rows.flatMap((r) => (r.lessonId ? [r.lessonId] : [])),
    ),
    getPublicUsers(db, [...rows.map((r) => r.userId), ...answerRows.map((a) => a.userId)]),
  ]);
  const questions = rows.map((r) => {
    const course = courses.get(r.courseId);
    const lesson = r.lessonId ? lessons.get(r.lessonId) : undefined;
    const question: Question = {
      id: r.id,
      title: r.title,
      body: r.body,
      created_at: r.createdAt.toISOString(),
      course: { id: r.courseId, title: course?.title ?? '', slug: course?.slug ?? '' },
      lesson: lesson ? { id: lesson.id, title: lesson.title } : null,
      asked_by: people.get(r.userId)?.fullName ?? '',
      answers: answerRows
        .filter((a) => a.questionId === r.id)
        .map((a) => ({
          id: a.id,
          body: a.body,
          created_at: a.createdAt.toISOString(),
          author: people.get(a.userId)?.fullName ?? '',
          is_instructor: people.get(a.userId)?.isAdmin ?? false,
        })),
    };
    return { question, userId: r.userId };
  });
  return { questions, people };
}

export async function loadQuestions(db: Db, filter: Parameters<typeof q.selectQuestions>[1]): Promise<Question[]> {
  return (await describeQuestions(db, filter)).questions.map((d) => d.question);
}

/**
 * Questions of a course: the course must exist (an admin or a member has access to any id, and a
 * question on a missing course broke its foreign key: a 500), then the viewer needs full access.
 */
const assertCourseAccess = async (db: Database, viewer: Viewer, courseId: number) => {
  if (!(await getCourseSummary(db, courseId))) throw AppError.notFound('Course not found.');
  if (!(await accessTo(db, viewer, courseId)).full) throw new AppError('forbidden', learningMessages.notEnrolled, { detail: learningMessages.notEnrolled });
};

/**
 * Questions are plain text (rendered as text, never HTML) and need access to the course. The
 * instructor is emailed (at the support address: the studio's, SUPPORT_EMAIL, else the first
 * admin) in the same transaction, so the mail goes only if the question is saved.
 */
export async function askQuestion(
  deps: LearningDeps,
  viewer: Viewer,
  input: { course_id: number; lesson_id?: number | undefined; title: string; body: string },
): Promise<Question> {
  await assertCourseAccess(deps.db, viewer, input.course_id);
  if (input.lesson_id && (await getLessonsById(deps.db, [input.lesson_id])).get(input.lesson_id)?.courseId !== input.course_id)
    throw AppError.fields({ lesson_id: ['This lesson is not part of the course.'] });
  return deps.db.transaction(async (tx) => {
    const id = await q.insertQuestion(tx, {
      userId: viewer.userId,
      courseId: input.course_id,
      lessonId: input.lesson_id ?? null,
      title: input.title,
      body: input.body,
    });
    const question = (await loadQuestions(tx, { questionId: id }))[0]!;
    const to = await supportAddress(tx, deps.config);
    if (to && !viewer.isAdmin) {
      const email = questionNotificationEmail({
        student: question.asked_by,
        course: question.course.title,
        lesson: question.lesson?.title ?? null,
        title: question.title,
        body: question.body,
        url: `${deps.config.publicUrl}/admin/questions`,
      });
      await deps.queue.enqueue(SEND_EMAIL_JOB, { to, ...email }, { tx });
    }
    return question;
  });
}

export async function listQuestions(db: Database, viewer: Viewer, filter: { courseId?: number | undefined; mine?: boolean }): Promise<Question[]> {
  if (filter.courseId) await assertCourseAccess(db, viewer, filter.courseId);
  if (!filter.courseId && !viewer.isAdmin) filter.mine = true;
  return loadQuestions(db, { ...(filter.mine ? { userId: viewer.userId } : {}), ...(filter.courseId ? { courseId: filter.courseId } : {}) });
}

/**
 * The instructor's answer, written in the caller's transaction (the studio writes its audit row in
 * the same one); the student's email is queued in it too, so it goes only if the answer commits.
 * Only the admin module calls this, after its role check.
 */
export async function answerQuestion(tx: Tx, deps: { queue: JobQueue; config: Config }, authorId: number, questionId: number, body: string): Promise<Question> {
  const [found] = (await q.selectQuestions(tx, { questionId })).rows;
  if (!found) throw AppError.notFound('Question not found.');
  const student = await getPublicUser(tx, found.userId);
  await q.insertAnswer(tx, { questionId, userId: authorId, body });
  if (student) {
    const email = answerNotificationEmail({
      name: student.fullName,
      question: found.title,
      answer: body,
      url: `${deps.config.publicUrl}/question-answer/`,
    });
    await deps.queue.enqueue(SEND_EMAIL_JOB, { to: student.email, ...email }, { tx });
  }
  return (await loadQuestions(tx, { questionId }))[0]!;
}

/** Of `courseIds`, those someone but `exceptUserIds` (the demo's students) holds a certificate of or asked about. */
export async function coursesWithLearnerActivity(db: Db, courseIds: number[], exceptUserIds: number[]): Promise<Set<number>> {
  return new Set(await q.selectCoursesWithLearnerActivity(db, courseIds, exceptUserIds));
}
