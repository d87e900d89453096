/**
 * Taking a quiz: the server grades an attempt against the catalog's answers, stores it, and a pass
 * completes the lesson through the same path as any lesson. Which options were correct, and the
 * explanations, are told only once the quiz is passed or no attempts are left.
 */
import {
  quizMessages,
  type QuizAttemptAnswer,
  type QuizAttemptBody,
  type QuizAttemptResult,
  type QuizAttempts,
  type QuizResult,
} from '../../../shared/quizzes.js';
import type { Database, Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { Viewer } from '../../http/auth.js';
import { findLesson, getQuizWithAnswers, type QuizWithAnswers } from '../catalog/index.js';
import { hasPassedQuiz, quizAttemptsAt, quizAttemptsUsed, recordQuizAttempt } from '../enrolments/index.js';
import { completeLessonOf, enrolmentWithAccess, openableLesson } from './service.js';

async function quizLesson(db: Db, lessonUuid: string) {
  const lesson = await findLesson(db, lessonUuid);
  if (!lesson) throw AppError.notFound('Lesson not found.');
  const quiz = lesson.lessonType === 'quiz' ? await getQuizWithAnswers(db, lesson.id) : undefined;
  if (!quiz) throw AppError.notFound(quizMessages.notAQuiz);
  return { lesson, quiz };
}

const sameSet = (a: number[], b: number[]) => a.length === b.length && a.every((id) => b.includes(id));

/**
 * Grades the answers: a question is right when exactly its correct options were chosen (one not
 * answered is wrong). An unknown question or option, a question answered twice, or two options
 * for a single-choice question is a 400 before anything is stored.
 */
export function grade(quiz: QuizWithAnswers, body: QuizAttemptBody): { scorePercent: number; passed: boolean; answers: QuizAttemptAnswer[] } {
  const byId = new Map(quiz.questions.map((question) => [question.id, question]));
  const chosen = new Map<number, number[]>();
  for (const answer of body.answers) {
    const question = byId.get(answer.question_id);
    if (!question) throw AppError.fields({ answers: [quizMessages.unknownQuestion] });
    if (chosen.has(question.id)) throw AppError.fields({ answers: [quizMessages.answeredTwice] });
    const optionIds = [...new Set(answer.option_ids)];
    if (optionIds.some((id) => !question.options.some((o) => o.id === id))) throw AppError.fields({ answers: [quizMessages.unknownOption] });
    if (question.kind !== 'multiple' && optionIds.length > 1) throw AppError.fields({ answers: [quizMessages.oneOption] });
    chosen.set(question.id, optionIds);
  }
  const answers = quiz.questions.map((question) => {
    const optionIds = chosen.get(question.id) ?? [];
    const correctIds = question.options.filter((o) => o.correct).map((o) => o.id);
    return { question_id: question.id, option_ids: optionIds, correct: optionIds.length > 0 && sameSet(optionIds, correctIds) };
  });
  const right = answers.filter((a) => a.correct).length;
  const total = quiz.questions.length;
  // The pass is decided on the exact share, the percent shown is rounded.
  return { scorePercent: total ? Math.round((100 * right) / total) : 0, passed: total > 0 && 100 * right >= quiz.passPercent * total, answers };
}

/** Each question's outcome; with `reveal`, its correct options and explanation too. */
function resultsOf(quiz: QuizWithAnswers, answers: QuizAttemptAnswer[], reveal: boolean): QuizResult[] {
  return answers.map((answer) => {
    const question = quiz.questions.find((item) => item.id === answer.question_id);
    const result: QuizResult = { question_id: answer.question_id, correct: answer.correct };
    if (reveal && question) {
      result.correct_option_ids = question.options.filter((o) => o.correct).map((o) => o.id);
      result.explanation = question.explanation;
    }
    return result;
  });
}

const attemptsLeft = (quiz: QuizWithAnswers, used: number) => (quiz.maxAttempts === null ? null : Math.max(0, quiz.maxAttempts - used));

/**
 * POST /quizzes/{lesson_uuid}/attempts/. Only a viewer the access module lets open the lesson may
 * attempt it (403, nothing stored). Attempts are counted under the enrolment's row lock and
 * numbered under a unique index, so two submissions at once are never both the last attempt:
 * past `max_attempts`, or once passed, 409. A pass completes the lesson (and may the course).
 */
export async function submitAttempt(db: Database, viewer: Viewer, lessonUuid: string, body: QuizAttemptBody): Promise<QuizAttemptResult> {
  const { lesson, quiz } = await quizLesson(db, lessonUuid);
  return db.transaction(async (tx) => {
    const access = await openableLesson(tx, viewer, lesson);
    const graded = grade(quiz, body);
    // The lock that serialises a student's progress serialises their attempts too (a preview quiz
    // opened without access has no enrolment: the unique attempt number alone decides).
    if (access.full) await enrolmentWithAccess(tx, viewer, access);
    const used = (await quizAttemptsUsed(tx, viewer.userId, [lesson.id])).get(lesson.id) ?? 0;
    if (await hasPassedQuiz(tx, viewer.userId, lesson.id)) throw new AppError('conflict', quizMessages.passedAlready);
    if (quiz.maxAttempts !== null && used >= quiz.maxAttempts) throw new AppError('conflict', quizMessages.noAttemptsLeft);
    const attemptNumber = used + 1;
    const stored = await recordQuizAttempt(tx, {
      userId: viewer.userId,
      courseId: lesson.courseId,
      lessonId: lesson.id,
      attemptNumber,
      scorePercent: graded.scorePercent,
      passed: graded.passed,
      answers: graded.answers,
    });
    if (stored === undefined) throw new AppError('conflict', quizMessages.noAttemptsLeft);
    if (graded.passed && access.full) await completeLessonOf(tx, viewer, access, lesson.id);
    const left = attemptsLeft(quiz, attemptNumber);
    return {
      attempt_number: attemptNumber,
      score_percent: graded.scorePercent,
      passed: graded.passed,
      attempts_left: left,
      results: resultsOf(quiz, graded.answers, graded.passed || left === 0),
    };
  });
}

/** GET /quizzes/{lesson_uuid}/attempts/: the viewer's own attempts, revealed as their latest state allows. */
export async function myAttempts(db: Database, viewer: Viewer, lessonUuid: string): Promise<QuizAttempts> {
  const { lesson, quiz } = await quizLesson(db, lessonUuid);
  await openableLesson(db, viewer, lesson);
  const rows = await quizAttemptsAt(db, viewer.userId, lesson.id);
  const passed = rows.some((r) => r.passed);
  const left = attemptsLeft(quiz, rows.length);
  const reveal = passed || left === 0;
  return {
    attempts_used: rows.length,
    attempts_left: left,
    passed,
    attempts: rows.map((r) => ({
      attempt_number: r.attemptNumber,
      score_percent: r.scorePercent,
      passed: r.passed,
      created_at: r.createdAt.toISOString(),
      results: resultsOf(quiz, r.answers, reveal),
      answers: r.answers.map((a) => ({ question_id: a.question_id, option_ids: a.option_ids })),
    })),
  };
}
