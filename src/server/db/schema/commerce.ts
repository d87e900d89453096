import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { bundles } from './bundles.js';
import { courses } from './catalog.js';

/** A cart is keyed by the UUID the browser generated (localStorage cartId). */
export const carts = pgTable('carts', {
  id: uuid('id').primaryKey(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  region: text('region').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const cartItems = pgTable(
  'cart_items',
  {
    id: serial('id').primaryKey(),
    /** The item_id the API exposes: unguessable, so knowing it is proof of holding the cart. */
    uuid: uuid('uuid').notNull().defaultRandom().unique(),
    cartId: uuid('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('cart_items_cart_course_idx').on(t.cartId, t.courseId)],
);

/** Bundles in a cart: a line each, priced as one (its item_id is unguessable like a course line's). */
export const cartBundles = pgTable(
  'cart_bundles',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().defaultRandom().unique(),
    cartId: uuid('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    bundleId: integer('bundle_id')
      .notNull()
      .references(() => bundles.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('cart_bundles_cart_bundle_idx').on(t.cartId, t.bundleId)],
);

export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    /** 'percent' takes discount_percentage off; 'fixed' takes amount_off in the order's currency (0 percent then). */
    discountType: text('discount_type', { enum: ['percent', 'fixed'] })
      .notNull()
      .default('percent'),
    discountPercentage: integer('discount_percentage').notNull(),
    /** A fixed coupon's amount per currency, in minor units ({"USD": 1000, "INR": 80000}); a currency left out cannot use it. */
    amountOff: jsonb('amount_off').$type<Record<string, number>>(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    maxUses: integer('max_uses'),
    maxUsesPerUser: integer('max_uses_per_user'),
    /** Uses held against max_uses: paid orders and checkouts waiting for their payment. */
    usedCount: integer('used_count').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    /** Seeded by the demo catalog: 'Remove the demo content' (the studio's first-run checklist) may delete it. */
    isDemo: boolean('is_demo').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Checkout matches codes ignoring case, so no two codes may differ only in case.
  (t) => [uniqueIndex('coupons_code_upper_idx').on(sql`upper(${t.code})`)],
);

/** When a coupon has rows here it applies only to these courses. */
export const couponCourses = pgTable(
  'coupon_courses',
  {
    id: serial('id').primaryKey(),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
  },
  (t) => [uniqueIndex('coupon_courses_idx').on(t.couponId, t.courseId)],
);

/** When a coupon has rows here (or in coupon_courses) it applies only to these bundles (and those courses). */
export const couponBundles = pgTable(
  'coupon_bundles',
  {
    id: serial('id').primaryKey(),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    bundleId: integer('bundle_id')
      .notNull()
      .references(() => bundles.id, { onDelete: 'cascade' }),
  },
  (t) => [uniqueIndex('coupon_bundles_idx').on(t.couponId, t.bundleId)],
);

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    orderNumber: text('order_number').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: ['Pending', 'Paid', 'Failed', 'Cancelled', 'Refunded'] }).notNull(),
    paymentMethod: text('payment_method', { enum: ['Stripe', 'RazorPay', 'Full_Discount'] }).notNull(),
    region: text('region').notNull(),
    currency: text('currency').notNull(),
    subtotal: integer('subtotal').notNull(),
    discount: integer('discount').notNull().default(0),
    total: integer('total').notNull(),
    couponId: integer('coupon_id').references(() => coupons.id),
    couponCode: text('coupon_code'),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    phoneNumber: text('phone_number').notNull(),
    addressLine1: text('address_line_1').notNull(),
    country: text('country').notNull(),
    state: text('state').notNull(),
    city: text('city').notNull(),
    pinCode: text('pin_code').notNull(),
    /** Stripe Checkout Session id or Razorpay order id. */
    providerReference: text('provider_reference').unique(),
    /** 'INV-000123': consecutive, given once when the order is paid (tax invoices need a serial number). */
    invoiceNumber: text('invoice_number').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** When the order was refunded in full (its last refund; each refund has its own row and time in order_refunds). */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [
    index('orders_user_idx').on(t.userId, t.createdAt),
    // The studio's order list, newest first (a backward scan), all or by status; keyset pagination on (created_at, id).
    index('orders_created_idx').on(t.createdAt, t.id),
    index('orders_status_created_idx').on(t.status, t.createdAt, t.id),
    // The studio's overview: revenue, top courses and recovered carts over a range of payment dates.
    index('orders_paid_idx').on(t.paidAt),
    // A coupon's uses so far (paid orders) and whether it was ever used, for the studio's coupon list.
    index('orders_coupon_idx').on(t.couponId, t.status),
    // The studio's order search ("%text%" in the buyer's email or name): trigram indexes (pg_trgm), not a scan of every order.
    index('orders_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    index('orders_full_name_trgm_idx').using('gin', t.fullName.op('gin_trgm_ops')),
  ],
);

/**
 * Feeds orders.invoice_number. A row locked and bumped inside the paying transaction, not a
 * sequence: a sequence value is lost when its transaction rolls back, and tax invoices must be
 * numbered without gaps.
 */
export const invoiceCounters = pgTable('invoice_counters', {
  name: text('name').primaryKey(),
  value: bigint('value', { mode: 'number' }).notNull(),
});

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id),
    price: integer('price').notNull(),
    regularPrice: integer('regular_price').notNull(),
    /** The bundle this course was bought in (its price is the course's share of the bundle's); null for a course bought alone. */
    bundleId: integer('bundle_id').references(() => bundles.id),
  },
  (t) => [uniqueIndex('order_items_order_course_idx').on(t.orderId, t.courseId)],
);

export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: serial('id').primaryKey(),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('coupon_redemptions_order_idx').on(t.orderId)],
);

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').references(() => orders.id),
    provider: text('provider', { enum: ['stripe', 'razorpay', 'none'] }).notNull(),
    providerPaymentId: text('provider_payment_id').notNull(),
    status: text('status', { enum: ['Success', 'Failed', 'Refunded'] }).notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payments_provider_payment_idx').on(t.provider, t.providerPaymentId)],
);

