import { z } from 'zod';
import { idSchema } from './ids.js';
import { courseListItemSchema } from './catalog.js';

export { subscriptionMessages } from './subscription-messages.js';

/** Both spellings reach the API ('stripe' in the spec's subscription calls, 'Stripe' elsewhere). */
export const membershipPaymentMethodSchema = z
  .string('Choose a payment method.')
  .trim()
  .toLowerCase()
  .pipe(z.enum(['stripe', 'razorpay'], 'Choose Stripe or Razorpay.'))
  .meta({ enum: ['stripe', 'razorpay', 'Stripe', 'RazorPay'] });
export type MembershipPaymentMethod = z.infer<typeof membershipPaymentMethodSchema>;

export const subscribeBodySchema = z.object({
  plan_id: idSchema('Choose a plan.'),
  payment_method: membershipPaymentMethodSchema,
  auto_renew: z.boolean().default(true),
});

/** Stripe: checkout_url and session_id. Razorpay: subscription_id and what its popup needs. */
export const subscribeResponseSchema = z.object({
  checkout_url: z.string().nullable(),
  session_id: z.string().nullable(),
  subscription_id: z.string().nullable(),
  key_id: z.string().nullable(),
  sandbox: z.boolean(),
  plan_name: z.string(),
  amount: z.number(),
  currency: z.string(),
  user_info: z.object({ name: z.string(), email: z.string(), contact: z.string() }),
});
export type SubscribeResponse = z.infer<typeof subscribeResponseSchema>;

export const lifetimeBodySchema = z.object({ payment_method: membershipPaymentMethodSchema });

/** Stripe: checkout_url and session_id. Razorpay: order_id, amount (minor units), user_info and currency. */
export const lifetimeResponseSchema = z.object({
  checkout_url: z.string().nullable(),
  session_id: z.string().nullable(),
  order_id: z.string().nullable(),
  amount: z.number(),
  currency: z.string(),
  key_id: z.string().nullable(),
  sandbox: z.boolean(),
  plan_name: z.string(),
  user_info: z.object({ name: z.string(), email: z.string(), contact: z.string() }),
  /** An upgrade from a monthly or yearly membership: the unused part of its period, taken off the price (minor units; 0 otherwise). */
  credit: z.number().int(),
});
export type LifetimeResponse = z.infer<typeof lifetimeResponseSchema>;

const id = (what: string) => z.string(`Send the ${what}.`).trim().min(1, `Send the ${what}.`).max(200);

/** Stripe: {payment_method, session_id}. Razorpay: the handler's ids and signature (total, status and currency are informative only). */
export const updateLifetimeBodySchema = z.union([
  z.object({ payment_method: z.literal('stripe'), session_id: id('session id') }),
  z.object({
    payment_method: z.literal('razorpay'),
    payment_id: id('payment id'),
    order_id: id('order id'),
    signature: id('signature'),
    total: z.union([z.number(), z.string()]).optional(),
    payment_status: z.string().max(20).optional(),
    currency: z.string().max(10).optional(),
  }),
]);
export type UpdateLifetimeBody = z.infer<typeof updateLifetimeBodySchema>;

export const razorpayVerifyBodySchema = z.object({
  razorpay_payment_id: id('payment id'),
  razorpay_subscription_id: id('subscription id'),
  razorpay_signature: id('signature'),
});

export const membershipStatusSchema = z.enum(['Active', 'Cancelled', 'Inactive']);

