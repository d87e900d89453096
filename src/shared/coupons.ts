/**
 * The studio's coupons: the /api/v1/admin/coupons/ contract, parsed by the server and validated
 * by the web form with the same schemas. Whether a coupon applies at checkout is decided in one
 * place on the server (orders/coupons.ts, checkCoupon); its discount in src/shared/pricing.ts.
 */
import { z } from 'zod';
import { idSchema } from './ids.js';
import { pageQuerySchema } from './admin.js';
import { regions } from './regions.js';

export const couponMessages = {
  codeRequired: 'This field is required.',
  codeFormat: 'Use 3 to 40 letters, digits, dashes or underscores.',
  codeTaken: 'A coupon with this code already exists.',
  percentage: 'Enter a whole percentage from 1 to 100.',
  discountType: 'Choose a percentage or a fixed amount.',
  amountOff: 'Enter an amount above 0, with at most two decimals.',
  amountOffRequired: 'Enter the amount off in at least one currency.',
  amountOffCurrency: `Use the currencies prices are in: ${Object.values(regions)
    .map((r) => r.currency)
    .join(', ')}.`,
  expiry: 'Enter a valid date.',
  expiryPast: 'The expiry date must be in the future.',
  limit: 'Enter a whole number of at least 1, or leave it empty for no limit.',
  perUserOverTotal: 'The limit per buyer cannot be above the total limit.',
  courseIds: 'Choose courses from the list.',
  unknownCourse: 'One of the chosen courses does not exist.',
  bundleIds: 'Choose bundles from the list.',
  unknownBundle: 'One of the chosen bundles does not exist.',
  notFound: 'Coupon not found.',
  usedCannotDelete: 'This coupon has been used on an order, so it cannot be deleted: disable it instead.',
} as const;

/** Codes are matched case-insensitively at checkout and stored upper-case; unique ignoring case. */
export const couponCodeSchema = z
  .string(couponMessages.codeRequired)
  .trim()
  .min(1, couponMessages.codeRequired)
  .max(40, couponMessages.codeFormat)
  .regex(/^[A-Za-z0-9_-]{3,40}$/, couponMessages.codeFormat)
  .transform((code) => code.toUpperCase());

const limitSchema = z.number(couponMessages.limit).int(couponMessages.limit).min(1, couponMessages.limit).max(1_000_000, couponMessages.limit).nullable();

/** A calendar date (the coupon works through the end of that day, UTC) or an ISO date-time; null for no expiry. */
export const couponExpirySchema = z
  .union([z.iso.date(couponMessages.expiry), z.iso.datetime({ offset: true, message: couponMessages.expiry })], couponMessages.expiry)
  .refine((value) => {
    const year = Number(value.slice(0, 4));
    return year >= 2000 && year <= 2100 && !Number.isNaN(Date.parse(value));
  }, couponMessages.expiry)
  .nullable();

/** The currencies a fixed coupon can name: those the site prices in. */
export const couponCurrencies = Object.values(regions).map((r) => r.currency) as [string, ...string[]];

const amountSchema = z
  .number(couponMessages.amountOff)
  .positive(couponMessages.amountOff)
  .max(1_000_000, couponMessages.amountOff)
  .refine((amount) => Math.abs(Math.round(amount * 100) - amount * 100) < 1e-6, couponMessages.amountOff);

/** A fixed coupon's amount off per currency, in major units: {USD: 10, INR: 800}. */
export const amountOffSchema = z
  .record(z.string(), amountSchema, couponMessages.amountOffRequired)
  .superRefine((amounts, ctx) => {
    if (Object.keys(amounts).some((currency) => !couponCurrencies.includes(currency)))
      ctx.addIssue({ code: 'custom', message: couponMessages.amountOffCurrency });
    else if (!Object.keys(amounts).length) ctx.addIssue({ code: 'custom', message: couponMessages.amountOffRequired });
  })
  .nullable();

const couponIdsSchema = z.array(idSchema(couponMessages.courseIds), couponMessages.courseIds).max(500, couponMessages.courseIds);

const couponFields = {
  code: couponCodeSchema,
  /** 'percent' (the default) takes `percentage` off; 'fixed' takes `amount_off` in the order's currency. */
  discount_type: z.enum(['percent', 'fixed'], couponMessages.discountType),
  percentage: z.number(couponMessages.percentage).int(couponMessages.percentage).min(1, couponMessages.percentage).max(100, couponMessages.percentage),
  amount_off: amountOffSchema,
  expires_at: couponExpirySchema,
  max_uses: limitSchema,
  max_uses_per_user: limitSchema,
  /** Empty: the coupon applies to every course. */
  course_ids: couponIdsSchema,
  /** Bundles the coupon is limited to. With courses and bundles both empty it applies to every line; a coupon naming only courses does not apply to bundles. */
  bundle_ids: z.array(idSchema(couponMessages.bundleIds), couponMessages.bundleIds).max(200, couponMessages.bundleIds),
  is_active: z.boolean('Use true or false.'),
};

