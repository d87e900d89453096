import { desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Tx, Db } from '../../db/client.js';
import { contactMessages } from '../../db/schema/index.js';

export async function insertContactMessage(db: Db, values: typeof contactMessages.$inferInsert): Promise<void> {
  await db.insert(contactMessages).values(values);
}

const columns = {
  id: contactMessages.id,
  name: contactMessages.name,
  email: contactMessages.email,
  role: contactMessages.role,
  specify: contactMessages.specify,
  message: contactMessages.message,
  createdAt: contactMessages.createdAt,
  handledAt: contactMessages.handledAt,
};
export type ContactMessageRow = { [K in keyof typeof columns]: (typeof contactMessages.$inferSelect)[K] };

/** One page, newest first, with the total matching and how many wait to be handled in all. */
export async function selectContactPage(db: Db, filter: { handled?: boolean | undefined }, limit: number, offset: number) {
  const where = filter.handled === undefined ? undefined : filter.handled ? isNotNull(contactMessages.handledAt) : isNull(contactMessages.handledAt);
  const [rows, [counts]] = await Promise.all([
    db.select(columns).from(contactMessages).where(where).orderBy(desc(contactMessages.createdAt), desc(contactMessages.id)).limit(limit).offset(offset),
    db
      .select({
        total: sql<number>`count(*) filter (where ${where ?? sql`true`})`.mapWith(Number),
        unhandled: sql<number>`count(*) filter (where ${contactMessages.handledAt} is null)`.mapWith(Number),
      })
      .from(contactMessages),
  ]);
  return { rows, total: counts?.total ?? 0, unhandled: counts?.unhandled ?? 0 };
}

export async function selectContactMessageForUpdate(db: Tx, id: number): Promise<ContactMessageRow | undefined> {
  const [row] = await db.select(columns).from(contactMessages).where(eq(contactMessages.id, id)).limit(1).for('update');
  return row;
}

export async function updateHandled(db: Tx, id: number, handledAt: Date | null, handledBy: number | null): Promise<ContactMessageRow | undefined> {
  const [row] = await db.update(contactMessages).set({ handledAt, handledBy }).where(eq(contactMessages.id, id)).returning(columns);
  return row;
}
