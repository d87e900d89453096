/**
 * A first start that makes the site the instructor's (issue 25): the studio Overview's checklist
 * (GET /admin/setup-checklist/, computed from real data) and 'Remove the demo content' (a preview,
 * GET /admin/demo-content/, and its confirmation, POST /admin/demo-content/remove/).
 */
import { z } from 'zod';
import { courseStateSchema } from './admin.js';

const named = z.object({ id: z.number().int(), name: z.string() });

/** What a removal deletes; every list names each row, so the confirmation shows exactly this. */
export const demoRemovalSchema = z.object({
  courses: z.array(named),
  categories: z.array(named),
  /** The placeholder instructor: deleted, or (still named by a course of yours) made a blank profile in your name. */
  instructor: z.object({ name: z.string(), action: z.enum(['delete', 'reset']) }).nullable(),
  testimonials: z.array(named),
  plans: z.array(named),
  coupons: z.array(named),
  /** The demo's bundles no one bought. */
  bundles: z.array(named).optional(),
  roadmap_steps: z.number().int(),
  /** The demo's students, and what goes with their accounts. */
  students: z.object({
    accounts: z.number().int(),
    enrolments: z.number().int(),
    reviews: z.number().int(),
    submissions: z.number().int(),
    letters: z.number().int(),
  }),
  /** The demo's figures in Settings (the spec's '10+', '75K+' ...): without them each is what the database knows. */
  figures: z.array(z.string()),
});
export type DemoRemoval = z.infer<typeof demoRemovalSchema>;

/** Demo content that stays, and why (someone bought it, or enrolled, or it is on your roadmap). */
export const demoKeptSchema = z.object({
  kind: z.enum(['course', 'plan', 'coupon', 'bundle', 'students']),
  id: z.number().int().nullable(),
  name: z.string(),
  reason: z.string(),
});
export type DemoKept = z.infer<typeof demoKeptSchema>;

/** GET /admin/demo-content/: what 'Remove the demo content' would delete now, what it keeps, and the token that confirms exactly this. */
export const demoContentSchema = z.object({
  /** Names this exact removal: the confirmation sends it back, and a removal that changed since answers 409. */
  token: z.string(),
  /** Nothing left to delete. */
  empty: z.boolean(),
  remove: demoRemovalSchema,
  keep: z.array(demoKeptSchema),
});
export type DemoContent = z.infer<typeof demoContentSchema>;

export const removeDemoBodySchema = z.object({ token: z.string().trim().min(1).max(64) });
export type RemoveDemoBody = z.infer<typeof removeDemoBodySchema>;

/** POST /admin/demo-content/remove/: what was deleted, and what is left (kept). */
export const removeDemoResultSchema = z.object({ removed: demoRemovalSchema, left: demoContentSchema });
export type RemoveDemoResult = z.infer<typeof removeDemoResultSchema>;

export const setupMessages = {
  demoChanged: 'The demo content changed since you looked. Review what will be deleted and confirm again.',
  notComplete: 'Finish every step of the checklist before dismissing it.',
} as const;

/**
 * A payment provider as this server runs it: off (production without keys), sandbox (the local
 * fake: no money moves), test keys or live keys; with when its webhook last reached us.
 */
export const providerStateSchema = z.object({
  provider: z.enum(['stripe', 'razorpay']),
  mode: z.enum(['off', 'sandbox', 'test', 'live']),
  /** Keys are set but the webhook's signing secret is not: payments cannot be confirmed by webhook. */
  webhook_secret: z.boolean(),
  /** Where the provider's dashboard must send events. */
  webhook_url: z.string(),
  last_webhook_at: z.string().nullable(),
  /** A webhook reached us in the last 30 days. */
  webhook_recent: z.boolean(),
});
export type ProviderState = z.infer<typeof providerStateSchema>;
export const WEBHOOK_RECENT_DAYS = 30;

const step = { done: z.boolean() };

/** GET /admin/setup-checklist/: each step's state, from the data itself. */
export const setupChecklistSchema = z.object({
  profile: z.object({
    ...step,
    instructor: z.enum(['missing', 'placeholder', 'yours']),
    instructor_name: z.string().nullable(),
    /** '' until set in Settings. */
    site_name: z.string(),
    logo: z.boolean(),
  }),
  payments: z.object({
    ...step,
    providers: z.array(providerStateSchema),
    /** The legal name and address invoices print are set. */
    invoice_details: z.boolean(),
  }),
  first_course: z.object({ ...step, course: z.object({ id: z.number().int(), title: z.string(), state: courseStateSchema }).nullable() }),
  figures: z.object({ ...step, from_demo: z.number().int() }),
  demo_content: z.object({ ...step, to_remove: z.number().int(), kept: z.number().int() }),
  complete: z.boolean(),
  dismissed: z.boolean(),
});
export type SetupChecklist = z.infer<typeof setupChecklistSchema>;
