import { z } from 'zod';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { abandonedCartEmail } from '../../emails/abandoned-cart.js';
import { SEND_EMAIL_JOB } from '../../jobs/email.js';
import type { JobQueue } from '../../jobs/queue.js';
import { sign, verifySignature } from '../../lib/signing.js';
import { getPublicUserByEmail } from '../accounts/index.js';
import { listCourses } from '../catalog/index.js';
import { ownedCourseIds } from '../learning/index.js';
import { hasEverSubscribed } from '../subscriptions/index.js';
import * as q from './queries.js';

export const ABANDONED_REMINDER_JOB = 'abandoned.remind';
type Reason = 'add_to_cart' | 'checkout' | 'subscription';

export interface ReminderDeps {
  db: Database;
  queue: JobQueue;
  config: Config;
}

/**
 * Schedules (or pushes back) one reminder per email and reason; the latest call wins. A membership
 * reminder goes out once in all: never again once sent, and never to someone who subscribed.
 */
export async function scheduleReminder(deps: ReminderDeps, input: { email: string; reason: Reason; courseIds: number[] }): Promise<void> {
  if (input.reason === 'subscription') {
    if (await q.reminderWasSent(deps.db, input.email, 'subscription')) return;
    const user = await getPublicUserByEmail(deps.db, input.email);
    if (user && (await hasEverSubscribed(deps, user.id))) return;
  }
  const sendAfter = new Date(Date.now() + deps.config.abandonedCartDelayMs);
  const id = await q.upsertReminder(deps.db, { ...input, sendAfter });
  await deps.queue.enqueue(ABANDONED_REMINDER_JOB, { id }, { delayMs: deps.config.abandonedCartDelayMs });
}

export async function cancelReminder(db: Database, input: { email: string; reason?: Reason | undefined; courseId?: number | undefined }): Promise<void> {
  if (input.courseId === undefined) await q.deleteReminders(db, input.email, input.reason);
  else await q.removeCourseFromReminders(db, input.email, input.reason, input.courseId);
}

export function unsubscribeUrl(config: Config, email: string): string {
  const expires = Date.now() + 365 * 24 * 60 * 60 * 1000;
  const params = new URLSearchParams({ email, expires: String(expires), signature: sign(config.jwtSecret, 'unsubscribe', email, expires) });
  return `${config.publicUrl}/api/v1/emails/unsubscribe/?${params.toString()}`;
}

export async function unsubscribe(deps: ReminderDeps, input: { email: string; expires: number; signature: string }): Promise<boolean> {
  if (!verifySignature(deps.config.jwtSecret, 'unsubscribe', input.email, input.expires, input.signature)) return false;
  await q.insertUnsubscribe(deps.db, input.email);
  await q.deleteReminders(deps.db, input.email);
  return true;
}

/** Sends the reminder when it is due, unless the courses were bought since or the address unsubscribed. */
async function remind(deps: ReminderDeps, id: number): Promise<void> {
  const row = await q.selectReminder(deps.db, id);
  if (!row || row.sentAt || row.sendAfter > new Date(Date.now() + 1000)) return; // gone, sent, or pushed back (a later job handles it)
  if (await q.isUnsubscribed(deps.db, row.email)) return;
  let courseIds = row.courseIds;
  const user = await getPublicUserByEmail(deps.db, row.email);
  if (row.sendingReason === 'subscription' && user && (await hasEverSubscribed(deps, user.id))) return;
  if (user && courseIds.length) {
    const owned = await ownedCourseIds(deps.db, user.id, courseIds);
    courseIds = courseIds.filter((cid) => !owned.has(cid));
  }
  if (row.sendingReason !== 'subscription' && !courseIds.length) return;
  const courses = await listCourses(deps.db, 'US', courseIds);
  const base = deps.config.publicUrl;
  const email = abandonedCartEmail({
    reason: row.sendingReason,
    courses: courses.map((c) => ({ title: c.title, url: `${base}/courses/${c.slug}` })),
    checkoutUrl: row.sendingReason === 'subscription' ? `${base}/subscribe` : `${base}/checkout`,
    unsubscribeUrl: unsubscribeUrl(deps.config, row.email),
  });
  await deps.db.transaction(async (tx) => {
    if (await q.claimReminder(tx, id)) await deps.queue.enqueue(SEND_EMAIL_JOB, { to: row.email, ...email }, { tx });
  });
}

export function registerReminderJobs(deps: ReminderDeps): void {
  deps.queue.register({ name: ABANDONED_REMINDER_JOB, payload: z.object({ id: z.number().int() }), handler: ({ id }) => remind(deps, id) });
}

/**
 * Cart and checkout reminders sent in [from, to). A reminder is one row per email and reason:
 * when the same person fills a cart again after one was sent, the next one replaces it.
 */
export function sentCartReminders(db: Database, from: Date, to: Date): Promise<{ email: string; sentAt: Date; courseIds: number[] }[]> {
  return q.selectSentCartReminders(db, from, to);
}
