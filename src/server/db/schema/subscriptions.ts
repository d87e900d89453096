import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';

/** A membership plan. The storefront offers one plan per interval: at most one active plan of each type. */
export const plans = pgTable(
  'plans',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    planType: text('plan_type', { enum: ['monthly', 'yearly', 'lifetime'] }).notNull(),
    description: text('description').notNull(),
    features: jsonb('features').$type<string[]>().notNull(),
    position: integer('position').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    /** The plan's Stripe Product (its Prices hang under it). */
    stripeProductId: text('stripe_product_id'),
    /** Seeded by the demo catalog: 'Remove the demo content' (the studio's first-run checklist) may delete it. */
    isDemo: boolean('is_demo').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('plans_active_type_idx')
      .on(t.planType)
      .where(sql`${t.isActive}`),
  ],
);

/** Minor units, per pricing region like course prices. */
export const planPrices = pgTable(
  'plan_prices',
  {
    id: serial('id').primaryKey(),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    region: text('region').notNull(),
    currency: text('currency').notNull(),
    amount: integer('amount').notNull(),
    regularAmount: integer('regular_amount').notNull(),
    /**
     * What a recurring plan's checkout charges at each provider: Stripe Prices and Razorpay plans
     * are immutable, so a new amount gets new ones (null until created; the checkout creates a
     * missing one). Members keep the Price or plan they subscribed on.
     */
    stripePriceId: text('stripe_price_id'),
    razorpayPlanId: text('razorpay_plan_id'),
  },
  (t) => [uniqueIndex('plan_prices_plan_region_idx').on(t.planId, t.region)],
);

/**
 * One membership. Its lifecycle (see modules/memberships/rules.ts):
 * pending (checkout started) → active → past_due (a renewal failed; access until grace_until)
 * → active again or expired; cancelled means ended early (refund, immediate cancellation);
 * failed means it was never paid. Cancelling auto-renewal keeps it active until end_date.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id),
    status: text('status', { enum: ['pending', 'active', 'past_due', 'cancelled', 'expired', 'failed'] }).notNull(),
    /** 'manual': granted by the instructor (no provider, no charge). */
    paymentMethod: text('payment_method', { enum: ['stripe', 'razorpay', 'manual'] }).notNull(),
    region: text('region').notNull(),
    currency: text('currency').notNull(),
    /** Price of one period (or the lifetime price), minor units. */
    amount: integer('amount').notNull(),
    startDate: timestamp('start_date', { withTimezone: true }),
    /** Null for lifetime. */
    endDate: timestamp('end_date', { withTimezone: true }),
    /** Set while past_due: access continues until then. */
    graceUntil: timestamp('grace_until', { withTimezone: true }),
    autoRenew: boolean('auto_renew').notNull().default(true),
    isCanceled: boolean('is_canceled').notNull().default(false),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id').unique(),
    razorpayCustomerId: text('razorpay_customer_id'),
    razorpaySubscriptionId: text('razorpay_subscription_id').unique(),
    /** The Stripe Checkout Session or the Razorpay order (lifetime) that pays for it. */
    providerReference: text('provider_reference').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('subscriptions_user_idx').on(t.userId), index('subscriptions_status_idx').on(t.status)],
);

/** The subscription history: one row per charge, renewal, failure, refund, cancellation and expiry. */
export const subscriptionTransactions = pgTable(
  'subscription_transactions',
  {
    id: serial('id').primaryKey(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planName: text('plan_name').notNull(),
    paymentMethod: text('payment_method').notNull(),
    currency: text('currency').notNull(),
    amount: integer('amount').notNull(),
    status: text('status', { enum: ['created', 'active', 'cancelled', 'expired', 'failed', 'renewed', 'refunded'] }).notNull(),
    /** Our key of the event (unique, so a replayed event writes no second row); never shown to the member. */
    transactionId: text('transaction_id').notNull(),
    /** The provider's own id of what happened (its invoice, payment or refunded payment), shown to the member; null for what we record ourselves (auto-renewal off, an end). */
    providerReference: text('provider_reference'),
    /** When it happened at the provider (a renewal's payment, a failed attempt, the end), not when the row was written. */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    /** The provider's payment (PaymentIntent, Razorpay payment) behind a charge: refunds find it here. */
    providerPaymentId: text('provider_payment_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscription_transactions_tx_idx').on(t.transactionId),
    index('subscription_transactions_user_idx').on(t.userId),
    index('subscription_transactions_payment_idx').on(t.providerPaymentId),
    // The studio's overview: membership charges and refunds over a range of days.
    index('subscription_transactions_created_idx').on(t.createdAt),
  ],
);

/** A user's customer record at a payment provider, created once and reused for every membership. */
export const billingCustomers = pgTable(
  'billing_customers',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['stripe', 'razorpay'] }).notNull(),
    customerId: text('customer_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('billing_customers_user_provider_idx').on(t.userId, t.provider)],
);

/** Emails sent about a membership (reminders, dunning), once each: the key names the period or invoice. */
export const subscriptionNotices = pgTable(
  'subscription_notices',
  {
    id: serial('id').primaryKey(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('subscription_notices_idx').on(t.subscriptionId, t.kind, t.key)],
);
