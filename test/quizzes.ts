import { asc, eq } from 'drizzle-orm';
import type { DatabaseHandle } from '../src/server/db/client.js';
import { lessons, quizOptions, quizQuestions } from '../src/server/db/schema/index.js';

/** The right answers to a quiz lesson, read from the catalog's tables (a test knows them; a student never does). */
export async function rightAnswers(handle: DatabaseHandle, lessonUuid: string) {
  const rows = await handle.db
    .select({ questionId: quizQuestions.id, optionId: quizOptions.id, correct: quizOptions.correct })
    .from(quizQuestions)
    .innerJoin(lessons, eq(lessons.id, quizQuestions.lessonId))
    .innerJoin(quizOptions, eq(quizOptions.questionId, quizQuestions.id))
    .where(eq(lessons.uuid, lessonUuid))
    .orderBy(asc(quizQuestions.position), asc(quizOptions.position));
  const byQuestion = new Map<number, number[]>();
  for (const r of rows) {
    const ids = byQuestion.get(r.questionId) ?? [];
    if (r.correct) ids.push(r.optionId);
    byQuestion.set(r.questionId, ids);
  }
  return [...byQuestion].map(([question_id, option_ids]) => ({ question_id, option_ids }));
}
