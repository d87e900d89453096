/**
 * Ratings and reviews of courses by their students (issue 24): the public lists, a student's own
 * review and its form, and the studio's moderation. The server parses with these schemas and the
 * web forms validate with the same ones.
 */
import { z } from 'zod';
import { idSchema } from './ids.js';
import { pageOf, pageQuerySchema } from './admin.js';
import { HIDE_REASON_MAX_LENGTH, REPLY_MAX_LENGTH, REVIEW_MAX_LENGTH, reviewMessages } from './review-messages.js';

export { HIDE_REASON_MAX_LENGTH, REPLY_MAX_LENGTH, REVIEW_MAX_LENGTH, REVIEWS_PAGE_SIZE, reviewMessages } from './review-messages.js';

export const starsSchema = z.coerce.number().int().min(1).max(5);

/** POST /courses/{slug}/reviews/: the stars and, optionally, words. */
export const reviewBodySchema = z.object({
  rating: z.number({ error: reviewMessages.rating }).int(reviewMessages.rating).min(1, reviewMessages.rating).max(5, reviewMessages.rating),
  review: z.string().trim().max(REVIEW_MAX_LENGTH, reviewMessages.reviewTooLong).optional(),
});
export type ReviewBody = z.infer<typeof reviewBodySchema>;

/** The course page's form: the stars arrive from radio buttons as text; the rest is the body's rules. */
export const reviewFormSchema = reviewBodySchema.extend({
  rating: z.coerce.number({ error: reviewMessages.rating }).pipe(reviewBodySchema.shape.rating),
});

export const reviewReplySchema = z.object({ text: z.string(), created_at: z.string() });

/** One public review: the student's name written by the one name rule, never their email. */
export const courseReviewSchema = z.object({
  id: z.number().int(),
  rating: z.number().int().min(1).max(5),
  /** Plain text: shown as text, never as HTML. */
  review: z.string(),
  student_name: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Every review is by a student who could open the course and completed a lesson of it. */
  verified_student: z.literal(true),
  reply: reviewReplySchema.nullable(),
  course: z.object({ slug: z.string(), title: z.string() }),
});
export type CourseReview = z.infer<typeof courseReviewSchema>;

/** Paged like the spec's other public lists: absolute links to the neighbouring pages. */
export const courseReviewPageSchema = z.object({
  count: z.number().int(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(courseReviewSchema),
});
export type CourseReviewPage = z.infer<typeof courseReviewPageSchema>;

export const courseReviewQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1000).default(1),
  stars: starsSchema.optional(),
});
export type CourseReviewQuery = z.infer<typeof courseReviewQuerySchema>;

/** GET /course-reviews/: the newest public reviews of every course, or of one. */
export const allReviewsQuerySchema = courseReviewQuerySchema.extend({
  course: z.string().min(1).max(200).optional(),
});
export type AllReviewsQuery = z.infer<typeof allReviewsQuerySchema>;

/** GET /courses/{slug}/reviews/mine/: whether the viewer may rate, and their review if any. */
export const myReviewSchema = z.object({
  may_review: z.boolean(),
  /** Why not, in words, when may_review is false. */
  reason: z.string().nullable(),
  review: z
    .object({
      id: z.number().int(),
      rating: z.number().int(),
      review: z.string(),
      created_at: z.string(),
      updated_at: z.string(),
      hidden: z.boolean(),
    })
    .nullable(),
});
export type MyReview = z.infer<typeof myReviewSchema>;

/** The answer to a save: the review as stored and the course's new figures (for its cards and page). */
export const savedReviewSchema = z.object({
  created: z.boolean(),
  review: myReviewSchema.shape.review.unwrap(),
  course: z.object({ slug: z.string(), ratings: z.number(), ratings_count: z.number().int() }),
});
export type SavedReview = z.infer<typeof savedReviewSchema>;

// ---------------------------------------------------------------- studio

export const adminReviewSchema = z.object({
  id: z.number().int(),
  rating: z.number().int(),
  review: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  student: z.object({ id: z.number().int(), email: z.string(), full_name: z.string() }),
  course: z.object({ id: z.number().int(), slug: z.string(), title: z.string() }),
  reply: reviewReplySchema.nullable(),
  hidden: z.object({ at: z.string(), reason: z.string() }).nullable(),
});
export type AdminReview = z.infer<typeof adminReviewSchema>;
export const adminReviewPageSchema = pageOf(adminReviewSchema);
export type AdminReviewPage = z.infer<typeof adminReviewPageSchema>;

export const adminReviewQuerySchema = pageQuerySchema.extend({
  course_id: idSchema().optional(),
  stars: starsSchema.optional(),
  status: z.enum(['public', 'hidden']).optional(),
  replied: z.enum(['true', 'false']).optional(),
});
export type AdminReviewQuery = z.infer<typeof adminReviewQuerySchema>;

export const reviewReplyBodySchema = z.object({
  reply: z
    .string()
    .trim()
    .min(1, 'Write a reply.')
    .max(REPLY_MAX_LENGTH, `Keep the reply under ${REPLY_MAX_LENGTH.toLocaleString('en-US')} characters.`),
});
export type ReviewReplyBody = z.infer<typeof reviewReplyBodySchema>;

export const reviewHideBodySchema = z.object({
  reason: z.string().trim().min(1, 'Say why the review is hidden.').max(HIDE_REASON_MAX_LENGTH, `Keep the reason under ${HIDE_REASON_MAX_LENGTH} characters.`),
});
export type ReviewHideBody = z.infer<typeof reviewHideBodySchema>;
