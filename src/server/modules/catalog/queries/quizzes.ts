/** Quiz lessons' settings, questions and options: catalog content, read with the lessons they belong to. */
import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.js';
import { lessons, quizOptions, quizQuestions, quizzes } from '../../../db/schema/index.js';

export interface QuizRow {
  lessonId: number;
  passPercent: number;
  maxAttempts: number | null;
  questions: Array<{
    id: number;
    prompt: string;
    kind: 'single' | 'multiple' | 'true_false';
    explanation: string | null;
    options: Array<{ id: number; text: string; correct: boolean }>;
  }>;
}

/**
 * The quizzes of some lessons (by lesson ids) or of a course, in question and option order: one
 * query. A quiz with no questions yet is still a quiz.
 */
async function selectQuizzesWhere(db: Db, where: { lessonIds?: number[]; courseId?: number }): Promise<Map<number, QuizRow>> {
  if (where.lessonIds && !where.lessonIds.length) return new Map();
  const rows = await db
    .select({
      lessonId: quizzes.lessonId,
      passPercent: quizzes.passPercent,
      maxAttempts: quizzes.maxAttempts,
      questionId: quizQuestions.id,
      prompt: quizQuestions.prompt,
      kind: quizQuestions.kind,
      explanation: quizQuestions.explanation,
      optionId: quizOptions.id,
      optionText: quizOptions.text,
      correct: quizOptions.correct,
    })
    .from(quizzes)
    .innerJoin(lessons, eq(lessons.id, quizzes.lessonId))
    .leftJoin(quizQuestions, eq(quizQuestions.lessonId, quizzes.lessonId))
    .leftJoin(quizOptions, eq(quizOptions.questionId, quizQuestions.id))
    .where(where.lessonIds ? inArray(quizzes.lessonId, where.lessonIds) : eq(lessons.courseId, where.courseId!))
    .orderBy(asc(quizzes.lessonId), asc(quizQuestions.position), asc(quizQuestions.id), asc(quizOptions.position), asc(quizOptions.id));
  const out = new Map<number, QuizRow>();
  for (const r of rows) {
    let quiz = out.get(r.lessonId);
    if (!quiz) out.set(r.lessonId, (quiz = { lessonId: r.lessonId, passPercent: r.passPercent, maxAttempts: r.maxAttempts, questions: [] }));
    if (r.questionId === null) continue;
    let question = quiz.questions.at(-1);
    if (question?.id !== r.questionId) {
      question = { id: r.questionId, prompt: r.prompt!, kind: r.kind!, explanation: r.explanation, options: [] };
      quiz.questions.push(question);
    }
    if (r.optionId !== null) question.options.push({ id: r.optionId, text: r.optionText!, correct: r.correct! });
  }
  return out;
}

export const selectQuizzesOfCourse = (db: Db, courseId: number) => selectQuizzesWhere(db, { courseId });
export const selectQuizzesOfLessons = (db: Db, lessonIds: number[]) => selectQuizzesWhere(db, { lessonIds });

/** The ids of the course's quiz lessons. */
export async function selectQuizLessonIds(db: Db, courseId: number): Promise<number[]> {
  const rows = await db
    .select({ id: lessons.id })
    .from(lessons)
    .where(and(eq(lessons.courseId, courseId), eq(lessons.lessonType, 'quiz')));
  return rows.map((r) => r.id);
}

export async function upsertQuiz(tx: Tx, lessonId: number, values: { passPercent: number; maxAttempts: number | null }): Promise<void> {
  await tx
    .insert(quizzes)
    .values({ lessonId, ...values })
    .onConflictDoUpdate({ target: quizzes.lessonId, set: values });
}

/** A lesson that is no longer a quiz loses its quiz (its students' attempts stay in learning's records). */
export async function deleteQuiz(tx: Tx, lessonId: number): Promise<void> {
  await tx.delete(quizQuestions).where(eq(quizQuestions.lessonId, lessonId));
  await tx.delete(quizzes).where(eq(quizzes.lessonId, lessonId));
}

export async function deleteQuestionsExcept(tx: Tx, lessonId: number, keep: number[]): Promise<void> {
  await tx.delete(quizQuestions).where(and(eq(quizQuestions.lessonId, lessonId), keep.length ? notInArray(quizQuestions.id, keep) : undefined));
}

export async function saveQuestion(
  tx: Tx,
  lessonId: number,
  id: number | undefined,
  values: { position: number; prompt: string; kind: 'single' | 'multiple' | 'true_false'; explanation: string | null },
): Promise<number> {
  if (id !== undefined) {
    await tx
      .update(quizQuestions)
      .set(values)
      .where(and(eq(quizQuestions.id, id), eq(quizQuestions.lessonId, lessonId)));
    return id;
  }
  const [row] = await tx
    .insert(quizQuestions)
    .values({ lessonId, ...values })
    .returning({ id: quizQuestions.id });
  return row!.id;
}

export async function deleteOptionsExcept(tx: Tx, questionId: number, keep: number[]): Promise<void> {
  await tx.delete(quizOptions).where(and(eq(quizOptions.questionId, questionId), keep.length ? notInArray(quizOptions.id, keep) : undefined));
}

export async function saveOption(
  tx: Tx,
  questionId: number,
  id: number | undefined,
  values: { position: number; text: string; correct: boolean },
): Promise<void> {
  if (id !== undefined) {
    await tx
      .update(quizOptions)
      .set(values)
      .where(and(eq(quizOptions.id, id), eq(quizOptions.questionId, questionId)));
    return;
  }
  await tx.insert(quizOptions).values({ questionId, ...values });
}
