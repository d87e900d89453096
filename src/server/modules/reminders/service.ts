import { z } from 'zod';
import { commerceMessages } from '../../../shared/commerce.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { Viewer } from '../../http/auth.js';
import { abandonedCartEmail } from '../../emails/abandoned-cart.js';
import { SEND_EMAIL_JOB } from '../../jobs/email.js';
import type { JobQueue } from '../../jobs/queue.js';
import { sign, verifySignature } from '../../lib/signing.js';
import { isOwnedBy } from '../access/index.js';
import { getPublicUser, getPublicUserByEmail } from '../accounts/index.js';
import { cartContents } from '../cart/index.js';
import { listCourses } from '../catalog/index.js';
import { ownedCourseIds } from '../enrolments/index.js';
import { hasEverSubscribed } from '../subscriptions/index.js';
import * as q from './queries.js';

export const ABANDONED_REMINDER_JOB = 'abandoned.remind';
type Reason = 'add_to_cart' | 'checkout' | 'subscription';

export interface ReminderDeps {
  db: Database;
  queue: JobQueue;
  config: Config;
}

/** Who asks: the signed-in viewer, and the cart the request names (a guest's proof: its id is a UUID only that browser knows). */
export interface ReminderCaller {
  viewer: Viewer | undefined;
  cartId: string | undefined;
}

/** A signed-in caller's own address, or 403: nobody schedules or cancels reminders to someone else's. */
async function assertOwnAddress(db: Database, viewer: Viewer, email: string): Promise<void> {
  const user = await getPublicUser(db, viewer.userId);
  if (!user || user.email !== email) throw new AppError('forbidden', commerceMessages.reminderNotYourAddress);
}

/**
 * Schedules (or pushes back) the reminder of an address that has a cart here: a signed-in user's
 * own address (about their cart), or the address a guest typed in their cart (`cartId`). A cart
 * reminds one address; an address has at most one pending reminder, which a guest replaces only
 * from the cart that asked for it (the latest call wins there). A membership reminder is for a
 * signed-in member and goes out once in all: never again once sent, never to someone who
 * subscribed. Refusals are 4xx and schedule nothing.
 */
export async function scheduleReminder(deps: ReminderDeps, input: { email: string; reason: Reason; courseIds: number[] } & ReminderCaller): Promise<void> {
  const { viewer, email } = input;
  if (viewer) await assertOwnAddress(deps.db, viewer, email);
  else if (input.reason === 'subscription') throw new AppError('unauthorized', commerceMessages.reminderSignIn);
  let courseIds = input.courseIds;
  let cartId: string | null = null;
  if (input.reason === 'subscription') {
    if (await q.reminderWasSent(deps.db, email, 'subscription')) return;
    if (viewer && (await hasEverSubscribed(deps, viewer.userId))) return;
  } else {
    if (!viewer && !input.cartId) throw AppError.fields({ cart_id: [commerceMessages.reminderNeedsCart] });
    const cart = await cartContents(deps.db, input.cartId ? { cartId: input.cartId } : { userId: viewer!.userId });
    // A guest's cart is proven by its id; a signed-in user's cart is theirs alone.
    if (!cart || (cart.userId !== null && !isOwnedBy(cart.userId, viewer))) throw AppError.notFound('Cart not found.');
    const inCart = new Set(cart.courseIds);
    courseIds = courseIds.length ? courseIds.filter((id) => inCart.has(id)) : cart.courseIds;
    if (!courseIds.length) throw AppError.fields({ course_items: [commerceMessages.reminderNotInCart] });
    cartId = cart.id;
    if (!viewer) {
      if (await q.cartRemindsAnother(deps.db, cart.id, email)) throw new AppError('conflict', commerceMessages.reminderCartTaken);
      const pending = await q.selectPendingReminders(deps.db, email);
      if (pending.some((r) => r.cartId !== cart.id)) throw new AppError('conflict', commerceMessages.reminderPending);
    }
  }
  const sendAfter = new Date(Date.now() + deps.config.abandonedCartDelayMs);
  await deps.db.transaction(async (tx) => {
    const id = await q.upsertReminder(tx, { email, reason: input.reason, courseIds, sendAfter, cartId });
    await deps.queue.enqueue(ABANDONED_REMINDER_JOB, { id }, { delayMs: deps.config.abandonedCartDelayMs, tx });
  });
}

/**
 * Cancels reminders of an address (one course, or all): a signed-in user's own (403 for another
 * address), or a guest's only those its cart asked for (400 without a cart). Another's reminders
 * are never touched, and the answer does not say whether they exist.
 */
export async function cancelReminder(
  db: Database,
  input: { email: string; reason?: Reason | undefined; courseId?: number | undefined } & ReminderCaller,
): Promise<void> {
  if (input.viewer) await assertOwnAddress(db, input.viewer, input.email);
  else if (!input.cartId) throw AppError.fields({ cart_id: [commerceMessages.reminderNeedsCart] });
  const scope = { reason: input.reason, cartId: input.viewer ? undefined : input.cartId };
  if (input.courseId === undefined) await q.deleteReminders(db, input.email, scope);
  else await q.removeCourseFromReminders(db, input.email, scope, input.courseId);
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
  // A reminder with nothing left to say is dropped, so it holds no address's one pending place.
  const drop = () => q.deleteReminder(deps.db, row.id);
  if (await q.isUnsubscribed(deps.db, row.email)) return drop();
  let courseIds = row.courseIds;
  const user = await getPublicUserByEmail(deps.db, row.email);
  if (row.sendingReason === 'subscription' && user && (await hasEverSubscribed(deps, user.id))) return drop();
  if (user && courseIds.length) {
    const owned = await ownedCourseIds(deps.db, user.id, courseIds);
    courseIds = courseIds.filter((cid) => !owned.has(cid));
  }
  if (row.sendingReason !== 'subscription' && !courseIds.length) return drop();
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
