/**
 * Quiz lessons as catalog content: the questions a player may show (never which options are
 * correct), the answers the grader and the studio read, and the studio's writes.
 */
import { quizMessages, type AdminQuiz, type QuizBody, type QuizQuestion } from '../../../shared/quizzes.js';
import type { Db, Tx } from '../../db/client.js';
import { AppError } from '../../errors.js';
import * as q from './queries/quizzes.js';

export type QuizWithAnswers = q.QuizRow;

/** A quiz as any viewer who may open its lesson sees it: the questions and options, nothing about correctness. */
export interface PublicQuiz {
  passPercent: number;
  maxAttempts: number | null;
  questions: QuizQuestion[];
}

const publicQuiz = (quiz: q.QuizRow): PublicQuiz => ({
  passPercent: quiz.passPercent,
  maxAttempts: quiz.maxAttempts,
  questions: quiz.questions.map((question) => ({
    id: question.id,
    prompt: question.prompt,
    kind: question.kind,
    options: question.options.map((o) => ({ id: o.id, text: o.text })),
  })),
});

/** The course's quizzes without their answers, by lesson id (the course page's shared content): one query. */
export async function publicQuizzesOfCourse(db: Db, courseId: number): Promise<Map<number, PublicQuiz>> {
  const quizzes = await q.selectQuizzesOfCourse(db, courseId);
  return new Map([...quizzes].map(([lessonId, quiz]) => [lessonId, publicQuiz(quiz)]));
}

/** One quiz with its answers and explanations, for grading (learning) and the studio. */
export async function getQuizWithAnswers(db: Db, lessonId: number): Promise<QuizWithAnswers | undefined> {
  return (await q.selectQuizzesOfLessons(db, [lessonId])).get(lessonId);
}

/** Quizzes with their answers by lesson id (the studio's statistics). */
export function getQuizzesWithAnswers(db: Db, lessonIds: number[]): Promise<Map<number, QuizWithAnswers>> {
  return q.selectQuizzesOfLessons(db, lessonIds);
}

/** The ids of the course's quiz lessons (a course completes only when every one is passed). */
export function quizLessonIds(db: Db, courseId: number): Promise<number[]> {
  return q.selectQuizLessonIds(db, courseId);
}

export function adminQuizView(quiz: q.QuizRow): AdminQuiz {
  return {
    pass_percent: quiz.passPercent,
    max_attempts: quiz.maxAttempts,
    questions: quiz.questions.map((question) => ({
      id: question.id,
      prompt: question.prompt,
      kind: question.kind,
      explanation: question.explanation,
      options: question.options.map((o) => ({ id: o.id, text: o.text, correct: o.correct })),
    })),
  };
}

/** The studio's quizzes of a course, by lesson id. */
export async function studioQuizzesOfCourse(db: Db, courseId: number): Promise<Map<number, AdminQuiz>> {
  const quizzes = await q.selectQuizzesOfCourse(db, courseId);
  return new Map([...quizzes].map(([lessonId, quiz]) => [lessonId, adminQuizView(quiz)]));
}

/**
 * Writes a lesson's quiz as sent (null: the lesson is not a quiz, and loses any quiz it had).
 * Questions and options sent with their id are kept (so students' answers to them still count in
 * the statistics), the others are added, and those not sent are removed. An id that is not this
 * quiz's own is a field error, and nothing is written (the caller's transaction rolls back).
 */
export async function saveQuiz(tx: Tx, lessonId: number, body: QuizBody | null): Promise<void> {
  if (!body) {
    await q.deleteQuiz(tx, lessonId);
    return;
  }
  const current = (await q.selectQuizzesOfLessons(tx, [lessonId])).get(lessonId);
  const optionsOf = new Map((current?.questions ?? []).map((question) => [question.id, new Set(question.options.map((o) => o.id))]));
  for (const question of body.questions) {
    if (question.id === undefined) {
      if (question.options.some((o) => o.id !== undefined)) throw AppError.fields({ quiz: [quizMessages.notThisQuestion] });
      continue;
    }
    const options = optionsOf.get(question.id);
    if (!options) throw AppError.fields({ quiz: [quizMessages.notThisQuiz] });
    if (question.options.some((o) => o.id !== undefined && !options.has(o.id))) throw AppError.fields({ quiz: [quizMessages.notThisQuestion] });
  }
  await q.upsertQuiz(tx, lessonId, { passPercent: body.pass_percent, maxAttempts: body.max_attempts });
  await q.deleteQuestionsExcept(
    tx,
    lessonId,
    body.questions.flatMap((question) => (question.id !== undefined ? [question.id] : [])),
  );
  for (const [index, question] of body.questions.entries()) {
    const questionId = await q.saveQuestion(tx, lessonId, question.id, {
      position: index + 1,
      prompt: question.prompt,
      kind: question.kind,
      explanation: question.explanation,
    });
    await q.deleteOptionsExcept(
      tx,
      questionId,
      question.options.flatMap((o) => (o.id !== undefined ? [o.id] : [])),
    );
    for (const [position, option] of question.options.entries())
      await q.saveOption(tx, questionId, option.id, { position: position + 1, text: option.text, correct: option.correct });
  }
}
