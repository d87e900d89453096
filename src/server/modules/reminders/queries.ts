import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.js';
import { abandonedEmails, emailUnsubscribes } from '../../db/schema/index.js';

type Db = Database | Tx;
type Reason = (typeof abandonedEmails.$inferSelect)['sendingReason'];

/** One reminder per email and reason: a later call replaces its courses and pushes it back. */
export async function upsertReminder(db: Db, values: { email: string; reason: Reason; courseIds: number[]; sendAfter: Date }): Promise<number> {
  const [row] = await db
    .insert(abandonedEmails)
    .values({ email: values.email, sendingReason: values.reason, courseIds: values.courseIds, sendAfter: values.sendAfter })
    .onConflictDoUpdate({
      target: [abandonedEmails.email, abandonedEmails.sendingReason],
      set: { courseIds: values.courseIds, sendAfter: values.sendAfter, sentAt: null },
    })
    .returning({ id: abandonedEmails.id });
  return row!.id;
}

/** Whether the reminder for this email and reason has gone out already. */
export async function reminderWasSent(db: Db, email: string, reason: Reason): Promise<boolean> {
  const [row] = await db
    .select({ sentAt: abandonedEmails.sentAt })
    .from(abandonedEmails)
    .where(and(eq(abandonedEmails.email, email), eq(abandonedEmails.sendingReason, reason)))
    .limit(1);
  return Boolean(row?.sentAt);
}

const reminderOf = (email: string, reason?: Reason) => and(eq(abandonedEmails.email, email), reason ? eq(abandonedEmails.sendingReason, reason) : undefined);

export async function deleteReminders(db: Db, email: string, reason?: Reason): Promise<void> {
  await db.delete(abandonedEmails).where(reminderOf(email, reason));
}

export async function removeCourseFromReminders(db: Db, email: string, reason: Reason | undefined, courseId: number): Promise<void> {
  await db
    .update(abandonedEmails)
    .set({
      courseIds: sql`coalesce((select jsonb_agg(v) from jsonb_array_elements(${abandonedEmails.courseIds}) v where v::int <> ${courseId}), '[]'::jsonb)`,
    })
    .where(reminderOf(email, reason));
}

export async function insertUnsubscribe(db: Db, email: string): Promise<void> {
  await db.insert(emailUnsubscribes).values({ email }).onConflictDoNothing();
}

export async function isUnsubscribed(db: Db, email: string): Promise<boolean> {
  const [row] = await db.select({ email: emailUnsubscribes.email }).from(emailUnsubscribes).where(eq(emailUnsubscribes.email, email)).limit(1);
  return Boolean(row);
}

export async function selectReminder(db: Db, id: number) {
  const [row] = await db.select().from(abandonedEmails).where(eq(abandonedEmails.id, id)).limit(1);
  return row;
}

/** Claims the reminder for sending: true for the one caller that marks it sent. */
export async function claimReminder(db: Db, id: number): Promise<boolean> {
  const claimed = await db
    .update(abandonedEmails)
    .set({ sentAt: new Date() })
    .where(and(eq(abandonedEmails.id, id), sql`${abandonedEmails.sentAt} is null`))
    .returning({ id: abandonedEmails.id });
  return claimed.length > 0;
}

/** Cart and checkout reminders sent in [from, to): to whom, when, and which courses they named. */
export function selectSentCartReminders(db: Db, from: Date, to: Date) {
  return db
    .select({
      email: abandonedEmails.email,
      sentAt: sql<Date>`${abandonedEmails.sentAt}`.mapWith(abandonedEmails.sentAt),
      courseIds: abandonedEmails.courseIds,
    })
    .from(abandonedEmails)
    .where(and(inArray(abandonedEmails.sendingReason, ['add_to_cart', 'checkout']), gte(abandonedEmails.sentAt, from), lt(abandonedEmails.sentAt, to)));
}