export const subscriptionDetailSchema = z.object({
  /** There is a membership to show (current or past). */
  subscription_active: z.boolean(),
  id: z.number().int().nullable(),
  name: z.string().nullable(),
  plan_type: z.enum(['monthly', 'yearly', 'lifetime']).nullable(),
  /** The badge: Active (current), Cancelled (ended early: refund or cancellation), Inactive (ended). */
  status: membershipStatusSchema.nullable(),
  payment_method: z.enum(['stripe', 'razorpay', 'manual']).nullable(),
  start_date: z.string().nullable(),
  /** Null for lifetime. */
  end_date: z.string().nullable(),
  auto_renew: z.boolean(),
  /** Current: the member may open every lesson now. */
  is_active: z.boolean(),
  is_canceled: z.boolean(),
  /** A renewal failed: access continues until this date while the provider retries. */
  grace_until: z.string().nullable(),
  /**
   * Where the membership stands (one rule on the server, rules.ts membershipDates): lifetime;
   * renewing; ending (auto-renewal off, access until paid_through); retrying (a renewal failed,
   * access until grace_until); ended (on ended_on); null without a membership.
   */
  state: z.enum(['lifetime', 'renewing', 'ending', 'retrying', 'ended']).nullable(),
  /** The end of the last paid period (null for lifetime). The same date as end_date. */
  paid_through: z.string().nullable(),
  /** When access ended (state ended only). */
  ended_on: z.string().nullable(),
  stripe_customer_id: z.string().nullable(),
  razorpay_customer_id: z.string().nullable(),
  /** In the local sandbox only: the page that moves the provider's clock. */
  sandbox_url: z.string().nullable(),
});
export type SubscriptionDetail = z.infer<typeof subscriptionDetailSchema>;

export const historyStatusSchema = z.enum(['created', 'active', 'cancelled', 'expired', 'failed', 'renewed', 'refunded']);
export const subscriptionHistoryRowSchema = z.object({
  id: z.number().int(),
  plan_name: z.string(),
  payment_method: z.string(),
  currency: z.string(),
  /** Major units (0 for cancellations and expiries). */
  amount: z.number(),
  status: historyStatusSchema,
  /** When it happened at the provider (a renewal's payment, a failed attempt, the end), not when it was recorded. */
  created_at: z.string(),
  /** The provider's own id (invoice, payment); null for what Lectern recorded itself (auto-renewal off, an end). */
  transaction_id: z.string().nullable(),
});
export type SubscriptionHistoryRow = z.infer<typeof subscriptionHistoryRowSchema>;

export const subscriptionCoursesSchema = z.object({ courses: z.array(courseListItemSchema) });

export const cancelSubscriptionBodySchema = z.object({
  subscription_id: idSchema('Send the subscription id.'),
});
export const cancelSubscriptionResponseSchema = z.object({ success: z.literal(true), message: z.string(), subscription: subscriptionDetailSchema });
export const verifyResponseSchema = z.object({ success: z.literal(true), message: z.string(), subscription: subscriptionDetailSchema });

/** POST /subscription/payment-method/: where the member updates the card (Stripe's Billing Portal, Razorpay's subscription page). */
export const paymentMethodResponseSchema = z.object({ url: z.string(), provider: z.enum(['stripe', 'razorpay']) });

/** POST /subscription/change-plan/. */
export const changePlanBodySchema = cancelSubscriptionBodySchema.extend({ plan_id: idSchema('Choose a plan.') });

/**
 * GET /subscription/plan-changes/: what the member may move to, priced by the server.
 * kind: now (Stripe prorates and charges the difference today; a new yearly period starts),
 * upgrade (lifetime: a one-time payment, the unused part credited, the subscription ends),
 * at_renewal (the change happens when the current period ends: the note says how).
 */
export const planChangeOptionSchema = z.object({
  plan_id: z.number().int(),
  plan_type: z.enum(['monthly', 'yearly', 'lifetime']),
  name: z.string(),
  kind: z.enum(['now', 'upgrade', 'at_renewal']),
  /** Minor units charged today (null for at_renewal). */
  amount_due: z.number().int().nullable(),
  /** The unused part of the current period, credited (minor units). */
  credit: z.number().int(),
  currency: z.string(),
  /** amount_due formatted ('$184.92'), null for at_renewal. */
  amount_due_label: z.string().nullable(),
  /** What happens, in a sentence for the member. */
  note: z.string(),
});
export const planChangesSchema = z.object({ subscription_id: z.number().int().nullable(), options: z.array(planChangeOptionSchema) });
export type PlanChangeOption = z.infer<typeof planChangeOptionSchema>;
export type PlanChanges = z.infer<typeof planChangesSchema>;
