import { z } from 'zod';
import type { Mailer } from '../integrations/mail/index.js';
import type { JobQueue } from './queue.js';

export const SEND_EMAIL_JOB = 'email.send';

const sendEmailPayload = z.object({
  to: z.string(),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  replyTo: z.string().optional(),
});

export function registerEmailJobs(queue: JobQueue, mailer: Mailer): void {
  queue.register({ name: SEND_EMAIL_JOB, payload: sendEmailPayload, maxAttempts: 8, handler: (message) => mailer.send(message) });
}
