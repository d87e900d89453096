import { z } from 'zod';
import { idSchema } from './ids.js';
import { firstPasswordError } from './accounts.js';
import { countryPriceSchema } from './catalog.js';

export const commerceMessages = {
  required: 'This field is required.',
  emailInvalid: 'Please enter a valid email address.',
  emptyCart: 'Your cart is empty.',
  couponInvalid: 'Invalid or expired coupon',
  couponNotFound: 'This coupon code does not exist.',
  couponExpired: 'This coupon has expired.',
  couponDisabled: 'This coupon is no longer active.',
  couponExhausted: 'This coupon has reached its usage limit.',
  couponUsedByYou: 'You have already used this coupon.',
  couponNotApplicable: 'This coupon does not apply to the courses in your cart.',
  couponNotInCurrency: 'This coupon cannot be used with prices in your currency.',
  couponApplied: 'Coupon applied successfully.',
  freeCourseNotInCart: 'Free courses do not go in the cart: enrol from the course page.',
  alreadyOwned: 'You already own this course.',
  totalChanged: 'The total has changed. Please review your order and try again.',
  razorpayIndiaOnly: 'RazorPay is available only for payments from India.',
  fullDiscountOnlyAtZero: 'Full_Discount is only possible when a coupon covers the whole total.',
  paymentMethodUnavailable: 'This payment method is not available right now.',
  emailHasAccount: 'An account with this email already exists. Log in to check out.',
  paymentNotVerified: 'We could not verify this payment.',
  eventInProgress: 'This event is being processed. Retry later.',
  eventNotProcessed: 'The event could not be processed now. Retry later.',
  orderNotFound: 'Order not found.',
  addedToCart: 'added_to_cart',
  alreadyInCart: 'already_in_cart',
  removedFromCart: 'removed_from_cart',
  reminderNeedsCart: 'A reminder needs the cart it is about: send its cart_id, or sign in.',
  reminderNotInCart: 'None of these courses is in this cart.',
  reminderCartTaken: 'This cart already reminds another email address.',
  reminderNotYourAddress: 'Reminders go only to your own email address.',
  reminderPending: 'A reminder for this email address is already scheduled from another cart.',
  reminderSignIn: 'Sign in to be reminded about a membership.',
} as const;

