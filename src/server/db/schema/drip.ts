import { date, index, integer, pgTable, primaryKey, serial, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { lessons } from './catalog.js';

/** A dripped lesson the instructor opened early for one student (the studio's 'Open early'). */
export const lessonUnlocks = pgTable(
  'lesson_unlocks',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('lesson_unlocks_user_lesson_idx').on(t.userId, t.lessonId)],
);

/** The dripped lessons a student was told had opened: each at most once. */
export const dripNotices = pgTable(
  'drip_notices',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    /** The UTC day of the email that listed it. */
    day: date('day', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.lessonId] }), index('drip_notices_user_day_idx').on(t.userId, t.day)],
);

/** One row per day the drip sweep ran: a second sweep of the same day (a restart, another process) finds it and stops. */
export const dripSweeps = pgTable('drip_sweeps', {
  day: date('day', { mode: 'string' }).primaryKey(),
  ranAt: timestamp('ran_at', { withTimezone: true }).notNull().defaultNow(),
});
