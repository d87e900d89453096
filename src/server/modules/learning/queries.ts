import { and, asc, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { answers, certificates, questions } from '../../db/schema/index.js';
import { outer } from '../../db/sql.js';
import { userFactsChanged } from '../../invalidation/user-facts.js';

export async function insertCertificate(db: Db, values: typeof certificates.$inferInsert) {
  const inserted = await db.insert(certificates).values(values).onConflictDoNothing().returning({ id: certificates.id });
  if (inserted.length) userFactsChanged(db, values.userId);
  const [row] = await db
    .select()
    .from(certificates)
    .where(and(eq(certificates.userId, values.userId), eq(certificates.courseId, values.courseId)))
    .limit(1);
  return row!;
}

export async function selectCertificate(db: Db, certificateId: string) {
  const [row] = await db.select().from(certificates).where(eq(certificates.certificateId, certificateId)).limit(1);
  return row;
}

export function selectCertificatesOfUser(db: Db, userId: number) {
  return db.select().from(certificates).where(eq(certificates.userId, userId)).orderBy(desc(certificates.issuedAt));
}

export async function countCertificates(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(certificates)
    .where(eq(certificates.userId, userId));
  return row?.n ?? 0;
}

export async function insertQuestion(db: Db, values: typeof questions.$inferInsert) {
  const [row] = await db.insert(questions).values(values).returning({ id: questions.id });
  return row!.id;
}

/** Questions (newest first, at most 200) and all their answers: two queries. */
export async function selectQuestions(db: Db, filter: { userId?: number; courseId?: number; questionId?: number; questionIds?: number[] }) {
  const rows = await db
    .select({
      id: questions.id,
      title: questions.title,
      body: questions.body,
      createdAt: questions.createdAt,
      userId: questions.userId,
      courseId: questions.courseId,
      lessonId: questions.lessonId,
    })
    .from(questions)
    .where(
      and(
        filter.userId ? eq(questions.userId, filter.userId) : undefined,
        filter.courseId ? eq(questions.courseId, filter.courseId) : undefined,
        filter.questionId ? eq(questions.id, filter.questionId) : undefined,
        filter.questionIds ? inArray(questions.id, filter.questionIds) : undefined,
      ),
    )
    .orderBy(desc(questions.createdAt))
    .limit(200);
  const ids = rows.map((r) => r.id);
  const answerRows = ids.length
    ? await db
        .select({ id: answers.id, questionId: answers.questionId, body: answers.body, createdAt: answers.createdAt, userId: answers.userId })
        .from(answers)
        .where(inArray(answers.questionId, ids))
        .orderBy(asc(answers.createdAt))
    : [];
  return { rows, answerRows };
}

const isAnswered = sql<boolean>`exists (select 1 from ${answers} where ${answers.questionId} = ${outer(questions.id)})`;

/**
 * The studio's inbox: one page of questions across every course, unanswered first (newest first
 * within each), with the total matching and how many are unanswered in all (the same course filter).
 */
export async function selectQuestionPage(db: Db, filter: { answered?: boolean | undefined; courseId?: number | undefined }, limit: number, offset: number) {
  const course = filter.courseId ? eq(questions.courseId, filter.courseId) : undefined;
  const where = and(course, filter.answered === undefined ? undefined : filter.answered ? isAnswered : sql`not ${isAnswered}`);
  const [rows, [counts]] = await Promise.all([
    db.select({ id: questions.id }).from(questions).where(where).orderBy(isAnswered, desc(questions.createdAt), desc(questions.id)).limit(limit).offset(offset),
    db
      .select({
        total: sql<number>`count(*) filter (where ${where ?? sql`true`})`.mapWith(Number),
        unanswered: sql<number>`count(*) filter (where not ${isAnswered})`.mapWith(Number),
      })
      .from(questions)
      .where(course),
  ]);
  return { ids: rows.map((r) => r.id), total: counts?.total ?? 0, unanswered: counts?.unanswered ?? 0 };
}

export async function insertAnswer(db: Db, values: typeof answers.$inferInsert): Promise<void> {
  await db.insert(answers).values(values);
}

/** Of `courseIds`, those with a certificate or a question of anyone outside `exceptUserIds`. */
export async function selectCoursesWithLearnerActivity(db: Db, courseIds: number[], exceptUserIds: number[]): Promise<number[]> {
  if (!courseIds.length) return [];
  const certified = await db
    .selectDistinct({ courseId: certificates.courseId })
    .from(certificates)
    .where(and(inArray(certificates.courseId, courseIds), exceptUserIds.length ? notInArray(certificates.userId, exceptUserIds) : undefined));
  const asked = await db
    .selectDistinct({ courseId: questions.courseId })
    .from(questions)
    .where(and(inArray(questions.courseId, courseIds), exceptUserIds.length ? notInArray(questions.userId, exceptUserIds) : undefined));
  return [...new Set([...certified, ...asked].map((r) => r.courseId))];
}
