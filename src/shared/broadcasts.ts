/**
 * Emails to students (Studio → Emails) and a person's email preferences: the
 * /api/v1/admin/broadcasts/ and /api/v1/email-preferences/ contract, parsed by the server and
 * validated by the web forms with the same schemas. Who is in an audience is decided on the server
 * (modules/broadcasts, audience.ts); a broadcast's HTML is sanitised there (lib/html.ts).
 */
import { z } from 'zod';
import { pageQuerySchema } from './admin.js';
import { idSchema } from './ids.js';

export const broadcastMessages = {
  subjectRequired: 'Write a subject.',
  subjectLength: 'Keep the subject under 200 characters.',
  bodyRequired: 'Write the email.',
  bodyLength: 'The email is too long (at most 100,000 characters of HTML).',
  audience: 'Choose who receives it.',
  courseRequired: 'Choose the course.',
  courseNotNeeded: 'Only a course audience names a course.',
  unknownCourse: 'This course does not exist.',
  at: 'Enter a valid date and time.',
  atPast: 'Choose a time in the future.',
  atTooLate: 'Schedule it within a year.',
  notFound: 'Email not found.',
  notEditable: 'This email is being sent or was sent: it cannot be changed.',
  notSendable: 'This email is being sent or was sent already.',
  nobody: 'Nobody is in this audience yet: nothing was sent.',
  invalidLink: 'This link is not valid. Use the newest link from one of our emails, or sign in to change your email preferences.',
} as const;

export const broadcastAudiences = ['all', 'course_students', 'course_unfinished', 'members_active', 'members_ended', 'free_learners'] as const;
export type BroadcastAudience = (typeof broadcastAudiences)[number];

/** The audiences that name a course. */
export const courseAudiences: readonly BroadcastAudience[] = ['course_students', 'course_unfinished'];
export const needsCourse = (audience: BroadcastAudience | undefined) => audience !== undefined && courseAudiences.includes(audience);

/** What each audience is called in the studio, and who exactly is in it (modules/broadcasts/audience.ts does what this says). */
export const audienceLabels: Record<BroadcastAudience, { label: string; hint: string }> = {
  all: { label: 'Everyone with an account', hint: 'Every account that confirmed its email or bought something. Blocked accounts never.' },
  course_students: {
    label: 'Students of a course',
    hint: 'Everyone who may open the course now: bought, enrolled free, given it, or a current member who started it.',
  },
  course_unfinished: { label: 'Students who have not finished a course', hint: 'Students of the course who have not completed every lesson.' },
  members_active: { label: 'Active members', hint: 'Everyone whose membership is current (renewing, ending later, or in its grace period).' },
  members_ended: { label: 'Members whose membership ended', hint: 'People who had a membership and hold none now.' },
  free_learners: { label: 'Free learners', hint: 'Accounts that never paid for a course or a membership.' },
};

const subjectSchema = z.string(broadcastMessages.subjectRequired).trim().min(1, broadcastMessages.subjectRequired).max(200, broadcastMessages.subjectLength);
/** The editor's HTML (sanitised by the server, which also refuses one with no text left). */
const htmlSchema = z.string(broadcastMessages.bodyRequired).min(1, broadcastMessages.bodyRequired).max(100_000, broadcastMessages.bodyLength);
export const audienceSchema = z.enum(broadcastAudiences, broadcastMessages.audience);
const courseIdSchema = idSchema(broadcastMessages.courseRequired).nullable();

/** A course audience names its course; the others name none. */
export function audienceErrors(value: { audience?: BroadcastAudience | undefined; course_id?: number | null | undefined }): { course_id?: string[] } {
  if (needsCourse(value.audience) && value.course_id == null) return { course_id: [broadcastMessages.courseRequired] };
  if (value.audience !== undefined && !needsCourse(value.audience) && value.course_id != null) return { course_id: [broadcastMessages.courseNotNeeded] };
  return {};
}

const audienceFields = new Set(['audience', 'course_id']);
const checkAudience = <T extends z.ZodType<{ audience?: BroadcastAudience | undefined; course_id?: number | null | undefined }>>(schema: T) =>
  schema.superRefine(
    (value, ctx) => {
      for (const [path, messages] of Object.entries(audienceErrors(value))) ctx.addIssue({ code: 'custom', path: [path], message: messages[0]! });
    },
    // Checked beside the other fields' errors, unless the audience's own fields are already wrong.
    { when: ({ value, issues }) => typeof value === 'object' && value !== null && !issues.some((issue) => audienceFields.has(String(issue.path?.[0]))) },
  );

/** A new broadcast (a draft): `POST /admin/broadcasts/`. */
export const broadcastBodySchema = checkAudience(
  z
    .object({
      subject: subjectSchema,
      html: htmlSchema,
      audience: audienceSchema,
      course_id: courseIdSchema.default(null),
    })
    .strict(),
);
export type BroadcastBody = z.infer<typeof broadcastBodySchema>;
export type BroadcastBodyInput = z.input<typeof broadcastBodySchema>;

