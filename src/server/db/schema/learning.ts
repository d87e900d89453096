import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { QuizAttemptAnswer } from '../../../shared/quizzes.js';
import { users } from './accounts.js';
import { courses, lessons } from './catalog.js';
import { orders } from './commerce.js';

export const enrolments = pgTable(
  'enrolments',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    source: text('source', { enum: ['purchase', 'free', 'subscription', 'admin'] }).notNull(),
    orderId: integer('order_id').references(() => orders.id),
    courseStatus: text('course_status', { enum: ['enrolled', 'in_progress', 'completed'] })
      .notNull()
      .default('enrolled'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('enrolments_user_course_idx').on(t.userId, t.courseId), index('enrolments_course_idx').on(t.courseId)],
);

export const lessonProgress = pgTable(
  'lesson_progress',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('lesson_progress_user_lesson_idx').on(t.userId, t.lessonId), index('lesson_progress_user_course_idx').on(t.userId, t.courseId)],
);

export const certificates = pgTable(
  'certificates',
  {
    id: serial('id').primaryKey(),
    /** Public, unguessable id printed on the certificate and used by /certificates/{id}. */
    certificateId: text('certificate_id').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id),
    studentName: text('student_name').notNull(),
    courseTitle: text('course_title').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('certificates_user_course_idx').on(t.userId, t.courseId)],
);

export const questions = pgTable(
  'questions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    lessonId: integer('lesson_id').references(() => lessons.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('questions_course_idx').on(t.courseId)],
);

export const answers = pgTable('answers', {
  id: serial('id').primaryKey(),
  questionId: integer('question_id')
    .notNull()
    .references(() => questions.id, { onDelete: 'cascade' }),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  body: text('body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A student's graded attempts at a quiz lesson. The attempt number is unique per (user, lesson):
 * two submissions at once cannot both be attempt n.
 */
export const quizAttempts = pgTable(
  'quiz_attempts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    attemptNumber: integer('attempt_number').notNull(),
    scorePercent: integer('score_percent').notNull(),
    passed: boolean('passed').notNull(),
    answers: jsonb('answers').$type<QuizAttemptAnswer[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('quiz_attempts_user_lesson_number_idx').on(t.userId, t.lessonId, t.attemptNumber),
    index('quiz_attempts_lesson_idx').on(t.lessonId),
    index('quiz_attempts_user_course_idx').on(t.userId, t.courseId),
  ],
);