export const paymentMethods = ['Stripe', 'RazorPay', 'Full_Discount'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

export const cartIdSchema = z.uuid('Enter a valid cart id.');

/** A course (`course_id`) or a bundle (`bundle_id`): one of the two. */
export const addToCartBodySchema = z
  .object({
    course_id: idSchema('Enter a valid course id.').optional(),
    bundle_id: idSchema('Enter a valid bundle id.').optional(),
    cart_id: cartIdSchema,
  })
  .superRefine((body, ctx) => {
    if ((body.course_id === undefined) === (body.bundle_id === undefined))
      ctx.addIssue({ code: 'custom', path: [body.course_id === undefined ? 'course_id' : 'bundle_id'], message: 'Send a course_id or a bundle_id, not both.' });
  });
export type AddToCartBody = z.infer<typeof addToCartBodySchema>;
export const addToCartResponseSchema = z.object({
  message: z.enum(['added_to_cart', 'already_in_cart']),
  cart_items_count: z.number().int(),
  /** A bundle's courses the signed-in buyer owns already (it is still sold whole); empty for a course. */
  owned_course_ids: z.array(z.number().int()).optional(),
  /** Course lines the bundle took the place of in the cart (its own courses, no longer sold apart there). */
  replaced_course_ids: z.array(z.number().int()).optional(),
});

export const cartItemSchema = z.object({
  item_id: z.string(),
  course_id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  course_image: z.string(),
  country_price: countryPriceSchema,
});
export type CartItem = z.infer<typeof cartItemSchema>;

/** A bundle line of the cart: priced as one, with its courses and which of them are new to the buyer. */
export const cartBundleSchema = z.object({
  item_id: z.string(),
  bundle_id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  cover_image: z.string(),
  /** The bundle's price; regular_amount is what its courses cost one by one. */
  country_price: countryPriceSchema,
  saving: z.number(),
  courses: z.array(z.object({ id: z.number().int(), slug: z.string(), title: z.string(), course_image: z.string(), owned: z.boolean() })),
  /** The courses the signed-in buyer does not own yet (all of them for a guest). */
  new_course_ids: z.array(z.number().int()),
  owned_course_ids: z.array(z.number().int()),
});
export type CartBundle = z.infer<typeof cartBundleSchema>;

export const cartResponseSchema = z.object({
  cart_id: z.string(),
  /** The courses bought alone. */
  items: z.array(cartItemSchema),
  /** The bundles; `count` and `total` include them. */
  bundles: z.array(cartBundleSchema).optional(),
  count: z.number().int(),
  total: z.number(),
  currency: z.string(),
  symbol: z.string(),
  country: z.string(),
});
export type CartResponse = z.infer<typeof cartResponseSchema>;

export const removeCartItemResponseSchema = z.object({ message: z.string(), cart_items_count: z.number().int() });

export const totalResponseSchema = z.object({ total: z.number(), currency: z.string(), symbol: z.string(), country: z.string(), count: z.number().int() });

export const couponBodySchema = z.object({
  coupon_code: z.string(commerceMessages.couponInvalid).trim().min(1, commerceMessages.couponInvalid).max(40, commerceMessages.couponInvalid),
  /** Optional: check course and bundle restrictions against this cart. */
  cart_id: cartIdSchema.optional(),
});
export const couponResponseSchema = z.object({
  message: z.string(),
  /** 0 for a fixed-amount coupon. */
  discount_percentage: z.number().int(),
  discount_type: z.enum(['percent', 'fixed']),
  /** A fixed coupon's amount off per currency (major units, {USD: 10, INR: 800}); null for a percent one. */
  amount_off: z.record(z.string(), z.number()).nullable(),
  /** The currency the coupon was checked in (the visitor's region's). */
  currency: z.string(),
  code: z.string(),
  /** The courses the coupon applies to; null when it applies to every course and bundle. */
  course_ids: z.array(z.number().int()).nullable(),
  /** The bundles the coupon applies to; null when it applies to everything. A coupon limited to some courses only does not apply to a bundle unless it names it. */
  bundle_ids: z.array(z.number().int()).nullable().optional(),
});
export type CouponResponse = z.infer<typeof couponResponseSchema>;

const required = (max = 200) =>
  z.string(commerceMessages.required).trim().min(1, commerceMessages.required).max(max, `Ensure this field has no more than ${max} characters.`);

/** The billing form of /checkout, sent as multipart (or JSON). */
export const createOrderBodySchema = z.object({
  full_name: required(120),
  email: required(254).toLowerCase().pipe(z.email(commerceMessages.emailInvalid)).meta({ format: 'email' }),
  phone_number: required(20).refine((v) => /^[+()\d\s-]{6,20}$/.test(v), 'Enter a valid phone number.'),
  address_line_1: required(200),
  country: required(100),
  state: required(100),
  city: required(100),
  pin_code: required(12),
  password: z.string().max(128).optional(),
  /** Courses bought alone. With bundles, one of the two lists may be left out, never both. */
  courses: z.array(idSchema('Enter a valid course id.')).max(50).default([]),
  bundles: z.array(idSchema('Enter a valid bundle id.')).max(20).default([]),
  total: z.coerce.number(commerceMessages.required).min(0),
  payment_method: z.enum(paymentMethods, 'Choose a payment method.'),
  coupon_code: z.string().trim().max(40).optional(),
  cart_id: cartIdSchema.optional(),
});
/** What create-order parses: the billing form and the lines, at least one course or bundle. */
export const createOrderRequestSchema = createOrderBodySchema.superRefine((body, ctx) => {
  if (!body.courses.length && !body.bundles.length) ctx.addIssue({ code: 'custom', path: ['courses'], message: commerceMessages.emptyCart });
});
export type CreateOrderBody = z.infer<typeof createOrderBodySchema>;

/** A guest's checkout creates their account: the password is required and follows the account rules. */
export function guestPasswordError(password: string | undefined): string | undefined {
  return password ? firstPasswordError(password) : commerceMessages.required;
}

export const billingFields = ['full_name', 'email', 'phone_number', 'address_line_1', 'country', 'state', 'city', 'pin_code', 'password'] as const;
export type BillingField = (typeof billingFields)[number];

/** The checkout's billing form: the order's own field rules, and a password for a guest (the server applies the same). */
export function billingFormSchema(guest: boolean) {
  const { full_name, email, phone_number, address_line_1, country, state, city, pin_code } = createOrderBodySchema.shape;
  return z.object({ full_name, email, phone_number, address_line_1, country, state, city, pin_code, password: z.string() }).superRefine((values, ctx) => {
    const error = guest ? guestPasswordError(values.password) : undefined;
    if (error) ctx.addIssue({ code: 'custom', path: ['password'], message: error });
  });
}

export const createOrderResponseSchema = z.object({
  order_number: z.string(),
  payment_method: z.enum(paymentMethods),
  order_status: z.string(),
  currency: z.string(),
  total: z.number(),
  full_name: z.string(),
  email: z.string(),
  phone_number: z.string(),
  address: z.string(),
  tokens: z.object({ access: z.string(), refresh: z.string() }).nullable(),
  rzp_order: z.object({ id: z.string(), amount: z.number().int(), currency: z.string(), key_id: z.string(), sandbox: z.boolean() }).nullable(),
  stripe_session_id: z.string().nullable(),
  checkout_url: z.string().nullable(),
});
export type CreateOrderResponse = z.infer<typeof createOrderResponseSchema>;

export const paymentUpdateBodySchema = z.discriminatedUnion('payment_method', [
  z.object({ payment_method: z.literal('Stripe'), session_id: z.string().min(1).max(200), order_number: z.string().min(1).max(40) }),
  z.object({
    payment_method: z.literal('RazorPay'),
    order_number: z.string().min(1).max(40),
    order_id: z.string().max(100).optional().default(''),
    payment_id: z.string().max(100).optional().default(''),
    signature: z.string().max(200).optional().default(''),
    payment_status: z.enum(['Success', 'Failed']),
    total: z.coerce.number().optional(),
    currency: z.string().max(3).optional(),
  }),
]);
/** The buyer came back from the card provider's page without paying (Stripe's cancel_url). */
export const paymentCancelBodySchema = z.object({ order_number: z.string().min(1).max(40) });
export const paymentCancelResponseSchema = z.object({
  status: z.enum(['Cancelled', 'Paid']),
  order_number: z.string(),
  /** A newer checkout of the same buyer (another tab's 'Enroll Now') replaced this one: where it stands, and where to continue it. */
  replaced_by: z
    .object({ order_number: z.string(), status: z.enum(['Pending', 'Paid']), checkout_url: z.string().nullable() })
    .nullable()
    .default(null),
});
export type PaymentCancelResult = z.infer<typeof paymentCancelResponseSchema>;
/** Shown on the checkout after a cancelled card payment: a cancel is not a failure. */
export const paymentCancelledMessage = 'Payment cancelled: you have not been charged. Your cart is just as you left it, whenever you are ready.';
/** Shown instead when the checkout came back because a newer one (another tab) replaced it. */
export const checkoutReplacedMessage = 'This checkout was replaced by a newer one; nothing was charged.';

export const paymentUpdateResponseSchema = z.object({ status: z.enum(['Success', 'Failed', 'Pending']), order_number: z.string(), payment_id: z.string() });

export const orderItemSchema = z.object({
  id: z.number().int(),
  price: z.number(),
  /** The bundle the course was bought in (its price is the course's share of the bundle's); null for a course bought alone. */
  bundle: z.object({ id: z.number().int(), slug: z.string(), title: z.string() }).nullable().optional(),
  course: z.object({ id: z.number().int(), title: z.string(), slug: z.string(), course_image: z.string(), currency_code: z.string() }),
});

export const orderConfirmationSchema = z.object({
  order_items: z.array(orderItemSchema),
  order_details: z.object({
    transaction_id: z.string(),
    order_number: z.string(),
    total_paid: z.number(),
    currency: z.string(),
    coupon: z.string(),
    order_status: z.string(),
    payment_method: z.string(),
  }),
});
export type OrderConfirmation = z.infer<typeof orderConfirmationSchema>;

export const orderHistoryItemSchema = z.object({
  order_number: z.string(),
  order_date: z.string(),
  order_status: z.string(),
  payment_method: z.string(),
  currency: z.string(),
  subtotal: z.number(),
  discount: z.number(),
  total: z.number(),
  coupon: z.string().nullable(),
  transaction_id: z.string().nullable(),
  full_name: z.string(),
  address: z.string(),
  phone_number: z.string(),
  email: z.string(),
  order_items: z.array(orderItemSchema),
  /** The refunds made, oldest first, each with its amount, the reason given and its own time. */
  refunds: z.array(z.object({ amount: z.number(), reason: z.string().nullable(), refunded_at: z.string() })),
  /** What was paid less what has been refunded. */
  net_paid: z.number(),
});
export type OrderHistoryItem = z.infer<typeof orderHistoryItemSchema>;

/**
 * The spec's body, and the cart it is about: a guest's reminder goes only to an address typed in
 * a cart on this site (`cart_id`, the browser's cartId), a signed-in user's only to their own.
 */
export const abandonedEmailBodySchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email(commerceMessages.emailInvalid)).meta({ format: 'email' }),
  sending_reason: z.enum(['add_to_cart', 'checkout', 'subscription']),
  course_items: z
    .array(z.object({ course_id: idSchema('Enter a valid course id.') }))
    .max(50)
    .default([]),
  cart_id: cartIdSchema.optional(),
});
/** The spec's body; a guest names the cart whose reminder it cancels (`cart_id`), a signed-in user cancels their own. */
export const deleteAbandonedEmailBodySchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email(commerceMessages.emailInvalid)).meta({ format: 'email' }),
  sending_reason: z.enum(['add_to_cart', 'checkout', 'subscription']).optional(),
  course_id: idSchema('Enter a valid course id.').optional(),
  cart_id: cartIdSchema.optional(),
});