/** An edit of a draft or scheduled broadcast (only the fields sent; audience and course go together). */
export const broadcastPatchSchema = checkAudience(
  z.object({ subject: subjectSchema, html: htmlSchema, audience: audienceSchema, course_id: courseIdSchema }).partial().strict(),
);
export type BroadcastPatch = z.infer<typeof broadcastPatchSchema>;

/** The longest a broadcast may be scheduled ahead. */
export const MAX_SCHEDULE_MS = 366 * 24 * 60 * 60 * 1000;

/** `POST /admin/broadcasts/{id}/send/`: now, or at a time to come (ISO date-time with its offset). */
export const sendBroadcastBodySchema = z
  .object({
    at: z.iso
      .datetime({ offset: true, message: broadcastMessages.at })
      .refine((at) => Date.parse(at) > Date.now(), broadcastMessages.atPast)
      .refine((at) => Date.parse(at) < Date.now() + MAX_SCHEDULE_MS, broadcastMessages.atTooLate)
      .optional(),
  })
  .strict();
export type SendBroadcastBody = z.infer<typeof sendBroadcastBodySchema>;

/** `GET /admin/broadcasts/audience/`: how many an audience reaches now. */
export const audienceQuerySchema = checkAudience(z.object({ audience: audienceSchema, course_id: idSchema(broadcastMessages.courseRequired).optional() }));
export const audienceCountSchema = z.object({
  /** Who would receive it if sent now. */
  count: z.number().int(),
  /** In the audience but unsubscribed from broadcasts (not counted above). */
  unsubscribed: z.number().int(),
});
export type AudienceCount = z.infer<typeof audienceCountSchema>;

export const broadcastStatuses = ['draft', 'scheduled', 'sending', 'sent'] as const;
export type BroadcastStatus = (typeof broadcastStatuses)[number];

export const broadcastCountsSchema = z.object({
  recipients: z.number().int(),
  /** Waiting for their turn (or a retry). */
  queued: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  /** Skipped because they unsubscribed before their turn, or unsubscribed through this email. */
  unsubscribed: z.number().int(),
});
export type BroadcastCounts = z.infer<typeof broadcastCountsSchema>;

export const adminBroadcastSchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  audience: audienceSchema,
  course_id: z.number().int().nullable(),
  course_title: z.string().nullable(),
  status: z.enum(broadcastStatuses),
  scheduled_at: z.string().nullable(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  counts: broadcastCountsSchema,
});
export type AdminBroadcast = z.infer<typeof adminBroadcastSchema>;

export const adminBroadcastDetailSchema = adminBroadcastSchema.extend({
  html: z.string(),
  /** The plain-text part, made from the HTML. */
  text: z.string(),
});
export type AdminBroadcastDetail = z.infer<typeof adminBroadcastDetailSchema>;

export const broadcastQuerySchema = pageQuerySchema.extend({ status: z.enum(broadcastStatuses).optional() });
export type BroadcastQuery = z.infer<typeof broadcastQuerySchema>;

export const recipientStatuses = ['queued', 'sending', 'sent', 'failed', 'unsubscribed'] as const;
export type RecipientStatus = (typeof recipientStatuses)[number];

export const recipientQuerySchema = pageQuerySchema.extend({
  status: z.enum(recipientStatuses).optional(),
  /** Part of the email or name. */
  search: z.string().trim().min(1).max(100).optional(),
});
export type RecipientQuery = z.infer<typeof recipientQuerySchema>;

export const broadcastRecipientSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int().nullable(),
  email: z.string(),
  full_name: z.string(),
  status: z.enum(recipientStatuses),
  sent_at: z.string().nullable(),
  error: z.string().nullable(),
  /** They unsubscribed through this email. */
  unsubscribed_at: z.string().nullable(),
});
export type BroadcastRecipient = z.infer<typeof broadcastRecipientSchema>;

export const testSentSchema = z.object({ to: z.string() });

// ---------------------------------------------------------------- email preferences (no sign-in: the signed link)

/** The signed token of a broadcast's unsubscribe link (`{user}.{broadcast}.{signature}`). */
export const preferencesTokenSchema = z
  .string()
  .max(120)
  .regex(/^\d{1,10}\.\d{1,10}\.[A-Za-z0-9_-]{43}$/, broadcastMessages.invalidLink);
export const preferencesQuerySchema = z.object({ token: preferencesTokenSchema });
export const emailPreferencesSchema = z.object({
  email: z.string(),
  /** Emails from the instructor to students (announcements, news). Receipts, passwords and membership emails always go. */
  broadcasts: z.boolean(),
});
export type EmailPreferences = z.infer<typeof emailPreferencesSchema>;
export const emailPreferencesBodySchema = z.object({ broadcasts: z.boolean('Use true or false.') }).strict();
