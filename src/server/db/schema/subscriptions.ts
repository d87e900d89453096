import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';

export const plans = pgTable('plans', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  planType: text('plan_type', { enum: ['monthly', 'yearly', 'lifetime'] })
    .notNull()
    .unique(),
  description: text('description').notNull(),
  features: jsonb('features').$type<string[]>().notNull(),
  position: integer('position').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
});

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
  },
  (t) => [uniqueIndex('plan_prices_plan_region_idx').on(t.planId, t.region)],
);

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
    status: text('status', { enum: ['pending', 'active', 'cancelled', 'expired', 'failed'] }).notNull(),
    paymentMethod: text('payment_method', { enum: ['stripe', 'razorpay'] }).notNull(),
    region: text('region').notNull(),
    currency: text('currency').notNull(),
    amount: integer('amount').notNull(),
    startDate: timestamp('start_date', { withTimezone: true }),
    /** Null for lifetime. */
    endDate: timestamp('end_date', { withTimezone: true }),
    autoRenew: boolean('auto_renew').notNull().default(true),
    isCanceled: boolean('is_canceled').notNull().default(false),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id').unique(),
    razorpayCustomerId: text('razorpay_customer_id'),
    razorpaySubscriptionId: text('razorpay_subscription_id').unique(),
    providerReference: text('provider_reference').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('subscriptions_user_idx').on(t.userId)],
);

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
    status: text('status', { enum: ['created', 'active', 'cancelled', 'expired', 'failed', 'renewed'] }).notNull(),
    transactionId: text('transaction_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('subscription_transactions_tx_idx').on(t.transactionId), index('subscription_transactions_user_idx').on(t.userId)],
);
