import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { courses } from './catalog.js';

export const submissionStatuses = ['submitted', 'in_review', 'changes_requested', 'approved', 'rejected'] as const;
export const reviewDecisions = ['approved', 'changes_requested', 'rejected'] as const;

/** One criterion of a round's review: met or not yet, with the reviewer's comment. */
export interface CriterionReview {
  criterion: string;
  met: boolean;
  comment: string;
}

/** A course's projects (modules/projects): what a student hands in to earn a pre-experience letter. */
export const projects = pgTable(
  'projects',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    /** Sanitised rich text (the same sanitiser as lesson articles). */
    brief: text('brief').notNull().default(''),
    criteria: jsonb('criteria').$type<string[]>().notNull().default([]),
    fileRequired: boolean('file_required').notNull().default(false),
    published: boolean('published').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('projects_course_idx').on(t.courseId, t.position)],
);

/** A student's hand-in of a project: one per student and project; its rounds are the attempts. */
export const projectSubmissions = pgTable(
  'project_submissions',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: submissionStatuses }).notNull().default('submitted'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // One submission per project and student may be open (waiting, back with changes requested, or approved); after a
  // rejection the student may start a new one.
  (t) => [
    uniqueIndex('project_submissions_open_idx')
      .on(t.projectId, t.userId)
      .where(sql`${t.status} <> 'rejected'`),
    index('project_submissions_status_idx').on(t.status, t.updatedAt),
  ],
);

/** Each submit or resubmit, and its review (decision empty while it waits). */
export const projectRounds = pgTable(
  'project_rounds',
  {
    id: serial('id').primaryKey(),
    submissionId: integer('submission_id')
      .notNull()
      .references(() => projectSubmissions.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    repositoryUrl: text('repository_url').notNull(),
    liveUrl: text('live_url'),
    notes: text('notes').notNull().default(''),
    fileName: text('file_name'),
    fileStoragePath: text('file_storage_path'),
    fileContentType: text('file_content_type'),
    fileSizeBytes: integer('file_size_bytes'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    /** When a reviewer first opened this round (the submission went to in_review). */
    reviewStartedAt: timestamp('review_started_at', { withTimezone: true }),
    decision: text('decision', { enum: reviewDecisions }),
    feedback: text('feedback').notNull().default(''),
    criteria: jsonb('criteria').$type<CriterionReview[]>().notNull().default([]),
    reviewerId: integer('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
    reviewerName: text('reviewer_name'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('project_rounds_submission_number_idx').on(t.submissionId, t.number)],
);

/** A pre-experience letter, issued when a submission is approved; public by its unguessable id. */
export const letters = pgTable(
  'letters',
  {
    id: serial('id').primaryKey(),
    /** The public, unguessable id of /letters/{letter_id}. */
    letterId: text('letter_id').notNull().unique(),
    /** The letter number printed on it (LTR-00001): counted by its own sequence. */
    number: serial('number').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id),
    submissionId: integer('submission_id')
      .notNull()
      .unique()
      .references(() => projectSubmissions.id, { onDelete: 'cascade' }),
    studentName: text('student_name').notNull(),
    courseTitle: text('course_title').notNull(),
    projectTitle: text('project_title').notNull(),
    criteria: jsonb('criteria').$type<string[]>().notNull().default([]),
    reviewerId: integer('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
    reviewerName: text('reviewer_name').notNull(),
    reviewerRole: text('reviewer_role').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokeReason: text('revoke_reason'),
  },
  (t) => [index('letters_user_idx').on(t.userId), check('letters_revoked_with_reason', sql`(${t.revokedAt} is null) = (${t.revokeReason} is null)`)],
);
