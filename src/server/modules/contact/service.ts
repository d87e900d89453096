import type { ContactBody } from '../../../shared/site.js';
import type { Database } from '../../db/client.js';
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
