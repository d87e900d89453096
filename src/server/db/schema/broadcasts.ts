import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { courses } from './catalog.js';

/**
 * An email the instructor sends to an audience of students (Studio → Emails). Its recipients are
 * fixed when sending starts (one row each below), so a restart resumes where it stopped.
 */
export const broadcasts = pgTable(
  'broadcasts',
  {
    id: serial('id').primaryKey(),
    subject: text('subject').notNull(),
    /** Sanitised when stored (lib/html.ts); the plain-text part is made from it. */
    html: text('html').notNull(),
    text: text('text').notNull(),
    audience: text('audience', { enum: ['all', 'course_students', 'course_unfinished', 'members_active', 'members_ended', 'free_learners'] }).notNull(),
    /** The course of a course audience. */
    courseId: integer('course_id').references(() => courses.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['draft', 'scheduled', 'sending', 'sent'] })
      .notNull()
      .default('draft'),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** The batch job allowed to go on (its number): a duplicate of an older batch finds another number and stops. */
    batchSeq: integer('batch_seq').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('broadcasts_created_idx').on(t.createdAt)],
);

/**
 * One row per person a broadcast goes to. Its status moves queued → sending → sent | failed in
 * conditional updates, so a row is sent by one worker at most once; 'unsubscribed': they
 * unsubscribed before their turn and were skipped.
 */
export const broadcastRecipients = pgTable(
  'broadcast_recipients',
  {
    id: serial('id').primaryKey(),
    broadcastId: integer('broadcast_id')
      .notNull()
      .references(() => broadcasts.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    fullName: text('full_name').notNull(),
    status: text('status', { enum: ['queued', 'sending', 'sent', 'failed', 'unsubscribed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    /** When a worker took it (status 'sending'), and when a retry may take it again (queued after a failure). */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    retryAt: timestamp('retry_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
    /** They unsubscribed through this email's link. */
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('broadcast_recipients_user_idx').on(t.broadcastId, t.userId),
    index('broadcast_recipients_status_idx').on(t.broadcastId, t.status, t.id),
    // The sending rate is counted over the last minute's claims, across broadcasts.
    index('broadcast_recipients_claimed_idx')
      .on(t.claimedAt)
      .where(sql`${t.claimedAt} is not null`),
  ],
);

/** A person's choices about mail that is not about their account or purchases: broadcasts only (receipts, passwords, memberships always go). */
export const emailPreferences = pgTable('email_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Set: no broadcasts. */
  broadcastsOffAt: timestamp('broadcasts_off_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
