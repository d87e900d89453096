/**
 * The instructor studio's API contract: every /api/v1/admin/ call (and the first-run setup under
 * /api/v1/setup/), with the zod schemas the server parses and the web forms validate with.
 */
import { z } from 'zod';
import { idSchema, MAX_ID } from './ids.js';
import { registerBodySchema, userDetailsSchema } from './accounts.js';
import { complexitySchema, courseTypeSchema, lessonTypeSchema } from './catalog.js';
import { figureFields, testimonialsFields, type FigureField, type TestimonialsField } from './figures.js';
import { adminQuizSchema, quizBodySchema, quizMessages, studentQuizAttemptSchema } from './quizzes.js';
import { regionCodes, type Region } from './regions.js';
import { canonicalVideoUrl, parseVideoUrl } from './video.js';

/** A figure as the instructor writes it (figures.ts): short plain text ('10+', '4.9', '95%'). */
export const figureValueSchema = z
  .string()
  .trim()
  .max(12, 'Keep a figure to 12 characters (for example 75K+).')
  .refine((v) => !/[<>\p{Cc}]/u.test(v), 'Use plain text.');

/** GET /admin/site-figures/: the facts and the default each empty field falls back to. */
export const adminFiguresSchema = z.object({
  facts: z.object({
    published_courses: z.number().int(),
    average_rating: z.number().nullable(),
    ratings: z.number().int(),
    students: z.number().int(),
    letters: z.number().int(),
    hours: z.number().int(),
  }),
  computed: z.record(z.enum(figureFields), z.string().nullable()),
});
export type AdminFigures = z.infer<typeof adminFiguresSchema>;

export const adminMessages = {
  notAuthenticated: 'Authentication credentials were not provided.',
  notAdmin: 'You do not have permission to perform this action.',
  setupCreated: 'Your instructor account is ready.',
} as const;

// ---------------------------------------------------------------- first-run setup

export const setupTokenSchema = z.string().min(1).max(200);
export const setupStatusQuerySchema = z.object({ token: setupTokenSchema });
/** open: the link works; done: the studio already has an instructor; invalid: unknown, used or expired. */
export const setupStatusSchema = z.object({ state: z.enum(['open', 'done', 'invalid']) });
export type SetupStatus = z.infer<typeof setupStatusSchema>;

export const setupBodySchema = registerBodySchema.pick({ full_name: true, email: true, password: true }).extend({ token: setupTokenSchema });
export type SetupBody = z.infer<typeof setupBodySchema>;
export const setupResultSchema = z.object({ access: z.string(), refresh: z.string(), user: userDetailsSchema });

// ---------------------------------------------------------------- lists

export const MAX_PAGE_SIZE = 100;
/** Offset paging stops here: past it, narrow the filters (or export CSV, which streams everything). */
export const MAX_OFFSET = 10_000;

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(MAX_OFFSET).default(1),
  page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(25),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** A page of a list sorted on the server: `count` is the total matching rows. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ count: z.number().int(), page: z.number().int(), page_size: z.number().int(), results: z.array(item) });
}
export interface Page<T> {
  count: number;
  page: number;
  page_size: number;
  results: T[];
}

/** ISO date (2026-01-31) or date-time; a bare date as `to` means the end of that day (UTC). */
export const dateParamSchema = z.iso.datetime({ offset: true }).or(z.iso.date());

// ---------------------------------------------------------------- audit log

