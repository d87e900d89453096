/** The instructor and the reviews as the studio edits them. */
import { asc, eq, max } from 'drizzle-orm';
import type { Tx, Db } from '../../../db/client.js';
import { clientReviews, instructors } from '../../../db/schema/index.js';

export type InstructorRow = typeof instructors.$inferSelect;
export type ReviewRow = typeof clientReviews.$inferSelect;

export async function selectFirstInstructor(db: Db, lock = false) {
  const query = db.select().from(instructors).orderBy(asc(instructors.id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function insertInstructor(tx: Tx, values: typeof instructors.$inferInsert) {
  const [row] = await tx.insert(instructors).values(values).returning();
  return row!;
}

export async function updateInstructor(tx: Tx, id: number, values: Partial<typeof instructors.$inferInsert>) {
  const [row] = await tx.update(instructors).set(values).where(eq(instructors.id, id)).returning();
  return row!;
}

export async function selectAllReviews(db: Db) {
  return db.select().from(clientReviews).orderBy(asc(clientReviews.position), asc(clientReviews.id));
}

export async function selectReview(db: Db, id: number, lock = false) {
  const query = db.select().from(clientReviews).where(eq(clientReviews.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function insertReview(tx: Tx, values: Omit<typeof clientReviews.$inferInsert, 'position'>) {
  const [last] = await tx.select({ n: max(clientReviews.position) }).from(clientReviews);
  const [row] = await tx
    .insert(clientReviews)
    .values({ ...values, position: (last?.n ?? 0) + 1 })
    .returning();
  return row!;
}

export async function updateReview(tx: Tx, id: number, values: Partial<typeof clientReviews.$inferInsert>) {
  const [row] = await tx.update(clientReviews).set(values).where(eq(clientReviews.id, id)).returning();
  return row!;
}

export async function deleteReview(tx: Tx, id: number): Promise<void> {
  await tx.delete(clientReviews).where(eq(clientReviews.id, id));
}

export async function lockReviews(tx: Tx) {
  return tx.select({ id: clientReviews.id }).from(clientReviews).orderBy(asc(clientReviews.position), asc(clientReviews.id)).for('update');
}
