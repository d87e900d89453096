import { z } from 'zod';
import { idSchema } from './ids.js';
import { tooLongMessage } from './messages.js';

export { learningMessages } from './learning-messages.js';

export const courseStatusValues = ['enrolled', 'in_progress', 'completed', 'not enrolled'] as const;

export const enrolmentCourseSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  course_image: z.string(),
  currency_code: z.string(),
  total_lessons: z.number().int(),
  completed_total_lessons: z.number().int(),
  student_progress: z.number().int(),
});

export const enrolmentSchema = z.object({
  id: z.number().int(),
  course_status: z.enum(['enrolled', 'in_progress', 'completed']),
  enrolled_at: z.string(),
  course: enrolmentCourseSchema,
});
export type Enrolment = z.infer<typeof enrolmentSchema>;

export const progressSchema = z.object({
  course_status: z.enum(['enrolled', 'in_progress', 'completed']),
  total_lessons: z.number().int(),
  completed_total_lessons: z.number().int(),
  student_progress: z.number().int(),
  certificate_id: z.string().nullable(),
});
export type Progress = z.infer<typeof progressSchema>;

/** POST /complete-lesson/: `completed_status: false` marks the lesson not completed again (the player's checkbox). */
export const completeLessonBodySchema = z.object({
  lesson_uuid: z.uuid('Enter a valid lesson id.'),
  completed_status: z.boolean().default(true),
});
export const lessonCompletionSchema = progressSchema.extend({ lesson_uuid: z.string(), completed_status: z.boolean() });
export type LessonCompletion = z.infer<typeof lessonCompletionSchema>;

export const certificateSchema = z.object({
  certificate_id: z.string(),
  student_name: z.string(),
  course_title: z.string(),
  course_slug: z.string(),
  issued_at: z.string(),
  verify_url: z.string(),
  download_url: z.string(),
  /** Its Open Badges 3.0 credential, a VC-JWT anyone can verify with the site's JWKS. */
  credential_url: z.string(),
});
export type Certificate = z.infer<typeof certificateSchema>;
export const publicCertificateSchema = certificateSchema.omit({ download_url: true }).extend({
  valid: z.literal(true),
  /** The site's public keys, which verify the credential. */
  jwks_url: z.string(),
  /** The credential's signature checks out against those keys (as an employer's verifier would find). */
  credential_verified: z.boolean(),
});
export type PublicCertificate = z.infer<typeof publicCertificateSchema>;

export const dashboardSummarySchema = z.object({
  total_courses: z.number().int(),
  completed_courses: z.number().int(),
  completed_lessons: z.number().int(),
  certificates: z.number().int(),
  /** Pre-experience letters issued and not revoked. */
  letters: z.number().int(),
});
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;

/** The longest question: longer is refused with the field error, never cut. */
export const QUESTION_BODY_MAX = 5000;

export const questionBodySchema = z.object({
  course_id: idSchema(),
  lesson_id: idSchema().optional(),
  title: z.string('Give your question a title.').trim().min(5, 'Give your question a title of at least 5 characters.').max(160),
  body: z
    .string('Describe your question.')
    .trim()
    .min(10, 'Describe your question in at least 10 characters.')
    .max(QUESTION_BODY_MAX, tooLongMessage(QUESTION_BODY_MAX)),
});
export const answerBodySchema = z.object({ body: z.string().trim().min(2, 'Write an answer.').max(5000) });

export const questionSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  created_at: z.string(),
  course: z.object({ id: z.number().int(), title: z.string(), slug: z.string() }),
  lesson: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  asked_by: z.string(),
  answers: z.array(z.object({ id: z.number().int(), body: z.string(), created_at: z.string(), author: z.string(), is_instructor: z.boolean() })),
});
export type Question = z.infer<typeof questionSchema>;