export const auditEntrySchema = z.object({
  id: z.number().int(),
  actor_id: z.number().int().nullable(),
  actor_email: z.string(),
  action: z.string(),
  entity_type: z.string(),
  entity_id: z.string().nullable(),
  summary: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  ip: z.string().nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditQuerySchema = pageQuerySchema.extend({
  action: z.string().max(60).optional(),
  entity_type: z.string().max(40).optional(),
  entity_id: z.string().max(80).optional(),
  actor_id: idSchema().optional(),
  from: dateParamSchema.optional(),
  to: dateParamSchema.optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

// ---------------------------------------------------------------- who am I

/** The signed-in studio user; a reviewer sees the project reviews only (shared/team.ts). */
export const adminMeSchema = z.object({ user_id: z.number().int(), email: z.string(), full_name: z.string(), role: z.enum(['admin', 'reviewer']) });

// ---------------------------------------------------------------- site settings

/** The settings the studio's Settings page saves (PATCH /admin/settings/); the logo has its own upload. */
export const siteSettingsFields = [
  'support_email',
  'seller_legal_name',
  'seller_address',
  'seller_tax_id',
  'letter_course_id',
  'site_name',
  ...figureFields,
  ...testimonialsFields,
] as const;
export type SiteSettingsField = (typeof siteSettingsFields)[number];
/** studio: set in Settings; environment: from the server's environment; demo: the demo seed's; unset: nothing (a default applies). */
const settingSource = z.enum(['studio', 'environment', 'demo', 'unset']);
export type SettingSource = z.infer<typeof settingSource>;

const figureStrings = Object.fromEntries([...figureFields, ...testimonialsFields].map((field) => [field, z.string()])) as Record<
  FigureField | TestimonialsField,
  z.ZodString
>;

/** The values in force; `sources` says whether each comes from the studio, the environment, the demo, or nowhere. */
export const siteSettingsSchema = z.object({
  support_email: z.string(),
  seller_legal_name: z.string(),
  seller_address: z.string(),
  seller_tax_id: z.string(),
  /** The course (its id, as digits) the home page's 'Get Your Letter' banner leads to; '' = the first published course with a project. */
  letter_course_id: z.string(),
  /** The site's name in its header, footer and page titles; '' = Lectern. */
  site_name: z.string(),
  /** The logo's public address (an upload, POST /admin/settings/logo/); '' = the default mark. */
  site_logo: z.string(),
  /** Each figure as set ('' = what the database knows, GET /admin/site-figures/), and the testimonials' wording ('' = the default). */
  ...figureStrings,
  sources: z.record(z.enum(siteSettingsFields), settingSource),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

/** Control characters (other than tab and, where allowed, line breaks) and angle brackets. */
const hasControlOrTag = (value: string, allowNewlines: boolean) =>
  [...value].some((ch) => {
    const code = ch.charCodeAt(0);
    if (ch === '<' || ch === '>') return true;
    if (code === 9 || (allowNewlines && (code === 10 || code === 13))) return false;
    return code < 32 || code === 127;
  });

const plainLine = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Ensure this field has no more than ${max} characters.`)
    .refine((v) => !hasControlOrTag(v, false), 'Use plain text.');

/** Fields sent are saved; an empty string clears a field (back to its environment value). */
export const siteSettingsBodySchema = z
  .object({
    support_email: z
      .string()
      .trim()
      .toLowerCase()
      .max(254)
      .refine((v) => v === '' || z.email().safeParse(v).success, 'Enter a valid email address.'),
    seller_legal_name: plainLine(200),
    seller_address: z
      .string()
      .trim()
      .max(500, 'Ensure this field has no more than 500 characters.')
      .refine((v) => !hasControlOrTag(v, true), 'Use plain text.'),
    seller_tax_id: plainLine(40).refine((v) => v === '' || /^[A-Za-z0-9][A-Za-z0-9 ./-]*$/.test(v), 'Use letters, digits, spaces, dots, slashes or dashes.'),
    letter_course_id: z
      .string()
      .trim()
      .refine((v) => v === '' || (/^\d{1,10}$/.test(v) && Number(v) >= 1 && Number(v) <= MAX_ID), 'Choose a course.'),
    site_name: plainLine(60),
    ...(Object.fromEntries(figureFields.map((field) => [field, figureValueSchema])) as Record<FigureField, typeof figureValueSchema>),
    testimonials_title: plainLine(80),
    testimonials_subtitle: plainLine(200),
  })
  .partial()
  .strict();
export type SiteSettingsBody = z.infer<typeof siteSettingsBodySchema>;

// ---------------------------------------------------------------- courses

export const courseStates = ['draft', 'published', 'archived'] as const;
export const courseStateSchema = z.enum(courseStates);
export type CourseState = z.infer<typeof courseStateSchema>;
export const courseAdminMessages = {
  slugTaken: 'Another course already uses this address.',
  slugFormat: 'Use lower-case letters, digits and single dashes (for example python-for-beginners).',
  videoUrl: 'Enter a YouTube or Vimeo video address.',
  videoRequired: 'A video lesson needs a YouTube or Vimeo address.',
  articleRequired: 'An article lesson needs its text.',
  categoryUnknown: 'Choose one of the categories.',
  categoryRequired: 'Choose a category.',
  publishNoLessons: 'Add at least one lesson before publishing.',
  publishNoPrice: 'Set the price for the default region (USD) before publishing a paid course.',
  sectionNotEmpty: 'Move or delete the lessons of this section first.',
  orderMismatch: 'The order must list every section and lesson of this course exactly once.',
  regularBelowPrice: 'The regular price cannot be lower than the price.',
  releaseEitherOr: 'Choose a number of days or a date, not both.',
  releaseDays: 'Enter a number of days from 0 to 3650.',
  releaseDate: 'Enter a date (YYYY-MM-DD).',
} as const;

export const text = (min: number, max: number, required = 'This field is required.') =>
  z
    .string(required)
    .trim()
    .min(min, min <= 1 ? required : `Ensure this field has at least ${min} characters.`)
    .max(max, `Ensure this field has no more than ${max} characters.`);

export const slugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(3, 'Ensure this field has at least 3 characters.')
  .max(120, 'Ensure this field has no more than 120 characters.')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, courseAdminMessages.slugFormat);

export const videoUrlSchema = z
  .string()
  .trim()
  .max(500)
  .refine((v) => parseVideoUrl(v) !== null, courseAdminMessages.videoUrl)
  .transform((v) => canonicalVideoUrl(v)!);

export const bulletList = z.array(text(1, 200)).max(20, 'At most 20 items.');

/** Create and edit a course (PATCH takes any subset). HTML in course_description is sanitised by the server. */
export const courseBodySchema = z.object({
  title: text(3, 200),
  subtitle: text(0, 300).default(''),
  slug: slugSchema,
  course_type: courseTypeSchema,
  complexity: complexitySchema,
  category_id: idSchema(courseAdminMessages.categoryRequired),
  language: text(1, 40).default('English'),
  promo_video: videoUrlSchema.nullable().default(null),
  course_description: z.string().max(100_000, 'Ensure this field has no more than 100000 characters.').default(''),
  what_you_will_learn: bulletList.default([]),
  target_audience: bulletList.default([]),
  seo_title: text(0, 70).default(''),
  seo_description: text(0, 170).default(''),
});
export type CourseBody = z.infer<typeof courseBodySchema>;
export const coursePatchSchema = courseBodySchema
  .extend({
    subtitle: text(0, 300),
    language: text(1, 40),
    promo_video: videoUrlSchema.nullable(),
    course_description: z.string().max(100_000, 'Ensure this field has no more than 100000 characters.'),
    what_you_will_learn: bulletList,
    target_audience: bulletList,
    seo_title: text(0, 70),
    seo_description: text(0, 170),
  })
  .partial()
  .strict();
export type CoursePatch = z.infer<typeof coursePatchSchema>;

/** Major units (49.99, 3999). The currency follows the region. */
const money = z
  .number('Enter an amount.')
  .min(0, 'The amount cannot be negative.')
  .max(1_000_000, 'The amount is too large.')
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'At most two decimals.');

export const regionPriceSchema = z.object({ region: z.enum(regionCodes as [Region, ...Region[]]), amount: money, regular_amount: money });
export const pricesBodySchema = z.object({
  prices: z
    .array(regionPriceSchema.refine((p) => p.regular_amount >= p.amount, { path: ['regular_amount'], message: courseAdminMessages.regularBelowPrice }))
    .max(regionCodes.length)
    .refine((list) => new Set(list.map((p) => p.region)).size === list.length, 'Each region once.'),
});
export type PricesBody = z.infer<typeof pricesBodySchema>;
export const adminPriceSchema = z.object({ region: z.string(), currency: z.string(), amount: z.number(), regular_amount: z.number() });

export const adminCourseListItemSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  course_type: courseTypeSchema,
  complexity: complexitySchema,
  category: z.object({ id: z.number().int(), category_name: z.string() }),
  state: courseStateSchema,
  total_lessons: z.number().int(),
  enrolled: z.number().int(),
  prices: z.array(adminPriceSchema),
  position: z.number().int(),
  updated_at: z.string(),
});
export type AdminCourseListItem = z.infer<typeof adminCourseListItemSchema>;

export const adminCourseQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
  state: courseStateSchema.optional(),
  sort: z.enum(['position', 'title', '-updated_at', 'updated_at']).default('position'),
});

/**
 * A drip schedule (a section's or a lesson's): open a number of days after the student's access
 * began (enrolment, purchase or the membership's start), or on a date (00:00 UTC); neither is
 * 'immediately', both is refused. A section's schedule holds back its lessons: the later one wins.
 */
export const releaseFields = {
  available_after_days: z
    .number(courseAdminMessages.releaseDays)
    .int(courseAdminMessages.releaseDays)
    .min(0, courseAdminMessages.releaseDays)
    .max(3650, courseAdminMessages.releaseDays)
    .nullable(),
  available_from: z.iso.date(courseAdminMessages.releaseDate).nullable(),
};
export type Release = { available_after_days: number | null; available_from: string | null };

const oneRelease = (value: { available_after_days?: number | null | undefined; available_from?: string | null | undefined }, ctx: z.RefinementCtx) => {
  if (value.available_after_days != null && value.available_from != null)
    ctx.addIssue({ code: 'custom', path: ['available_from'], message: courseAdminMessages.releaseEitherOr });
};

export const adminLessonSchema = z.object({
  id: z.number().int(),
  uuid: z.string(),
  lesson_title: z.string(),
  lesson_type: lessonTypeSchema,
  video_source: z.string().nullable(),
  lesson_content: z.string().nullable(),
  duration_seconds: z.number().int(),
  enable_preview: z.boolean(),
  position: z.number().int(),
  /** A quiz lesson's quiz with its answers (the studio only); null for other lessons. */
  quiz: adminQuizSchema.nullable(),
  ...releaseFields,
  resources: z.array(z.object({ id: z.number().int(), file_name: z.string(), content_type: z.string(), size_bytes: z.number().int() })),
});
export const adminSectionSchema = z.object({
  id: z.number().int(),
  uuid: z.string(),
  title: z.string(),
  position: z.number().int(),
  ...releaseFields,
  lessons: z.array(adminLessonSchema),
});

export const adminCourseSchema = adminCourseListItemSchema.extend({
  uuid: z.string(),
  subtitle: z.string(),
  course_image: z.string(),
  language: z.string(),
  promo_video: z.string().nullable(),
  course_description: z.string(),
  what_you_will_learn: z.array(z.string()),
  target_audience: z.array(z.string()),
  seo_title: z.string(),
  seo_description: z.string(),
  old_slugs: z.array(z.string()),
  sections: z.array(adminSectionSchema),
});
export type AdminCourse = z.infer<typeof adminCourseSchema>;

export const sectionBodySchema = z
  .object({
    title: text(1, 200),
    available_after_days: releaseFields.available_after_days.default(null),
    available_from: releaseFields.available_from.default(null),
  })
  .strict()
  .superRefine(oneRelease);

export type SectionBody = z.infer<typeof sectionBodySchema>;

/** A section's edit: its title, its schedule, or both (a schedule sent is the whole schedule: the field left out is cleared). */
export const sectionPatchSchema = z
  .object({
    title: text(1, 200).optional(),
    available_after_days: releaseFields.available_after_days.optional(),
    available_from: releaseFields.available_from.optional(),
  })
  .strict()
  .superRefine(oneRelease);
export type SectionPatch = z.infer<typeof sectionPatchSchema>;

export const lessonBodySchema = z
  .object({
    lesson_title: text(1, 200),
    lesson_type: lessonTypeSchema,
    video_source: videoUrlSchema.nullable().default(null),
    lesson_content: z.string().max(200_000, 'Ensure this field has no more than 200000 characters.').nullable().default(null),
    duration_seconds: z
      .number()
      .int()
      .min(0, 'The duration cannot be negative.')
      .max(24 * 60 * 60, 'At most 24 hours.')
      .default(0),
    enable_preview: z.boolean().default(false),
    /** A quiz lesson's questions, pass mark and attempts; sent again whole on an edit (kept questions carry their id). */
    quiz: quizBodySchema.nullable().default(null),
    available_after_days: releaseFields.available_after_days.default(null),
    available_from: releaseFields.available_from.default(null),
  })
  .strict()
  .superRefine((lesson, ctx) => {
    oneRelease(lesson, ctx);
    if (lesson.lesson_type === 'quiz' && !lesson.quiz) ctx.addIssue({ code: 'custom', path: ['quiz'], message: quizMessages.quizRequired });
    if (lesson.lesson_type !== 'quiz' && lesson.quiz) ctx.addIssue({ code: 'custom', path: ['quiz'], message: quizMessages.quizOnlyForQuiz });
    if (lesson.lesson_type === 'Video' && !lesson.video_source)
      ctx.addIssue({ code: 'custom', path: ['video_source'], message: courseAdminMessages.videoRequired });
    if (lesson.lesson_type === 'Article' && !lesson.lesson_content?.trim())
      ctx.addIssue({ code: 'custom', path: ['lesson_content'], message: courseAdminMessages.articleRequired });
  });
export type LessonBody = z.infer<typeof lessonBodySchema>;

/** The whole curriculum's order after a drag and drop: sections in order, each with its lessons in order (lessons may change section). */
export const curriculumOrderSchema = z.object({
  sections: z.array(z.object({ id: idSchema(), lesson_ids: z.array(idSchema()).max(1000) })).max(200),
});
export type CurriculumOrder = z.infer<typeof curriculumOrderSchema>;

export const previewQuerySchema = z.object({ as: z.enum(['visitor', 'student']).default('student') });

export const categorySchema = z.object({ id: z.number().int(), category_name: z.string(), slug: z.string() });
export const categoryBodySchema = z.object({ category_name: text(2, 80), slug: slugSchema }).strict();

// ---------------------------------------------------------------- orders

export const orderStatusSchema = z.enum(['Pending', 'Paid', 'Failed', 'Cancelled', 'Refunded']);
export const paymentMethodSchema = z.enum(['Stripe', 'RazorPay', 'Full_Discount']);

export const adminOrderQuerySchema = z.object({
  status: orderStatusSchema.optional(),
  payment_method: paymentMethodSchema.optional(),
  country: z.string().trim().max(100).optional(),
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, 'A three-letter currency code.')
    .optional(),
  from: dateParamSchema.optional(),
  to: dateParamSchema.optional(),
  search: z.string().trim().min(1).max(100).optional(),
  /** The `next_cursor` of the previous page (keyset paging: page 1,000 costs what page 1 costs). */
  cursor: z.string().max(100).optional(),
  page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(25),
});
export type AdminOrderQuery = z.infer<typeof adminOrderQuerySchema>;

/** Amounts in major units of the order's own currency: never add two currencies together. */
export const adminOrderListItemSchema = z.object({
  order_number: z.string(),
  invoice_number: z.string().nullable(),
  status: orderStatusSchema,
  payment_method: paymentMethodSchema,
  currency: z.string(),
  subtotal: z.number(),
  discount: z.number(),
  total: z.number(),
  coupon: z.string().nullable(),
  user_id: z.number().int(),
  full_name: z.string(),
  email: z.string(),
  country: z.string(),
  items: z.number().int(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
});
export type AdminOrderListItem = z.infer<typeof adminOrderListItemSchema>;
export const adminOrderPageSchema = z.object({ results: z.array(adminOrderListItemSchema), next_cursor: z.string().nullable() });

/** One refund of an order: amount in major units of the order's currency; pending until the provider answered, failed when it refused. */
export const adminOrderRefundSchema = z.object({
  id: z.number().int(),
  amount: z.number(),
  reason: z.string().nullable(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  provider: z.string(),
  provider_refund_id: z.string().nullable(),
  provider_status: z.string().nullable(),
  /** Who asked for it in the studio; null for one made at the provider (its dashboard) or before refunds were recorded one by one. */
  by: z.string().nullable(),
  created_at: z.string(),
  /** When the money went back; null while pending or when it failed. */
  refunded_at: z.string().nullable(),
});
export type AdminOrderRefund = z.infer<typeof adminOrderRefundSchema>;

export const adminOrderDetailSchema = adminOrderListItemSchema.extend({
  phone_number: z.string(),
  address: z.string(),
  lines: z.array(
    z.object({
      course_id: z.number().int(),
      title: z.string(),
      slug: z.string(),
      price: z.number(),
      /** The bundle the course was bought in (price: its share of the bundle's); null for a course bought alone. */
      bundle: z.object({ id: z.number().int(), slug: z.string(), title: z.string() }).nullable().optional(),
    }),
  ),
  payments: z.array(
    z.object({ provider: z.string(), provider_payment_id: z.string(), status: z.string(), amount: z.number(), currency: z.string(), created_at: z.string() }),
  ),
  /** A paid order with something left to refund (or a 100% coupon's, closed by its one refund) can be refunded, in part or in full. */
  refundable: z.boolean(),
  /** When the order was refunded in full (its last refund; the payment rows keep their payments' times); null while it was not. */
  refunded_at: z.string().nullable(),
  /** What has gone back to the buyer (the refunds made), in major units. */
  refunded: z.number(),
  /** What may still be refunded: the total less the refunds made or waiting for the provider's answer. */
  refund_left: z.number(),
  /** Each refund asked for or made, oldest first, with its own time. */
  refunds: z.array(adminOrderRefundSchema),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;

export const refundMessages = {
  amount: 'Enter an amount above 0, with at most two decimals.',
  reason: 'Keep the reason to 500 characters.',
  overLeft: (left: string) => `At most ${left} is left to refund.`,
  notPaid: 'Only a paid order can be refunded.',
  refundedInFull: 'This order has already been refunded in full.',
  waiting: 'A refund of this order is still waiting for the payment provider’s answer; try again in a few minutes.',
  noPayment: 'This order has no captured payment to refund.',
} as const;

const refundAmountSchema = z
  .number(refundMessages.amount)
  .positive(refundMessages.amount)
  .max(100_000_000, refundMessages.amount)
  .refine((amount) => Math.abs(Math.round(amount * 100) - amount * 100) < 1e-6, refundMessages.amount);

/**
 * POST /admin/orders/{order_number}/refund/: `amount` in the order's currency, major units (as every
 * amount of the order); none refunds whatever is left. `reason` is shown to the buyer.
 */
export const orderRefundBodySchema = z
  .object({
    amount: refundAmountSchema.nullish(),
    reason: z.string(refundMessages.reason).trim().max(500, refundMessages.reason).nullish(),
  })
  .strict();
export type OrderRefundBody = z.infer<typeof orderRefundBodySchema>;
/** The studio's refund dialog: the same body, with the amount always given (prefilled with what is left). */
export const orderRefundFormSchema = orderRefundBodySchema.extend({ amount: refundAmountSchema });
export type OrderRefundForm = z.infer<typeof orderRefundFormSchema>;
export type OrderRefundFormInput = z.input<typeof orderRefundFormSchema>;
export const orderNumberParamSchema = z.object({
  orderNumber: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .regex(/^[A-Za-z0-9-]+$/, 'Not an order number.'),
});

// ---------------------------------------------------------------- members

/** What the studio shows for a membership: active, in grace (a renewal failed, access continues), cancelled (ended early), expired; incomplete (checkout never paid). */
export const memberStates = ['active', 'in_grace', 'cancelled', 'expired', 'incomplete'] as const;
export const memberStateSchema = z.enum(memberStates);
export type MemberState = z.infer<typeof memberStateSchema>;

export const adminMemberQuerySchema = pageQuerySchema.extend({
  state: memberStateSchema.optional(),
  payment_method: z.enum(['stripe', 'razorpay', 'manual']).optional(),
  plan_type: z.enum(['monthly', 'yearly', 'lifetime']).optional(),
  /** Name or email of the member. */
  search: z.string().trim().min(1).max(100).optional(),
  sort: z.enum(['-created_at', 'created_at', 'end_date', '-end_date']).default('-created_at'),
});
export type AdminMemberQuery = z.infer<typeof adminMemberQuerySchema>;

export const adminMemberSchema = z.object({
  id: z.number().int(),
  user: z.object({ id: z.number().int(), email: z.string(), full_name: z.string() }).nullable(),
  plan_name: z.string(),
  plan_type: z.enum(['monthly', 'yearly', 'lifetime']).nullable(),
  state: memberStateSchema,
  /** Internal lifecycle status: pending, active, past_due, cancelled, expired, failed. */
  status: z.string(),
  is_current: z.boolean(),
  payment_method: z.enum(['stripe', 'razorpay', 'manual']),
  amount: z.number(),
  currency: z.string(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  grace_until: z.string().nullable(),
  auto_renew: z.boolean(),
  provider_subscription_id: z.string().nullable(),
  provider_reference: z.string().nullable(),
  created_at: z.string(),
});
export type AdminMember = z.infer<typeof adminMemberSchema>;

export const adminMemberDetailSchema = adminMemberSchema.extend({
  provider_customer_id: z.string().nullable(),
  canceled_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  /** Every charge, renewal, failure, refund, cancellation and expiry of this membership, newest first. */
  history: z.array(
    z.object({
      status: z.string(),
      plan_name: z.string(),
      payment_method: z.string(),
      amount: z.number(),
      currency: z.string(),
      transaction_id: z.string(),
      provider_payment_id: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
});
export type AdminMemberDetail = z.infer<typeof adminMemberDetailSchema>;

export const memberCancelBodySchema = z.object({ immediately: z.boolean().default(false) }).strict();

// ---------------------------------------------------------------- students

const flag = z.enum(['true', 'false'], 'Use true or false.').transform((v) => v === 'true');

export const adminStudentQuerySchema = pageQuerySchema.extend({
  /** Part of the name or email. */
  search: z.string().trim().min(1).max(100).optional(),
  verified: flag.optional(),
  blocked: flag.optional(),
  sort: z.enum(['-created_at', 'created_at', 'full_name', 'email']).default('-created_at'),
});
export type AdminStudentQuery = z.infer<typeof adminStudentQuerySchema>;

export const adminStudentSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  full_name: z.string(),
  country: z.string(),
  is_verified: z.boolean(),
  is_admin: z.boolean(),
  blocked: z.boolean(),
  blocked_at: z.string().nullable(),
  created_at: z.string(),
});
export type AdminStudent = z.infer<typeof adminStudentSchema>;

export const adminStudentDetailSchema = adminStudentSchema.extend({
  phone_number: z.string(),
  orders: z.array(adminOrderListItemSchema),
  enrolments: z.array(
    z.object({
      course_id: z.number().int(),
      title: z.string(),
      slug: z.string(),
      source: z.string(),
      course_status: z.string(),
      enrolled_at: z.string(),
      total_lessons: z.number().int(),
      completed_lessons: z.number().int(),
      progress: z.number(),
      /** Lessons a drip schedule still holds back for this student (the studio's 'Open early'). */
      held_back_lessons: z.array(z.object({ id: z.number().int(), lesson_title: z.string(), available_at: z.string() })),
    }),
  ),
  memberships: z.array(adminMemberSchema),
  questions: z.array(z.object({ id: z.number().int(), title: z.string(), course_title: z.string(), created_at: z.string(), answered: z.boolean() })),
  /** Every graded quiz attempt, newest first. */
  quiz_attempts: z.array(studentQuizAttemptSchema),
});
export type AdminStudentDetail = z.infer<typeof adminStudentDetailSchema>;

export const studentEnrolBodySchema = z.object({ course_id: idSchema('Choose a course.') }).strict();
export const studentCompBodySchema = z
  .object({
    months: z.number('Give a number of months.').int('Give whole months.').min(1, 'Give between 1 and 60 months.').max(60, 'Give between 1 and 60 months.'),
  })
  .strict();
/** 'Open early': a dripped lesson opened now for this one student. */
export const studentUnlockBodySchema = z.object({ lesson_id: idSchema('Choose a lesson.') }).strict();
export const adminMessageSchema = z.object({ detail: z.string() });

// ---------------------------------------------------------------- payments log

export const providerEventQuerySchema = pageQuerySchema.extend({
  provider: z.enum(['stripe', 'razorpay']).optional(),
  /** processed; failed (not processed, its outcome says why; the provider retries, or replay it); pending (not processed yet). */
  state: z.enum(['processed', 'failed', 'pending']).optional(),
  type: z.string().trim().max(100).optional(),
  search: z.string().trim().min(1).max(100).optional(),
  from: dateParamSchema.optional(),
  to: dateParamSchema.optional(),
});
export type ProviderEventQuery = z.infer<typeof providerEventQuerySchema>;

export const providerEventSchema = z.object({
  id: z.number().int(),
  provider: z.enum(['stripe', 'razorpay']),
  event_id: z.string(),
  type: z.string(),
  state: z.enum(['processed', 'failed', 'pending']),
  outcome: z.string().nullable(),
  deliveries: z.number().int(),
  received_at: z.string(),
  processed_at: z.string().nullable(),
  /** A failed or pending event can be replayed from the studio. */
  replayable: z.boolean(),
});
export type ProviderEventItem = z.infer<typeof providerEventSchema>;
export const providerEventDetailSchema = providerEventSchema.extend({ payload: z.unknown() });
