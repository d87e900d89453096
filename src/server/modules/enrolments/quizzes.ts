/**
 * Students' graded quiz attempts: facts, as the lessons they completed are. Grading, and what a
 * student is told, is learning's (modules/learning/quizzes.ts); nothing here decides.
 */
import type { QuizAttemptAnswer } from '../../../shared/quizzes.js';
import type { Db, Tx } from '../../db/client.js';
import * as q from './queries/quizzes.js';

/** Attempts the user made at each of these quiz lessons, by lesson id (the course detail's `attempts_used`): one query. */
export function quizAttemptsUsed(db: Db, userId: number, lessonIds: number[]): Promise<Map<number, number>> {
  return q.countAttempts(db, userId, lessonIds);
}

/** The user's attempts at one quiz, newest first. */
export function quizAttemptsAt(db: Db, userId: number, lessonId: number) {
  return q.selectAttempts(db, userId, lessonId);
}

/** Stores attempt number `attemptNumber`; undefined when another submission took that number first. */
export function recordQuizAttempt(
  tx: Tx,
  values: { userId: number; courseId: number; lessonId: number; attemptNumber: number; scorePercent: number; passed: boolean; answers: QuizAttemptAnswer[] },
): Promise<number | undefined> {
  return q.insertAttempt(tx, values);
}

export function hasPassedQuiz(db: Db, userId: number, lessonId: number): Promise<boolean> {
  return q.hasPassed(db, userId, lessonId);
}

/** Each student's first attempt at these quizzes, and whether they passed since (the studio's statistics). */
export function firstQuizAttempts(db: Db, lessonIds: number[]) {
  return q.selectFirstAttempts(db, lessonIds);
}

/** A student's attempts at every quiz, newest first (the studio's student page). */
export function quizAttemptsOfUser(db: Db, userId: number) {
  return q.selectAttemptsOfUser(db, userId);
}
