import { desc } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Database } from '../../db/client.js';
import { devMailbox } from '../../db/schema/index.js';

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  replyTo?: string | undefined;
  /** Headers of this message beyond the usual ones (a broadcast's List-Unsubscribe and List-Unsubscribe-Post). */
  headers?: Record<string, string> | undefined;
}

export interface Mailer {
  kind: 'smtp' | 'dev-mailbox';
  send(message: MailMessage): Promise<void>;
}

export function createSmtpMailer(options: { url: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(options.url);
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({ from: options.from, ...message });
    },
  };
}

/** The most recent messages of the development mailbox, newest first. */
export function listDevMailbox(db: Database, limit = 100) {
  return db.select().from(devMailbox).orderBy(desc(devMailbox.id)).limit(limit);
}

/** Development stand-in: keeps every message (with its own headers) in the database, listed at /dev/mailbox and /api/v1/dev/mailbox/. */
export function createDevMailbox(db: Database): Mailer {
  return {
    kind: 'dev-mailbox',
    async send(message) {
      await db.insert(devMailbox).values({ to: message.to, subject: message.subject, html: message.html, text: message.text, headers: message.headers ?? {} });
    },
  };
}
