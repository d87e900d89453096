import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, numeric, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';

export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  categoryName: text('category_name').notNull(),
  slug: text('slug').notNull().unique(),
  /** Seeded by the demo catalog: 'Remove the demo content' (the studio's first-run checklist) may delete it. */
  isDemo: boolean('is_demo').notNull().default(false),
});

export const instructors = pgTable('instructors', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  designation: text('designation').notNull(),
  email: text('email').notNull(),
  /** HTML, sanitised when written and again when served. */
  bio: text('bio').notNull(),
  profilePicture: text('profile_picture').notNull(),
  facebookLink: text('facebook_link'),
  linkedinLink: text('linkedin_link'),
  githubLink: text('github_link'),
  youtubeLink: text('youtube_link'),
  instagramLink: text('instagram_link'),
  /** The demo's placeholder instructor; saving the profile in the studio makes it the instructor's own (false). */
  isDemo: boolean('is_demo').notNull().default(false),
});

export const courses = pgTable(
  'courses',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().defaultRandom().unique(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    subtitle: text('subtitle').notNull(),
    courseImage: text('course_image').notNull(),
    complexity: text('complexity', { enum: ['Beginner', 'Intermediate', 'Advanced'] }).notNull(),
    courseType: text('course_type', { enum: ['free', 'paid'] }).notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    instructorId: integer('instructor_id')
      .notNull()
      .references(() => instructors.id),
    promoVideo: text('promo_video'),
    /** HTML */
    courseDescription: text('course_description').notNull(),
    whatYouWillLearn: jsonb('what_you_will_learn').$type<string[]>().notNull(),
    targetAudience: jsonb('target_audience').$type<string[]>().notNull(),
    language: text('language').notNull().default('English'),
    ratingAverage: numeric('rating_average', { precision: 2, scale: 1 }).notNull().default('0'),
    ratingCount: integer('rating_count').notNull().default(0),
    /** Learners enrolled before this platform's records began; added to the live count. */
    enrolledBaseline: integer('enrolled_baseline').notNull().default(0),
    position: integer('position').notNull().default(0),
    isPublished: boolean('is_published').notNull().default(true),
    /** Archived: off the storefront and out of the studio's default list; enrolled students keep access. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    /** Search-engine title and description; empty means the course title and subtitle. */
    seoTitle: text('seo_title').notNull().default(''),
    seoDescription: text('seo_description').notNull().default(''),
    /** Seeded by the demo catalog: 'Remove the demo content' (the studio's first-run checklist) may delete it. */
    isDemo: boolean('is_demo').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('courses_type_position_idx').on(t.courseType, t.position)],
);

