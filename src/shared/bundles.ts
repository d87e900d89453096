// Bundles (issue 25, items 4-5): several courses sold together at one price per region. The public
// read, the studio's bodies and answers; the money rules are in pricing.ts (bundleSaving, quote).
import { z } from 'zod';
import { courseListItemSchema, countryPriceSchema } from './catalog.js';
import { idSchema } from './ids.js';
import { regionCodes, type Region } from './regions.js';
import { pageQuerySchema, slugSchema, text } from './admin.js';

export const bundleMessages = {
  notFound: 'Bundle not found.',
  unavailable: 'One of these bundles is no longer available.',
  ownsAll: 'You already own every course in this bundle.',
  ownsAllOf: (title: string) => `You already own every course in “${title}”.`,
  courseInCartBundle: 'This course is already in your cart as part of a bundle.',
  overlapsCart: 'A course of this bundle is already in your cart in another bundle.',
  overlapsOrder: 'A course is in more than one line of this order (a bundle and another bundle or the course itself).',
  twoCourses: 'A bundle needs at least two courses.',
  courseNotPaid: 'Only published paid courses can be in a bundle.',
  courseUnknown: 'One of these courses does not exist.',
  needsUsdPrice: 'Give the bundle a USD price before publishing.',
  slugTaken: 'A bundle with this address already exists.',
  coverImage: 'Enter an image path or an https address.',
  eachCourseOnce: 'Each course once.',
  eachRegionOnce: 'Each region once.',
} as const;

export const bundleStates = ['draft', 'published', 'archived'] as const;
export const bundleStateSchema = z.enum(bundleStates);
export type BundleState = z.infer<typeof bundleStateSchema>;

const money = z
  .number('Enter an amount.')
  .min(0, 'The amount cannot be negative.')
  .max(1_000_000, 'The amount is too large.')
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'At most two decimals.');

export const bundlePriceBodySchema = z.object({ region: z.enum(regionCodes as [Region, ...Region[]]), amount: money });

const courseIdsSchema = z
  .array(idSchema('Enter a valid course id.'))
  .min(2, bundleMessages.twoCourses)
  .max(20, 'At most 20 courses.')
  .refine((ids) => new Set(ids).size === ids.length, bundleMessages.eachCourseOnce);

const pricesSchema = z
  .array(bundlePriceBodySchema)
  .max(regionCodes.length)
  .refine((list) => new Set(list.map((p) => p.region)).size === list.length, bundleMessages.eachRegionOnce);

/** An uploaded image's path ('/uploads/images/…') or an https address; '' for none. */
const coverSchema = z
  .string()
  .trim()
  .max(500, 'Ensure this field has no more than 500 characters.')
  .refine((v) => v === '' || /^\/(?:uploads|media)\/[\w./-]+$/.test(v) || /^https:\/\/[^\s"'<>]+$/.test(v), bundleMessages.coverImage);

export const bundleBodySchema = z
  .object({
    title: text(3, 200),
    slug: slugSchema,
    description: z.string().max(100_000, 'Ensure this field has no more than 100000 characters.').default(''),
    cover_image: coverSchema.default(''),
    course_ids: courseIdsSchema,
    prices: pricesSchema.default([]),
  })
  .strict();
export type BundleBody = z.infer<typeof bundleBodySchema>;

export const bundlePatchSchema = z
  .object({
    title: text(3, 200),
    slug: slugSchema,
    description: z.string().max(100_000, 'Ensure this field has no more than 100000 characters.'),
    cover_image: coverSchema,
    course_ids: courseIdsSchema,
    prices: pricesSchema,
  })
  .partial()
  .strict();
export type BundlePatch = z.infer<typeof bundlePatchSchema>;

export const adminBundleQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
  /** Without a state: every bundle but the archived ones. */
  state: bundleStateSchema.optional(),
});
export type AdminBundleQuery = z.infer<typeof adminBundleQuerySchema>;

export const adminBundleSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  cover_image: z.string(),
  state: bundleStateSchema,
  is_demo: z.boolean(),
  courses: z.array(z.object({ id: z.number().int(), slug: z.string(), title: z.string(), course_type: z.string(), published: z.boolean() })),
  /** Major units per region. */
  prices: z.array(z.object({ region: z.string(), currency: z.string(), amount: z.number() })),
  /** Paid orders that bought it. */
  sold: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminBundle = z.infer<typeof adminBundleSchema>;

export const bundleCourseSchema = courseListItemSchema.extend({
  /** The signed-in viewer already owns it (bought, free or granted); false for a visitor. */
  owned: z.boolean(),
});

/** A published bundle priced for the visitor (the region's price, else the default region's), with its saving. */
export const bundleSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  /** Sanitised HTML. */
  description: z.string(),
  cover_image: z.string(),
  /** The bundle's price; regular_amount is what its courses cost one by one. */
  country_price: countryPriceSchema,
  /** What the courses cost one by one, less the bundle's price (never below 0), and that as whole percent. */
  saving: z.number(),
  saving_percent: z.number().int(),
  courses: z.array(bundleCourseSchema),
  /** The courses the signed-in viewer owns already (empty for a visitor). */
  owned_course_ids: z.array(z.number().int()),
  /** The viewer owns every course: the bundle cannot be bought. */
  owns_all: z.boolean(),
});
export type Bundle = z.infer<typeof bundleSchema>;
export const bundleListSchema = z.array(bundleSchema);
