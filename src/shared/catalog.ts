import { z } from 'zod';
import { lessonQuizSchema } from './quizzes.js';

/** A price as the client shows it: major units (49.99, 3999), with its symbol and currency. */
export const countryPriceSchema = z.object({
  amount: z.number(),
  regular_amount: z.number(),
  symbol: z.string(),
  country: z.string(),
  currency: z.string(),
});
export type CountryPrice = z.infer<typeof countryPriceSchema>;

export const complexitySchema = z.enum(['Beginner', 'Intermediate', 'Advanced']);
export const courseTypeSchema = z.enum(['free', 'paid']);

export const courseListItemSchema = z.object({
  id: z.number().int(),
  uuid: z.string(),
  slug: z.string(),
  title: z.string(),
  subtitle: z.string(),
  course_image: z.string(),
  complexity: complexitySchema,
  course_type: courseTypeSchema,
  category_name: z.string(),
  /** Human readable, e.g. '6h 25m'. */
  total_video_duration: z.string(),
  total_video_duration_seconds: z.number().int(),
  total_lessons: z.number().int(),
  /** The average of the students' visible reviews, one decimal; 0 with no reviews (shown as 'New'). */
  ratings: z.number(),
  /** How many visible reviews the average is of. */
  ratings_count: z.number().int(),
  country_price: countryPriceSchema,
});
export type CourseListItem = z.infer<typeof courseListItemSchema>;
export const courseListSchema = z.array(courseListItemSchema);

/** Videos and articles; 'quiz' (lower case, as the contract of issue 24 names it) for a quiz. */
export const lessonTypes = ['Video', 'Article', 'quiz'] as const;
export const lessonTypeSchema = z.enum(lessonTypes);
export type LessonType = z.infer<typeof lessonTypeSchema>;

export const lessonSchema = z.object({
  id: z.number().int(),
  uuid: z.string(),
  section_uuid: z.string(),
  global_order: z.number().int(),
  lesson_title: z.string(),
  lesson_type: lessonTypeSchema,
  enable_preview: z.boolean(),
  /** Present only when the visitor may open the lesson (preview, enrolled or member). */
  video_source: z.string().nullable(),
  lesson_content: z.string().nullable(),
  upload_resource: z.string().nullable(),
  /** 'mm:ss' or 'h:mm:ss' */
  video_playback_time: z.string(),
  duration_seconds: z.number().int(),
  is_locked: z.boolean(),
  /** A lesson a drip schedule holds back for this viewer: when it opens (ISO); null when open, or locked for another reason. */
  available_at: z.string().nullable(),
  completed_status: z.boolean(),
  /** A quiz lesson's questions, for a viewer who may open it (null when locked); absent for other lessons. */
  quiz: lessonQuizSchema.nullable().optional(),
});
export type Lesson = z.infer<typeof lessonSchema>;

export const sectionSchema = z.object({
  id: z.number().int(),
  uuid: z.string(),
  title: z.string(),
  lessons: z.array(lessonSchema),
  completed_lessons: z.number().int(),
  total_lessons: z.number().int(),
  /** Human readable, e.g. '1h 05m'. */
  total_section_video_playback: z.string(),
});
export type Section = z.infer<typeof sectionSchema>;

export const instructorSchema = z.object({
  name: z.string(),
  designation: z.string(),
  bio: z.string(),
  profile_picture: z.string(),
  facebook_link: z.string().nullable(),
  linkedin_link: z.string().nullable(),
  github_link: z.string().nullable(),
  youtube_link: z.string().nullable(),
  instagram_link: z.string().nullable(),
});
export type Instructor = z.infer<typeof instructorSchema>;

export const courseStatusSchema = z.enum(['enrolled', 'in_progress', 'completed', 'not enrolled']);
export type CourseStatus = z.infer<typeof courseStatusSchema>;

export const courseDetailSchema = courseListItemSchema.extend({
  category: z.object({ id: z.number().int(), category_name: z.string() }),
  total_enrolled: z.number().int(),
  updated_at: z.string(),
  language: z.string(),
  promo_video: z.string().nullable(),
  completed_total_lessons: z.number().int(),
  student_progress: z.number(),
  course_status: courseStatusSchema,
  /**
   * Why the viewer may open every lesson ('none': previews only). A member sees 'membership', and
   * the course page shows 'Included in your membership' instead of a price.
   */
  access: z.enum(['enrolled', 'membership', 'admin', 'none']),
  course_description: z.string(),
  what_you_learn: z.array(z.string()),
  target_audience: z.array(z.string()),
  /** The same as ratings_count (the name the page used first). */
  rating_count: z.number().int(),
  sections: z.array(sectionSchema),
  instructor: instructorSchema,
});
export type CourseDetail = z.infer<typeof courseDetailSchema>;

export const clientReviewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  company: z.string(),
  client_thumb: z.string(),
  rating: z.number().int().min(0).max(5),
  review: z.string(),
});
export type ClientReview = z.infer<typeof clientReviewSchema>;
export const clientReviewListSchema = z.object({
  count: z.number().int(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(clientReviewSchema),
});

export const membershipPlanSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  plan_type: z.enum(['monthly', 'yearly', 'lifetime']),
  country_price: z.object({
    symbol: z.string(),
    amount: z.number(),
    regular_amount: z.number(),
    country_code: z.string(),
    currency: z.string(),
  }),
  subscription_data: z.object({ description: z.string(), features: z.array(z.string()) }),
});
export type MembershipPlan = z.infer<typeof membershipPlanSchema>;
export const membershipPlanListSchema = z.array(membershipPlanSchema);

export const roadmapStepSchema = z.object({
  position: z.number().int(),
  time_estimate: z.string(),
  note: z.string(),
  course: courseListItemSchema,
});
export type RoadmapStep = z.infer<typeof roadmapStepSchema>;
export const roadmapSchema = z.array(roadmapStepSchema);

export const slugParamsSchema = z.object({ slug: z.string().min(1).max(200) });
/** `ip` is accepted for compatibility; the server prices from the connection, never from it alone. */
export const ipQuerySchema = z.object({ ip: z.string().max(64).optional() });