/** What a coupon takes off must be there for its kind: a percentage, or an amount in at least one currency. */
export function discountErrors(coupon: {
  discount_type: 'percent' | 'fixed';
  percentage?: number | null | undefined;
  amount_off?: Record<string, number> | null | undefined;
}): {
  percentage?: string[];
  amount_off?: string[];
} {
  if (coupon.discount_type === 'percent' && coupon.percentage == null) return { percentage: [couponMessages.percentage] };
  if (coupon.discount_type === 'fixed' && !Object.keys(coupon.amount_off ?? {}).length) return { amount_off: [couponMessages.amountOffRequired] };
  return {};
}

const discountFields = new Set(['discount_type', 'percentage', 'amount_off']);

/** A new coupon: a code and a percentage (or, fixed, an amount off); no expiry, no limits, every course and on unless said. */
export const couponBodySchema = z
  .object({
    ...couponFields,
    discount_type: couponFields.discount_type.default('percent'),
    percentage: couponFields.percentage.optional(),
    amount_off: couponFields.amount_off.default(null),
    expires_at: couponFields.expires_at.default(null),
    max_uses: couponFields.max_uses.default(null),
    max_uses_per_user: couponFields.max_uses_per_user.default(null),
    course_ids: couponFields.course_ids.default([]),
    bundle_ids: couponFields.bundle_ids.default([]),
    is_active: couponFields.is_active.default(true),
  })
  .strict()
  .superRefine(
    (coupon, ctx) => {
      for (const [path, messages] of Object.entries(discountErrors(coupon))) ctx.addIssue({ code: 'custom', path: [path], message: messages[0]! });
    },
    // Reported beside the other fields' errors, unless the discount's own fields are already wrong.
    { when: ({ value, issues }) => typeof value === 'object' && value !== null && !issues.some((issue) => discountFields.has(String(issue.path?.[0]))) },
  );
export type CouponBody = z.infer<typeof couponBodySchema>;
export type CouponBodyInput = z.input<typeof couponBodySchema>;

/** An edit sends only the fields it changes (no defaults: a field left out stays as it is). */
export const couponPatchSchema = z.object(couponFields).partial().strict();
export type CouponPatch = z.infer<typeof couponPatchSchema>;

export const couponSorts = ['-created_at', 'created_at', 'code', '-code', 'percentage', '-percentage', 'expires_at', '-expires_at', 'uses', '-uses'] as const;
export type CouponSort = (typeof couponSorts)[number];
export const couponQuerySchema = pageQuerySchema.extend({
  /** Part of the code. */
  search: z.string().trim().min(1).max(40).optional(),
  sort: z.enum(couponSorts).default('-created_at'),
});
export type CouponQuery = z.infer<typeof couponQuerySchema>;

/** active: usable now; disabled: switched off; expired: past its date; used_up: reached its total limit. */
export const couponStates = ['active', 'disabled', 'expired', 'used_up'] as const;
export type CouponState = (typeof couponStates)[number];

export const adminCouponSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  discount_type: z.enum(['percent', 'fixed']),
  /** 0 for a fixed coupon. */
  percentage: z.number().int(),
  /** A fixed coupon's amount off per currency (major units); null for a percent one. */
  amount_off: z.record(z.string(), z.number()).nullable(),
  expires_at: z.string().nullable(),
  max_uses: z.number().int().nullable(),
  max_uses_per_user: z.number().int().nullable(),
  /** Empty: every course. */
  courses: z.array(z.object({ id: z.number().int(), title: z.string() })),
  /** The bundles it is limited to (empty with no courses either: everything). */
  bundles: z.array(z.object({ id: z.number().int(), title: z.string() })).optional(),
  is_active: z.boolean(),
  state: z.enum(couponStates),
  /** Paid orders that used the coupon. */
  uses: z.number().int(),
  /** Uses counted against the limits: paid orders plus checkouts still waiting for their payment. */
  reserved: z.number().int(),
  /** Only a coupon no order has ever named can be deleted; otherwise disable it. */
  deletable: z.boolean(),
  created_at: z.string(),
});
export type AdminCoupon = z.infer<typeof adminCouponSchema>;

export const adminCouponDetailSchema = adminCouponSchema.extend({
  /** The latest orders that named the coupon (any status), newest first. */
  orders: z.array(
    z.object({
      order_number: z.string(),
      email: z.string(),
      status: z.string(),
      total: z.number(),
      currency: z.string(),
      created_at: z.string(),
    }),
  ),
});
export type AdminCouponDetail = z.infer<typeof adminCouponDetailSchema>;

/** When a coupon stops working: a bare date means through the end of that day (UTC). */
export function couponExpiryOf(value: string): Date {
  return new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T23:59:59.999Z` : value);
}