/**
 * Each refund of an order, whole or partial, made from the studio or at the provider (its
 * dashboard, learnt from the refund webhook). A studio refund is written 'pending' before the
 * provider is asked (with this row's id as the idempotency key), then 'succeeded' or 'failed'; what
 * is left to refund counts the pending ones, so two refunds at once cannot both take the rest.
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Minor units, in the order's currency (0 only for an order that cost nothing, a 100% coupon). */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    /** Why, as the buyer reads it in the email and on the order; null when none was given (or it was made at the provider). */
    reason: text('reason'),
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] }).notNull(),
    provider: text('provider', { enum: ['stripe', 'razorpay', 'none'] }).notNull(),
    /** The provider's refund (re_…, rfnd_…) once it answered, and its own status word. */
    providerRefundId: text('provider_refund_id'),
    providerStatus: text('provider_status'),
    /** The studio user who asked for it; null for a refund made at the provider (or before refunds were recorded one by one). */
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the money went back (the provider's time when it tells it): the order and the overview date the refund by it. */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('order_refunds_provider_refund_idx').on(t.provider, t.providerRefundId),
    index('order_refunds_order_idx').on(t.orderId),
    // The studio's overview: refunds per day of their own time.
    index('order_refunds_refunded_idx').on(t.refundedAt),
    check('order_refunds_amount_not_negative', sql`${t.amount} >= 0`),
    check('order_refunds_succeeded_has_time', sql`${t.status} <> 'succeeded' or ${t.refundedAt} is not null`),
  ],
);

/**
 * The studio overview's daily roll-up of course orders (decision 0015), per UTC day and currency:
 * orders paid that day (Paid or Refunded since; their totals) and refunds made that day (their
 * amounts). Kept exact by triggers on orders and order_refunds (migration 0028) in the transaction
 * of every write; never written by the application.
 */
export const orderDaily = pgTable(
  'order_daily',
  {
    day: date('day').notNull(),
    currency: text('currency').notNull(),
    gross: bigint('gross', { mode: 'number' }).notNull().default(0),
    paid: integer('paid').notNull().default(0),
    refunds: bigint('refunds', { mode: 'number' }).notNull().default(0),
    refunded: integer('refunded').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.currency] })],
);

/**
 * Courses sold per UTC day of payment, course and currency, in orders Paid (not refunded in full):
 * how many, and their revenue unrounded (each line's share of its order's total), so a range's sum
 * rounds exactly as the sum of the lines would. Kept by triggers on orders and order_items.
 */
export const orderCourseDaily = pgTable(
  'order_course_daily',
  {
    day: date('day').notNull(),
    courseId: integer('course_id').notNull(),
    currency: text('currency').notNull(),
    sales: integer('sales').notNull().default(0),
    revenue: numeric('revenue').notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.day, t.courseId, t.currency] })],
);

/** Every webhook event, stored once by its provider id before it is acted on. */
export const providerEvents = pgTable(
  'provider_events',
  {
    id: serial('id').primaryKey(),
    provider: text('provider', { enum: ['stripe', 'razorpay'] }).notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /** While a delivery processes the event, others of the same event wait (answered 409) until then. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    /** What handling it did, for the instructor's payments log ('membership renewed', 'ignored', ...). */
    outcome: text('outcome'),
    /** How many times the provider delivered it (replays are acknowledged and not acted on again). */
    deliveries: integer('deliveries').notNull().default(1),
  },
  (t) => [uniqueIndex('provider_events_provider_event_idx').on(t.provider, t.eventId), index('provider_events_received_idx').on(t.receivedAt)],
);

/** Abandoned-cart and abandoned-checkout reminders, sent later unless the courses were bought. */
export const abandonedEmails = pgTable(
  'abandoned_emails',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    sendingReason: text('sending_reason', { enum: ['add_to_cart', 'checkout', 'subscription'] }).notNull(),
    courseIds: jsonb('course_ids').$type<number[]>().notNull(),
    sendAfter: timestamp('send_after', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The cart that asked for it (a guest's): a cart reminds one address, and only it may cancel or replace the reminder. */
    cartId: uuid('cart_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('abandoned_emails_email_reason_idx').on(t.email, t.sendingReason), index('abandoned_emails_cart_idx').on(t.cartId)],
);

export const emailUnsubscribes = pgTable('email_unsubscribes', {
  email: text('email').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * State of the local sandbox payment providers (used only when no provider keys are configured):
 * the fake Stripe API's checkout sessions and the local Razorpay orders.
 */
export const sandboxPayments = pgTable('sandbox_payments', {
  id: text('id').primaryKey(),
  provider: text('provider', { enum: ['stripe', 'razorpay'] }).notNull(),
  status: text('status', { enum: ['open', 'paid', 'failed', 'expired', 'refunded'] })
    .notNull()
    .default('open'),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  paymentId: text('payment_id'),
  data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The local sandbox providers' other objects (Stripe customers, prices, subscriptions, invoices,
 * test clocks; Razorpay plans and subscriptions), stored as the provider's JSON.
 */
export const sandboxObjects = pgTable(
  'sandbox_objects',
  {
    id: text('id').primaryKey(),
    provider: text('provider', { enum: ['stripe', 'razorpay'] }).notNull(),
    kind: text('kind').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sandbox_objects_kind_idx').on(t.provider, t.kind)],
);
