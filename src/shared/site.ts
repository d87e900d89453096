import { z } from 'zod';
import { messages } from './messages.js';

export const saveIpSchema = z.object({ ip: z.string() });

export const siteConfigSchema = z.object({
  country: z.string(),
  currency: z.string(),
  captcha: z.object({ provider: z.enum(['altcha', 'recaptcha']), site_key: z.string().nullable() }),
  google_client_id: z.string().nullable(),
  payments: z.object({
    stripe: z.enum(['live', 'sandbox']).nullable(),
    razorpay: z.enum(['live', 'sandbox']).nullable(),
    razorpay_key_id: z.string().nullable(),
  }),
  community_url: z.string(),
  support_email: z.string(),
  /** The site's name (Settings; 'Lectern' until set) for the header, footer and page titles. */
  site_name: z.string(),
  /** The logo uploaded in Settings; null: the default mark. */
  logo_url: z.string().nullable(),
});
export type SiteConfig = z.infer<typeof siteConfigSchema>;

export const countryListSchema = z.object({ countries: z.array(z.object({ country_name: z.string(), country_code: z.string() })) });
export const stateListSchema = z.object({ states: z.array(z.object({ state_name: z.string() })) });

export const verifyCaptchaBodySchema = z.object({ token: z.string().min(1).max(20_000) });
export const verifyCaptchaResponseSchema = z.object({ success: z.boolean() });

export const contactRoles = ['student', 'client', 'other'] as const;
export type ContactRole = (typeof contactRoles)[number];
export const contactRoleOptions: { value: ContactRole; label: string }[] = [
  { value: 'student', label: 'Student' },
  { value: 'client', label: 'Client / Business Owner' },
  { value: 'other', label: 'Other' },
];

/**
 * The spec's client compares the role with its longer label, so its client-only message rule may
 * never fire. We accept both readings: the value 'client' and the label both count as the client role.
 */
export function isClientRole(role: string): boolean {
  return role === 'client' || role === 'Client / Business Owner';
}

/** The role as the API takes it: 'student', 'client' or 'other', lower-cased; the client option's label counts as 'client'. */
export function normalizeContactRole(role: string): string {
  const value = role.trim();
  return isClientRole(value) ? 'client' : value.toLowerCase();
}

function isContactRole(role: string): role is ContactRole {
  return (contactRoles as readonly string[]).includes(role);
}

const trimmed = (max: number) => z.string().trim().max(max, `Ensure this field has no more than ${max} characters.`);

/** Server-side contact rules; the form mirrors them with the same messages. */
export const contactBodySchema = z
  .object({
    name: trimmed(120).min(1, messages.contact.nameRequired),
    email: trimmed(254).min(1, messages.contact.emailRequired).pipe(z.email(messages.contact.emailInvalid)).meta({ format: 'email' }),
    // A refinement, not an enum: a missing role must not stop the message rules below from being reported with it.
    role: z
      .string(messages.contact.roleRequired)
      .transform(normalizeContactRole)
      .refine(isContactRole, messages.contact.roleRequired)
      .meta({ enum: [...contactRoles] }),
    specify: trimmed(200).default(''),
    message: trimmed(5000).default(''),
    /** Optional captcha token; the pass cookie set by /verify-recaptcha/ also counts. */
    captcha: z.string().max(20_000).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.role === 'other' && !body.specify) ctx.addIssue({ code: 'custom', path: ['specify'], message: messages.contact.specifyRequired });
    if (!body.message) {
      ctx.addIssue({
        code: 'custom',
        path: ['message'],
        message: isClientRole(body.role) ? messages.contact.projectRequired : messages.contact.messageRequired,
      });
    }
  });
export type ContactBody = z.infer<typeof contactBodySchema>;
/** The contact form: the same rules, and the captcha must be solved first (the server also takes its pass cookie). */
export const contactFormSchema = contactBodySchema.safeExtend({
  captcha: z.string(messages.contact.captchaRequired).min(1, messages.contact.captchaRequired),
});
export const contactResponseSchema = z.object({ message: z.string() });

const figure = z.string().nullable();

/** GET /site-figures/ (public, cached): what the home and subscribe pages show (figures.ts); null hides a figure. */
export const siteFiguresSchema = z.object({
  home: z.object({ courses: figure, rating: figure, students: figure, letters: figure }),
  subscribe: z.object({ students: figure, courses: figure, hours: figure, rating: figure, success: figure }),
  testimonials: z.object({ title: z.string(), subtitle: z.string() }),
});
export type SiteFigures = z.infer<typeof siteFiguresSchema>;
