/** What the instructor's studio does with a student's learning: their courses and questions, enrolling and revoking by hand. */
import type { AdminQuestion } from '../../../shared/inbox.js';
import type { Enrolment, Question } from '../../../shared/learning.js';
import type { Database, Tx } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { Viewer } from '../../http/auth.js';
import { accessToCourses, lessonState } from '../access/index.js';
import { getCourseSummaries, getCourseSummary, getLessonsById, getQuizzesWithAnswers, getScheduledLessons, quizLessonIds } from '../catalog/index.js';
import { activeEnrolment, enrol, enrolmentSources, firstQuizAttempts, quizAttemptsOfUser, revokeEnrolmentById } from '../enrolments/index.js';
import * as q from './queries.js';
import type { QuizStats, StudentQuizAttempt } from '../../../shared/quizzes.js';
import { describeQuestions, loadQuestions, studentCourses } from './service.js';

/** A lesson a drip schedule still holds back for the student (the studio offers 'Open early'). */
export interface HeldBackLesson {
  id: number;
  title: string;
  availableAt: Date;
}

export interface StudentLearning {
  enrolments: (Enrolment & { source: string; heldBack: HeldBackLesson[] })[];
  questions: Question[];
  quizAttempts: StudentQuizAttempt[];
}

/** The lessons of these courses the access module holds back for the student now, by course. */
async function heldBackLessons(db: Database, student: Viewer, courseIds: number[]): Promise<Map<number, HeldBackLesson[]>> {
  const [lessons, access] = await Promise.all([getScheduledLessons(db, courseIds), accessToCourses(db, student, courseIds)]);
  const now = new Date();
  const byCourse = new Map<number, HeldBackLesson[]>();
  for (const lesson of lessons) {
    const courseAccess = access.get(lesson.courseId);
    const state = courseAccess && lessonState(courseAccess, lesson, now);
    if (!state?.availableAt) continue;
    byCourse.set(lesson.courseId, [...(byCourse.get(lesson.courseId) ?? []), { id: lesson.id, title: lesson.title, availableAt: state.availableAt }]);
  }
  return byCourse;
}

export async function studentLearning(db: Database, student: Viewer): Promise<StudentLearning> {
  const [enrolled, sources, questions, quizAttempts] = await Promise.all([
    studentCourses(db, student.userId, {}),
    enrolmentSources(db, student.userId),
    loadQuestions(db, { userId: student.userId }),
    studentQuizAttempts(db, student.userId),
  ]);
  const heldBack = await heldBackLessons(
    db,
    student,
    enrolled.map((e) => e.course.id),
  );
  return {
    enrolments: enrolled.map((e) => ({ ...e, source: sources.get(e.id) ?? 'admin', heldBack: heldBack.get(e.course.id) ?? [] })),
    questions,
    quizAttempts,
  };
}

/** Enrols a student in a course by hand ('admin'): 409 when they already hold it, so nothing changes twice. */
export async function enrolByHand(tx: Tx, userId: number, courseId: number): Promise<{ title: string }> {
  const course = await getCourseSummary(tx, courseId);
  if (!course) throw AppError.fields({ course_id: ['This course does not exist.'] });
  if (await activeEnrolment(tx, userId, courseId)) throw new AppError('conflict', 'This student is already enrolled in this course.');
  await enrol(tx, userId, [courseId], 'admin');
  return { title: course.title };
}

/** Revokes a student's enrolment (their progress is kept should they be enrolled again). */
export async function revokeEnrolment(tx: Tx, userId: number, courseId: number): Promise<{ source: string }> {
  const row = await activeEnrolment(tx, userId, courseId, true);
  if (!row) throw AppError.notFound('This student is not enrolled in this course.');
  await revokeEnrolmentById(tx, row.id);
  return { source: row.source };
}

/**
 * The studio's Q&A inbox: one page of questions across every course, unanswered first (newest
 * first within each), each with its student, course, lesson and answers.
 */
export async function questionInbox(
  db: Database,
  filter: { answered?: boolean | undefined; courseId?: number | undefined },
  limit: number,
  offset: number,
): Promise<{ results: AdminQuestion[]; total: number; unanswered: number }> {
  const page = await q.selectQuestionPage(db, filter, limit, offset);
  if (!page.ids.length) return { results: [], total: page.total, unanswered: page.unanswered };
  const { questions, people } = await describeQuestions(db, { questionIds: page.ids });
  const byId = new Map(questions.map((d) => [d.question.id, d]));
  const results = page.ids.flatMap((id) => {
    const found = byId.get(id);
    if (!found) return [];
    const person = people.get(found.userId);
    const student = person ? { id: person.id, email: person.email, full_name: person.fullName } : null;
    return [{ ...found.question, student, answered: found.question.answers.length > 0 }];
  });
  return { results, total: page.total, unanswered: page.unanswered };
}

/**
 * The studio: per quiz of the course, the share of students right on each question at their
 * first attempt (what they knew before seeing which were wrong), the hardest questions first.
 */
export async function quizStats(db: Database, courseId: number): Promise<QuizStats> {
  const ids = await quizLessonIds(db, courseId);
  const [quizzes, lessons, firsts] = await Promise.all([getQuizzesWithAnswers(db, ids), getLessonsById(db, ids), firstQuizAttempts(db, ids)]);
  return ids.flatMap((lessonId) => {
    const quiz = quizzes.get(lessonId);
    if (!quiz) return [];
    const attempts = firsts.filter((f) => f.lessonId === lessonId);
    const questions = quiz.questions.map((question) => {
      const answered = attempts.filter((a) => a.answers.some((x) => x.question_id === question.id));
      const right = answered.filter((a) => a.answers.some((x) => x.question_id === question.id && x.correct)).length;
      return {
        question_id: question.id,
        prompt: question.prompt,
        answered: answered.length,
        right,
        right_percent: answered.length ? Math.round((100 * right) / answered.length) : 0,
      };
    });
    questions.sort((a, b) => (a.answered && b.answered ? a.right_percent - b.right_percent : b.answered - a.answered));
    return [
      {
        lesson_id: lessonId,
        lesson_title: lessons.get(lessonId)?.title ?? '',
        students: attempts.length,
        passed: attempts.filter((a) => a.passedEver).length,
        questions,
      },
    ];
  });
}

/** The studio's student page: every attempt the student made, newest first, with its course and lesson. */
export async function studentQuizAttempts(db: Database, userId: number): Promise<StudentQuizAttempt[]> {
  const rows = await quizAttemptsOfUser(db, userId);
  const [courses, lessons] = await Promise.all([
    getCourseSummaries(
      db,
      rows.map((r) => r.courseId),
    ),
    getLessonsById(
      db,
      rows.map((r) => r.lessonId),
    ),
  ]);
  return rows.map((r) => ({
    course: { id: r.courseId, title: courses.get(r.courseId)?.title ?? '' },
    lesson: { id: r.lessonId, title: lessons.get(r.lessonId)?.title ?? '' },
    attempt_number: r.attemptNumber,
    score_percent: r.scorePercent,
    passed: r.passed,
    created_at: r.createdAt.toISOString(),
  }));
}
