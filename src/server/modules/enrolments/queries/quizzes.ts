/** Students' graded quiz attempts: facts about their learning, beside the lessons they completed. */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.js';
import type { QuizAttemptAnswer } from '../../../../shared/quizzes.js';
import { quizAttempts } from '../../../db/schema/index.js';
import { userFactsChanged } from '../../../invalidation/user-facts.js';

/** How many attempts the user made at each of these quiz lessons: one query. */
export async function countAttempts(db: Db, userId: number, lessonIds: number[]): Promise<Map<number, number>> {
  if (!lessonIds.length) return new Map();
  const rows = await db
    .select({ lessonId: quizAttempts.lessonId, n: sql<number>`count(*)`.mapWith(Number) })
    .from(quizAttempts)
    .where(and(eq(quizAttempts.userId, userId), inArray(quizAttempts.lessonId, lessonIds)))
    .groupBy(quizAttempts.lessonId);
  return new Map(rows.map((r) => [r.lessonId, r.n]));
}

/** The user's attempts at one quiz, newest first. */
export function selectAttempts(db: Db, userId: number, lessonId: number) {
  return db
    .select({
      attemptNumber: quizAttempts.attemptNumber,
      scorePercent: quizAttempts.scorePercent,
      passed: quizAttempts.passed,
      answers: quizAttempts.answers,
      createdAt: quizAttempts.createdAt,
    })
    .from(quizAttempts)
    .where(and(eq(quizAttempts.userId, userId), eq(quizAttempts.lessonId, lessonId)))
    .orderBy(desc(quizAttempts.attemptNumber));
}

/**
 * Stores attempt `attemptNumber`; undefined when that number is taken already (another
 * submission at the same moment got it): the unique index, not a read, decides.
 */
export async function insertAttempt(
  tx: Tx,
  values: { userId: number; courseId: number; lessonId: number; attemptNumber: number; scorePercent: number; passed: boolean; answers: QuizAttemptAnswer[] },
): Promise<number | undefined> {
  const [row] = await tx.insert(quizAttempts).values(values).onConflictDoNothing().returning({ id: quizAttempts.id });
  if (row) userFactsChanged(tx, values.userId);
  return row?.id;
}

/** Whether the user passed the quiz. */
export async function hasPassed(db: Db, userId: number, lessonId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: quizAttempts.id })
    .from(quizAttempts)
    .where(and(eq(quizAttempts.userId, userId), eq(quizAttempts.lessonId, lessonId), eq(quizAttempts.passed, true)))
    .limit(1);
  return row !== undefined;
}

/** Each student's first attempt at these quizzes (what the studio's statistics count), and whether they passed since. */
export async function selectFirstAttempts(db: Db, lessonIds: number[]) {
  if (!lessonIds.length) return [];
  return db
    .selectDistinctOn([quizAttempts.lessonId, quizAttempts.userId], {
      lessonId: quizAttempts.lessonId,
      userId: quizAttempts.userId,
      answers: quizAttempts.answers,
      passedEver: sql<boolean>`bool_or(${quizAttempts.passed}) over (partition by ${quizAttempts.lessonId}, ${quizAttempts.userId})`,
    })
    .from(quizAttempts)
    .where(inArray(quizAttempts.lessonId, lessonIds))
    .orderBy(asc(quizAttempts.lessonId), asc(quizAttempts.userId), asc(quizAttempts.attemptNumber));
}

/** A student's attempts at every quiz, newest first (the studio's student page). */
export function selectAttemptsOfUser(db: Db, userId: number) {
  return db
    .select({
      courseId: quizAttempts.courseId,
      lessonId: quizAttempts.lessonId,
      attemptNumber: quizAttempts.attemptNumber,
      scorePercent: quizAttempts.scorePercent,
      passed: quizAttempts.passed,
      createdAt: quizAttempts.createdAt,
    })
    .from(quizAttempts)
    .where(eq(quizAttempts.userId, userId))
    .orderBy(desc(quizAttempts.createdAt), desc(quizAttempts.id));
}
