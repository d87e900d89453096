/**
 * The studio's two inboxes (/api/v1/admin/questions/ and /api/v1/admin/contact-messages/): the
 * students' questions across every course, and the messages sent from the contact page.
 */
import { z } from 'zod';
import { idSchema } from './ids.js';
import { pageOf, pageQuerySchema } from './admin.js';
import { questionSchema } from './learning.js';

const flag = z.enum(['true', 'false'], 'Use true or false.').transform((v) => v === 'true');

// ---------------------------------------------------------------- questions

export const adminQuestionQuerySchema = pageQuerySchema.extend({
  /** false: waiting for an answer; true: answered; absent: both, unanswered first. */
  answered: flag.optional(),
  course_id: idSchema('Choose a course.').optional(),
});
export type AdminQuestionQuery = z.infer<typeof adminQuestionQuerySchema>;

export const adminQuestionSchema = questionSchema.extend({
  student: z.object({ id: z.number().int(), email: z.string(), full_name: z.string() }).nullable(),
  answered: z.boolean(),
});
export type AdminQuestion = z.infer<typeof adminQuestionSchema>;

/** A page of questions, unanswered first (newest first within each), and how many wait in all. */
export const adminQuestionPageSchema = pageOf(adminQuestionSchema).extend({ unanswered: z.number().int() });
export type AdminQuestionPage = z.infer<typeof adminQuestionPageSchema>;

// ---------------------------------------------------------------- contact messages

export const contactMessageQuerySchema = pageQuerySchema.extend({
  /** false: still to handle; true: handled; absent: both. Newest first either way. */
  handled: flag.optional(),
});
export type ContactMessageQuery = z.infer<typeof contactMessageQuerySchema>;

export const contactMessageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(['student', 'client', 'other']),
  specify: z.string(),
  message: z.string(),
  created_at: z.string(),
  handled: z.boolean(),
  handled_at: z.string().nullable(),
});
export type ContactMessageItem = z.infer<typeof contactMessageSchema>;

export const contactMessagePageSchema = pageOf(contactMessageSchema).extend({ unhandled: z.number().int() });
export type ContactMessagePage = z.infer<typeof contactMessagePageSchema>;

export const contactHandledBodySchema = z.object({ handled: z.boolean('Use true or false.') }).strict();
export type ContactHandledBody = z.infer<typeof contactHandledBodySchema>;
