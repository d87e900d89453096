/**
 * The instructor studio's API contract: every /api/v1/admin/ call (and the first-run setup under
 * /api/v1/setup/), with the zod schemas the server parses and the web forms validate with.
 */
import { z } from 'zod';
import { registerBodySchema, userDetailsSchema } from './accounts.js';

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
  actor_id: z.coerce.number().int().positive().optional(),
  from: dateParamSchema.optional(),
  to: dateParamSchema.optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

// ---------------------------------------------------------------- who am I

export const adminMeSchema = z.object({ user_id: z.number().int(), email: z.string(), full_name: z.string() });

// ---------------------------------------------------------------- site settings

export const siteSettingsFields = ['support_email', 'seller_legal_name', 'seller_address', 'seller_tax_id'] as const;
const settingSource = z.enum(['studio', 'environment', 'unset']);

/** The values in force; `sources` says whether each comes from the studio, the environment, or nowhere. */
export const siteSettingsSchema = z.object({
  support_email: z.string(),
  seller_legal_name: z.string(),
  seller_address: z.string(),
  seller_tax_id: z.string(),
  sources: z.object({ support_email: settingSource, seller_legal_name: settingSource, seller_address: settingSource, seller_tax_id: settingSource }),
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
  })
  .partial()
  .strict();
export type SiteSettingsBody = z.infer<typeof siteSettingsBodySchema>;
