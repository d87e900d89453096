/**
 * The studio's coupons: the /api/v1/admin/coupons/ contract, parsed by the server and validated
 * by the web form with the same schemas. Whether a coupon applies at checkout is decided in one
 * place on the server (orders/coupons.ts, checkCoupon); its discount in src/shared/pricing.ts.
 */
import { z } from 'zod';
import { idSchema } from './ids.js';
import { pageQuerySchema } from './admin.js';

export const couponMessages = {
  codeRequired: 'This field is required.',
  codeFormat: 'Use 3 to 40 letters, digits, dashes or underscores.',
  codeTaken: 'A coupon with this code already exists.',
  percentage: 'Enter a whole percentage from 1 to 100.',
  expiry: 'Enter a valid date.',
  expiryPast: 'The expiry date must be in the future.',
  limit: 'Enter a whole number of at least 1, or leave it empty for no limit.',
  perUserOverTotal: 'The limit per buyer cannot be above the total limit.',
  courseIds: 'Choose courses from the list.',
  unknownCourse: 'One of the chosen courses does not exist.',
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

const couponIdsSchema = z.array(idSchema(couponMessages.courseIds), couponMessages.courseIds).max(500, couponMessages.courseIds);

const couponFields = {
  code: couponCodeSchema,
  percentage: z.number(couponMessages.percentage).int(couponMessages.percentage).min(1, couponMessages.percentage).max(100, couponMessages.percentage),
  expires_at: couponExpirySchema,
  max_uses: limitSchema,
  max_uses_per_user: limitSchema,
  /** Empty: the coupon applies to every course. */
  course_ids: couponIdsSchema,
  is_active: z.boolean('Use true or false.'),
};

/** A new coupon: code and percentage required; no expiry, no limits, every course and on unless said. */
export const couponBodySchema = z
  .object({
    ...couponFields,
    expires_at: couponFields.expires_at.default(null),
    max_uses: couponFields.max_uses.default(null),
    max_uses_per_user: couponFields.max_uses_per_user.default(null),
    course_ids: couponFields.course_ids.default([]),
    is_active: couponFields.is_active.default(true),
  })
  .strict();
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
  percentage: z.number().int(),
  expires_at: z.string().nullable(),
  max_uses: z.number().int().nullable(),
  max_uses_per_user: z.number().int().nullable(),
  /** Empty: every course. */
  courses: z.array(z.object({ id: z.number().int(), title: z.string() })),
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
