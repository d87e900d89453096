import { and, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { abandonedEmails, emailUnsubscribes } from '../../db/schema/index.js';

type Reason = (typeof abandonedEmails.$inferSelect)['sendingReason'];

/**
 * One reminder per email and reason: a later call replaces its courses, its cart and pushes it
 * back; and at most one pending per email: a pending reminder for another reason gives way.
 */
export async function upsertReminder(
  db: Db,
  values: { email: string; reason: Reason; courseIds: number[]; sendAfter: Date; cartId: string | null },
): Promise<number> {
  await db
    .delete(abandonedEmails)
    .where(and(eq(abandonedEmails.email, values.email), sql`${abandonedEmails.sentAt} is null`, ne(abandonedEmails.sendingReason, values.reason)));
  const [row] = await db
    .insert(abandonedEmails)
    .values({ email: values.email, sendingReason: values.reason, courseIds: values.courseIds, sendAfter: values.sendAfter, cartId: values.cartId })
    .onConflictDoUpdate({
      target: [abandonedEmails.email, abandonedEmails.sendingReason],
      set: { courseIds: values.courseIds, sendAfter: values.sendAfter, sentAt: null, cartId: values.cartId },
    })
    .returning({ id: abandonedEmails.id });
  return row!.id;
}

/** The reminders of this email not sent yet, with the cart each came from. */
export function selectPendingReminders(db: Db, email: string) {
  return db
    .select({ id: abandonedEmails.id, cartId: abandonedEmails.cartId })
    .from(abandonedEmails)
    .where(and(eq(abandonedEmails.email, email), sql`${abandonedEmails.sentAt} is null`));
}

/** Whether this cart already asked for a reminder (sent or not) to an email other than `email`. */
export async function cartRemindsAnother(db: Db, cartId: string, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: abandonedEmails.id })
    .from(abandonedEmails)
    .where(and(eq(abandonedEmails.cartId, cartId), ne(abandonedEmails.email, email)))
    .limit(1);
  return Boolean(row);
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

/** An email's reminders: of one reason, and (a guest's cancel) only those its cart asked for. */
export interface ReminderScope {
  reason?: Reason | undefined;
  cartId?: string | undefined;
}
const reminderOf = (email: string, scope: ReminderScope = {}) =>
  and(
    eq(abandonedEmails.email, email),
    scope.reason ? eq(abandonedEmails.sendingReason, scope.reason) : undefined,
    scope.cartId ? eq(abandonedEmails.cartId, scope.cartId) : undefined,
  );

export async function deleteReminder(db: Db, id: number): Promise<void> {
  await db.delete(abandonedEmails).where(eq(abandonedEmails.id, id));
}

export async function deleteReminders(db: Db, email: string, scope?: ReminderScope): Promise<void> {
  await db.delete(abandonedEmails).where(reminderOf(email, scope));
}

export async function removeCourseFromReminders(db: Db, email: string, scope: ReminderScope, courseId: number): Promise<void> {
  await db
    .update(abandonedEmails)
    .set({
      courseIds: sql`coalesce((select jsonb_agg(v) from jsonb_array_elements(${abandonedEmails.courseIds}) v where v::int <> ${courseId}), '[]'::jsonb)`,
    })
    .where(reminderOf(email, scope));
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
