import type { ContactBody } from '../../../shared/site.js';
import type { Database } from '../../db/client.js';
import { contactNotificationEmail } from '../../emails/contact-notification.js';
import { SEND_EMAIL_JOB } from '../../jobs/email.js';
import type { JobQueue } from '../../jobs/queue.js';
import { getInstructorEmail } from '../catalog/index.js';
import * as q from './queries.js';

export interface SendContactOptions {
  db: Database;
  queue: JobQueue;
  message: ContactBody;
  /** Where notifications go; the instructor's address when unset. */
  notifyEmail?: string | undefined;
}

/** Stores the message and queues the instructor's notification in one transaction. */
export async function sendContactMessage({ db, queue, message, notifyEmail }: SendContactOptions): Promise<void> {
  const to = notifyEmail ?? (await getInstructorEmail(db));
  await db.transaction(async (tx) => {
    await q.insertContactMessage(tx, {
      name: message.name,
      email: message.email,
      role: message.role,
      specify: message.role === 'other' ? message.specify : '',
      message: message.message,
    });
    if (!to) return;
    const email = contactNotificationEmail(message);
    await queue.enqueue(SEND_EMAIL_JOB, { to, ...email, replyTo: message.email }, { tx });
  });
}
