import type { ContactBody } from '../../../shared/site.js';
import type { ContactMessageItem } from '../../../shared/inbox.js';
import type { Database, Tx } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { Config } from '../../config.js';
import { contactNotificationEmail } from '../../emails/contact-notification.js';
import { SEND_EMAIL_JOB } from '../../jobs/email.js';
import type { JobQueue } from '../../jobs/queue.js';
import { supportAddress } from '../settings/index.js';
import * as q from './queries.js';

export interface SendContactOptions {
  db: Database;
  queue: JobQueue;
  config: Config;
  message: ContactBody;
}

/** Stores the message and queues the notification to the support address in one transaction. */
export async function sendContactMessage({ db, queue, config, message }: SendContactOptions): Promise<void> {
  await db.transaction(async (tx) => {
    await q.insertContactMessage(tx, {
      name: message.name,
      email: message.email,
      role: message.role,
      specify: message.role === 'other' ? message.specify : '',
      message: message.message,
    });
    const to = await supportAddress(tx, config);
    if (!to) return;
    const email = contactNotificationEmail(message);
    await queue.enqueue(SEND_EMAIL_JOB, { to, ...email, replyTo: message.email }, { tx });
  });
}

const toItem = (r: q.ContactMessageRow): ContactMessageItem => ({
  id: r.id,
  name: r.name,
  email: r.email,
  role: r.role,
  specify: r.specify,
  message: r.message,
  created_at: r.createdAt.toISOString(),
  handled: r.handledAt !== null,
  handled_at: r.handledAt?.toISOString() ?? null,
});

/** The studio's contact inbox: one page, newest first; `unhandled` counts every message still waiting. */
export async function contactInbox(
  db: Database,
  filter: { handled?: boolean | undefined },
  limit: number,
  offset: number,
): Promise<{ results: ContactMessageItem[]; total: number; unhandled: number }> {
  const page = await q.selectContactPage(db, filter, limit, offset);
  return { results: page.rows.map(toItem), total: page.total, unhandled: page.unhandled };
}

/** Marks a message handled (by this admin) or back to waiting; returns it before and after, for the audit log. */
export async function setContactHandled(
  tx: Tx,
  id: number,
  handled: boolean,
  adminId: number | null,
): Promise<{ before: ContactMessageItem; after: ContactMessageItem }> {
  const row = await q.selectContactMessageForUpdate(tx, id);
  if (!row) throw AppError.notFound('Message not found.');
  const before = toItem(row);
  if (before.handled === handled) return { before, after: before };
  const updated = await q.updateHandled(tx, id, handled ? new Date() : null, handled ? adminId : null);
  return { before, after: toItem(updated!) };
}
