import { and, asc, count, desc, eq, inArray, isNull, max, notInArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { letters, projectRounds, projects, projectSubmissions } from '../../db/schema/index.js';
import { userFactsChanged } from '../../invalidation/user-facts.js';

export type ProjectRow = typeof projects.$inferSelect;
export type SubmissionRow = typeof projectSubmissions.$inferSelect;
export type RoundRow = typeof projectRounds.$inferSelect;
export type LetterRow = typeof letters.$inferSelect;
export type SubmissionStatus = SubmissionRow['status'];
export type Decision = NonNullable<RoundRow['decision']>;

// ---------------------------------------------------------------- projects

export function selectProjectsOfCourse(db: Db, courseId: number, publishedOnly: boolean): Promise<ProjectRow[]> {
  return db
    .select()
    .from(projects)
    .where(and(eq(projects.courseId, courseId), publishedOnly ? eq(projects.published, true) : undefined))
    .orderBy(asc(projects.position), asc(projects.id));
}

export async function selectProject(db: Db, id: number, lock = false): Promise<ProjectRow | undefined> {
  const query = db.select().from(projects).where(eq(projects.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function selectProjectsByIds(db: Db, ids: number[]): Promise<ProjectRow[]> {
  if (!ids.length) return [];
  return db.select().from(projects).where(inArray(projects.id, ids));
}

/** Submissions per project (the studio's list, and whether a project may be deleted). */
export async function countSubmissionsByProject(db: Db, projectIds: number[]): Promise<Map<number, number>> {
  if (!projectIds.length) return new Map();
  const rows = await db
    .select({ projectId: projectSubmissions.projectId, n: count() })
    .from(projectSubmissions)
    .where(inArray(projectSubmissions.projectId, projectIds))
    .groupBy(projectSubmissions.projectId);
  return new Map(rows.map((r) => [r.projectId, r.n]));
}

export async function nextProjectPosition(db: Db, courseId: number): Promise<number> {
  const [row] = await db
    .select({ last: max(projects.position) })
    .from(projects)
    .where(eq(projects.courseId, courseId));
  return (row?.last ?? 0) + 1;
}

export async function insertProject(db: Db, values: typeof projects.$inferInsert): Promise<ProjectRow> {
  const [row] = await db.insert(projects).values(values).returning();
  return row!;
}

export async function updateProject(db: Db, id: number, values: Partial<typeof projects.$inferInsert>): Promise<ProjectRow | undefined> {
  const [row] = await db
    .update(projects)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(projects.id, id))
    .returning();
  return row;
}

/** Positions 1..n in the order given (the course's projects, one moved). */
export async function renumberProjects(db: Tx, orderedIds: number[]): Promise<void> {
  for (const [index, id] of orderedIds.entries())
    await db
      .update(projects)
      .set({ position: index + 1 })
      .where(eq(projects.id, id));
}

export async function deleteProject(db: Db, id: number): Promise<void> {
  await db.delete(projects).where(eq(projects.id, id));
}

/** The first published project of each course among those given (the home banner's course). */
export async function selectCoursesWithPublishedProject(db: Db): Promise<{ courseId: number; title: string }[]> {
  return db
    .select({ courseId: projects.courseId, title: projects.title })
    .from(projects)
    .where(eq(projects.published, true))
    .orderBy(asc(projects.courseId), asc(projects.position), asc(projects.id));
}

// ---------------------------------------------------------------- submissions

export async function selectSubmission(db: Db, id: number, lock = false): Promise<SubmissionRow | undefined> {
  const query = db.select().from(projectSubmissions).where(eq(projectSubmissions.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function selectSubmissionsOfUser(db: Db, userId: number): Promise<SubmissionRow[]> {
  return db
    .select()
    .from(projectSubmissions)
    .where(eq(projectSubmissions.userId, userId))
    .orderBy(desc(projectSubmissions.updatedAt), desc(projectSubmissions.id));
}

export async function selectUserSubmissionsOfProjects(db: Db, userId: number, projectIds: number[]): Promise<SubmissionRow[]> {
  if (!projectIds.length) return [];
  return db
    .select()
    .from(projectSubmissions)
    .where(and(eq(projectSubmissions.userId, userId), inArray(projectSubmissions.projectId, projectIds)))
    .orderBy(projectSubmissions.id);
}

/**
 * A new submission, or nothing when the student already has an open one for this project (one not
 * rejected: the partial unique index decides, so two requests at once make one submission and the
 * other gets nothing).
 */
export async function insertSubmission(db: Tx, projectId: number, userId: number): Promise<SubmissionRow | undefined> {
  const [row] = await db.insert(projectSubmissions).values({ projectId, userId }).onConflictDoNothing().returning();
  return row;
}

/**
 * Moves a submission from one of `from` to `to`, in one statement: of two callers deciding the
 * same round at once, exactly one finds it still in `from` (the other waits for its commit, then
 * finds nothing to update).
 */
export async function moveSubmission(db: Db, id: number, from: SubmissionStatus[], to: SubmissionStatus): Promise<SubmissionRow | undefined> {
  const [row] = await db
    .update(projectSubmissions)
    .set({ status: to, updatedAt: new Date() })
    .where(and(eq(projectSubmissions.id, id), inArray(projectSubmissions.status, from)))
    .returning();
  return row;
}

/** The review queue: oldest waiting first (by when its latest round was handed in), with the total. */
export async function selectSubmissionPage(
  db: Db,
  filter: { status?: SubmissionStatus | undefined; courseId?: number | undefined },
  limit: number,
  offset: number,
) {
  const latest = db
    .select({
      submissionId: projectRounds.submissionId,
      number: max(projectRounds.number).as('number'),
      submittedAt: max(projectRounds.submittedAt).as('submitted_at'),
    })
    .from(projectRounds)
    .groupBy(projectRounds.submissionId)
    .as('latest');
  const where = and(
    filter.status ? eq(projectSubmissions.status, filter.status) : undefined,
    filter.courseId ? eq(projects.courseId, filter.courseId) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: projectSubmissions.id,
        status: projectSubmissions.status,
        userId: projectSubmissions.userId,
        projectId: projects.id,
        projectTitle: projects.title,
        courseId: projects.courseId,
        round: latest.number,
        submittedAt: latest.submittedAt,
      })
      .from(projectSubmissions)
      .innerJoin(projects, eq(projects.id, projectSubmissions.projectId))
      .innerJoin(latest, eq(latest.submissionId, projectSubmissions.id))
      .where(where)
      .orderBy(asc(latest.submittedAt), asc(projectSubmissions.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(projectSubmissions).innerJoin(projects, eq(projects.id, projectSubmissions.projectId)).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Submissions waiting for a reviewer (submitted or in review): the studio inbox's count. */
export async function countWaitingSubmissions(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(projectSubmissions)
    .where(inArray(projectSubmissions.status, ['submitted', 'in_review']));
  return row?.n ?? 0;
}

// ---------------------------------------------------------------- rounds

export function selectRounds(db: Db, submissionIds: number[]): Promise<RoundRow[]> {
  if (!submissionIds.length) return Promise.resolve([]);
  return db
    .select()
    .from(projectRounds)
    .where(inArray(projectRounds.submissionId, submissionIds))
    .orderBy(asc(projectRounds.submissionId), asc(projectRounds.number));
}

export async function selectRound(db: Db, id: number): Promise<RoundRow | undefined> {
  const [row] = await db.select().from(projectRounds).where(eq(projectRounds.id, id)).limit(1);
  return row;
}

export async function insertRound(db: Tx, values: typeof projectRounds.$inferInsert): Promise<RoundRow> {
  const [row] = await db.insert(projectRounds).values(values).returning();
  return row!;
}

/** The open round's review started by this reviewer (only the first opening counts). */
export async function markRoundOpened(db: Db, submissionId: number, reviewerId: number | null, reviewerName: string): Promise<void> {
  await db
    .update(projectRounds)
    .set({ reviewStartedAt: new Date(), reviewerId, reviewerName })
    .where(and(eq(projectRounds.submissionId, submissionId), isNull(projectRounds.decision), isNull(projectRounds.reviewStartedAt)));
}

/** Decides the submission's open round (the one without a decision), or nothing when none is open. */
export async function decideOpenRound(
  db: Tx,
  submissionId: number,
  review: { decision: Decision; feedback: string; criteria: RoundRow['criteria']; reviewerId: number | null; reviewerName: string },
): Promise<RoundRow | undefined> {
  const now = new Date();
  const [row] = await db
    .update(projectRounds)
    .set({
      decision: review.decision,
      feedback: review.feedback,
      criteria: review.criteria,
      reviewerId: review.reviewerId,
      reviewerName: review.reviewerName,
      decidedAt: now,
      reviewStartedAt: sql`coalesce(${projectRounds.reviewStartedAt}, ${now.toISOString()}::timestamptz)`,
    })
    .where(and(eq(projectRounds.submissionId, submissionId), isNull(projectRounds.decision)))
    .returning();
  return row;
}

// ---------------------------------------------------------------- letters

export async function insertLetter(db: Tx, values: typeof letters.$inferInsert): Promise<LetterRow> {
  const [row] = await db.insert(letters).values(values).returning();
  userFactsChanged(db, values.userId);
  return row!;
}

export async function selectLetter(db: Db, letterId: string, lock = false): Promise<LetterRow | undefined> {
  const query = db.select().from(letters).where(eq(letters.letterId, letterId)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function selectLettersOfSubmissions(db: Db, submissionIds: number[]): Promise<LetterRow[]> {
  if (!submissionIds.length) return [];
  return db.select().from(letters).where(inArray(letters.submissionId, submissionIds));
}

/** Revokes a letter still valid (one statement: a second revocation finds nothing). */
export async function revokeLetter(db: Tx, letterId: string, reason: string): Promise<LetterRow | undefined> {
  const [row] = await db
    .update(letters)
    .set({ revokedAt: new Date(), revokeReason: reason })
    .where(and(eq(letters.letterId, letterId), isNull(letters.revokedAt)))
    .returning();
  if (row) userFactsChanged(db, row.userId);
  return row;
}

/** Valid letters of a student (the dashboard's counter). */
export async function countValidLetters(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(letters)
    .where(and(eq(letters.userId, userId), isNull(letters.revokedAt)));
  return row?.n ?? 0;
}

/** Letters issued and not revoked, everyone's: the home page's letters figure. */
export async function countIssuedLetters(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(letters).where(isNull(letters.revokedAt));
  return row?.n ?? 0;
}

/** Of `courseIds`, those with a project someone outside `exceptUserIds` handed in, or a letter of theirs. */
export async function selectCoursesWithSubmissions(db: Db, courseIds: number[], exceptUserIds: number[]): Promise<number[]> {
  if (!courseIds.length) return [];
  const others = (column: typeof projectSubmissions.userId | typeof letters.userId) => (exceptUserIds.length ? notInArray(column, exceptUserIds) : undefined);
  const handedIn = await db
    .selectDistinct({ courseId: projects.courseId })
    .from(projectSubmissions)
    .innerJoin(projects, eq(projects.id, projectSubmissions.projectId))
    .where(and(inArray(projects.courseId, courseIds), others(projectSubmissions.userId)));
  const lettered = await db
    .selectDistinct({ courseId: letters.courseId })
    .from(letters)
    .where(and(inArray(letters.courseId, courseIds), others(letters.userId)));
  return [...new Set([...handedIn, ...lettered].map((r) => r.courseId))];
}

/** The hand-ins and letters of the users. */
export async function countHandInsOf(db: Db, userIds: number[]): Promise<{ submissions: number; letters: number }> {
  if (!userIds.length) return { submissions: 0, letters: 0 };
  const [s] = await db.select({ n: count() }).from(projectSubmissions).where(inArray(projectSubmissions.userId, userIds));
  const [l] = await db.select({ n: count() }).from(letters).where(inArray(letters.userId, userIds));
  return { submissions: s?.n ?? 0, letters: l?.n ?? 0 };
}