/** A course's former slugs: their pages answer 301 to the current one. */
export const courseSlugRedirects = pgTable('course_slug_redirects', {
  oldSlug: text('old_slug').primaryKey(),
  courseId: integer('course_id')
    .notNull()
    .references(() => courses.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A drip schedule (a section's or a lesson's): open a number of days after the student's access
 * began, or on a fixed date (opening at 00:00 UTC); neither means open at once. Never both.
 */
const releaseColumns = () => ({
  availableAfterDays: integer('available_after_days'),
  availableFrom: date('available_from', { mode: 'string' }),
});
const releaseCheck = (table: string, t: { availableAfterDays: unknown; availableFrom: unknown }) =>
  check(
    `${table}_release_check`,
    sql`not (${t.availableAfterDays} is not null and ${t.availableFrom} is not null) and coalesce(${t.availableAfterDays}, 0) between 0 and 3650`,
  );

export const courseSections = pgTable(
  'course_sections',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().defaultRandom().unique(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    position: integer('position').notNull(),
    ...releaseColumns(),
  },
  (t) => [index('course_sections_course_idx').on(t.courseId, t.position), releaseCheck('course_sections', t)],
);

export const lessons = pgTable(
  'lessons',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().defaultRandom().unique(),
    sectionId: integer('section_id')
      .notNull()
      .references(() => courseSections.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    lessonTitle: text('lesson_title').notNull(),
    lessonType: text('lesson_type', { enum: ['Video', 'Article', 'quiz'] }).notNull(),
    videoSource: text('video_source'),
    /** HTML, for Article lessons. */
    lessonContent: text('lesson_content'),
    durationSeconds: integer('duration_seconds').notNull().default(0),
    enablePreview: boolean('enable_preview').notNull().default(false),
    position: integer('position').notNull(),
    ...releaseColumns(),
  },
  (t) => [index('lessons_section_idx').on(t.sectionId, t.position), index('lessons_course_idx').on(t.courseId), releaseCheck('lessons', t)],
);

/** A quiz lesson's settings: the pass mark and how many attempts a student has (null: unlimited). */
export const quizzes = pgTable('quizzes', {
  lessonId: integer('lesson_id')
    .primaryKey()
    .references(() => lessons.id, { onDelete: 'cascade' }),
  passPercent: integer('pass_percent').notNull(),
  maxAttempts: integer('max_attempts'),
});

/** A quiz's questions, in order. Plain text; the explanation is shown once an attempt passed or none are left. */
export const quizQuestions = pgTable(
  'quiz_questions',
  {
    id: serial('id').primaryKey(),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    prompt: text('prompt').notNull(),
    kind: text('kind', { enum: ['single', 'multiple', 'true_false'] }).notNull(),
    explanation: text('explanation'),
  },
  (t) => [index('quiz_questions_lesson_idx').on(t.lessonId, t.position)],
);

/** A question's options; `correct` never leaves the server before a graded attempt allows it. */
export const quizOptions = pgTable(
  'quiz_options',
  {
    id: serial('id').primaryKey(),
    questionId: integer('question_id')
      .notNull()
      .references(() => quizQuestions.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    text: text('text').notNull(),
    correct: boolean('correct').notNull(),
  },
  (t) => [index('quiz_options_question_idx').on(t.questionId, t.position)],
);

/** Downloadable files attached to a lesson; served only through an authorised, signed link. */
export const lessonResources = pgTable('lesson_resources', {
  id: serial('id').primaryKey(),
  lessonId: integer('lesson_id')
    .notNull()
    .references(() => lessons.id, { onDelete: 'cascade' }),
  fileName: text('file_name').notNull(),
  storagePath: text('storage_path').notNull(),
  contentType: text('content_type').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
});

/** A course's price in one pricing region (US is the default for any other country). Minor units. */
export const coursePrices = pgTable(
  'course_prices',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    region: text('region').notNull(),
    currency: text('currency').notNull(),
    amount: integer('amount').notNull(),
    regularAmount: integer('regular_amount').notNull(),
  },
  (t) => [uniqueIndex('course_prices_course_region_idx').on(t.courseId, t.region)],
);

export const clientReviews = pgTable('client_reviews', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  company: text('company').notNull(),
  clientThumb: text('client_thumb').notNull(),
  rating: integer('rating').notNull(),
  review: text('review').notNull(),
  position: integer('position').notNull().default(0),
  /** Seeded by the demo catalog: 'Remove the demo content' (the studio's first-run checklist) may delete it. */
  isDemo: boolean('is_demo').notNull().default(false),
});

/**
 * A student's rating of a course (1..5) with an optional review: one per student and course, edited
 * in place. Owned by the reviews module, which keeps courses.rating_average/rating_count equal to
 * the visible rows' average and count in the same transaction as every write.
 */
export const courseRatings = pgTable(
  'course_ratings',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    /** Plain text, shown as text (never as HTML); '' when the student left stars only. */
    review: text('review').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Hidden by the instructor: out of every public list and of the course's average. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason'),
    /** The instructor's public reply: one per review. */
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('course_ratings_course_user_idx').on(t.courseId, t.userId),
    index('course_ratings_course_created_idx').on(t.courseId, t.createdAt),
    index('course_ratings_created_idx').on(t.createdAt),
    check('course_ratings_rating_range', sql`${t.rating} between 1 and 5`),
  ],
);

export const roadmapSteps = pgTable('roadmap_steps', {
  id: serial('id').primaryKey(),
  position: integer('position').notNull().unique(),
  courseId: integer('course_id')
    .notNull()
    .references(() => courses.id),
  timeEstimate: text('time_estimate').notNull(),
  note: text('note').notNull(),
  /** Seeded by the demo catalog: 'Remove the demo content' (the studio's first-run checklist) may delete it. */
  isDemo: boolean('is_demo').notNull().default(false),
});
