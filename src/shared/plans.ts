/**
 * The studio's membership plans (/api/v1/admin/plans/): name, description, features, interval,
 * a price and regular price per region (as for courses), on or off. The storefront offers one
 * plan per interval, so at most one plan of each interval is on at a time.
 */
import { z } from 'zod';
import { adminPriceSchema, bulletList, courseAdminMessages, pageQuerySchema, regionPriceSchema, text } from './admin.js';
import { DEFAULT_REGION, regionCodes, regions } from './regions.js';

export const planTypes = ['monthly', 'yearly', 'lifetime'] as const;
export const planTypeSchema = z.enum(planTypes, 'Choose monthly, yearly or lifetime.');
export type PlanType = z.infer<typeof planTypeSchema>;

export const planAdminMessages = {
  notFound: 'Plan not found.',
  defaultPriceRequired: `Set the price for the default region (${regions[DEFAULT_REGION].currency}).`,
  notFree: 'A plan cannot be free: enter a price above zero.',
  eachRegionOnce: 'Each region once.',
  typeTaken: 'Another plan with this interval is on sale: turn it off first.',
  typeHasMembers: 'Members have bought this plan, so its interval stays: create a new plan for another interval.',
} as const;

const planPriceSchema = regionPriceSchema
  .refine((p) => p.amount > 0, { path: ['amount'], message: planAdminMessages.notFree })
  .refine((p) => p.regular_amount >= p.amount, { path: ['regular_amount'], message: courseAdminMessages.regularBelowPrice });

/** Create or replace a plan (the whole plan: the form edits everything at once). */
export const planBodySchema = z.object({
  name: text(2, 80),
  description: text(0, 1000).default(''),
  features: bulletList.default([]),
  plan_type: planTypeSchema,
  prices: z
    .array(planPriceSchema)
    .max(regionCodes.length)
    .refine((list) => new Set(list.map((p) => p.region)).size === list.length, planAdminMessages.eachRegionOnce)
    .refine((list) => list.some((p) => p.region === DEFAULT_REGION), planAdminMessages.defaultPriceRequired),
});
export type PlanBody = z.infer<typeof planBodySchema>;

export const adminPlanPriceSchema = adminPriceSchema.extend({
  /** The Stripe Price new checkouts use (null: not created yet; the next checkout creates it). */
  stripe_price_id: z.string().nullable(),
  /** The Razorpay plan new INR checkouts use. */
  razorpay_plan_id: z.string().nullable(),
});
export type AdminPlanPrice = z.infer<typeof adminPlanPriceSchema>;

export const adminPlanSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  features: z.array(z.string()),
  plan_type: planTypeSchema,
  is_active: z.boolean(),
  position: z.number().int(),
  /** Memberships on this plan that are current now. */
  members: z.number().int(),
  stripe_product_id: z.string().nullable(),
  prices: z.array(adminPlanPriceSchema),
  updated_at: z.string(),
});
export type AdminPlan = z.infer<typeof adminPlanSchema>;

export const adminPlanQuerySchema = pageQuerySchema.extend({ state: z.enum(['on', 'off']).optional() });
export type AdminPlanQuery = z.infer<typeof adminPlanQuerySchema>;
