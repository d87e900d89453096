import { randomBytes } from 'node:crypto';
import { formatPersonName } from '../../../shared/text.js';
import { commerceMessages, guestPasswordError, type CreateOrderBody, type CreateOrderResponse } from '../../../shared/commerce.js';
import { bundleMessages } from '../../../shared/bundles.js';
import { quote, splitTotal, toMinor, type QuoteCoupon, type QuoteLine } from '../../../shared/pricing.js';
import { regions } from '../../../shared/regions.js';
import type { Database, Db } from '../../db/client.js';
import type { Visitor } from '../../context.js';
import { AppError } from '../../errors.js';
import type { Viewer } from '../../http/auth.js';
import type { RazorpayGateway } from '../../integrations/razorpay/index.js';
import type { StripeGateway } from '../../integrations/stripe/index.js';
import { ownedBy } from '../access/index.js';
import { createUser, getPublicUser, issueTokens } from '../accounts/index.js';
import { bundlesForPurchase, coursesForPurchase, findCourseIdsByTitle } from '../catalog/index.js';
import { ownedCourseIds } from '../enrolments/index.js';
import { cancelOrder, failOrder, fulfilOrder, stripeAttempt, type FulfilmentDeps } from './fulfilment.js';
import { sellerDetails } from '../settings/index.js';
import { checkCoupon, couponInCurrency, reserveCoupon, type CouponCheck } from './coupons.js';
import { itemsOfOrders, orderLines, type OrderItem } from './items.js';
import * as q from './queries.js';

export interface OrderDeps extends FulfilmentDeps {
  stripe: StripeGateway | undefined;
  razorpay: RazorpayGateway | undefined;
}

/** 'LEC-20261121-7K3Q9D': date for humans, random part so numbers reveal nothing about volume. */
function newOrderNumber(): string {
  const date = new Date().toISOString().slice(0, 10).replace(/-/g, '');
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const random = [...randomBytes(6)].map((b) => alphabet[b % alphabet.length]).join('');
  return `LEC-${date}-${random}`;
}

export interface CreateOrderOptions {
  body: CreateOrderBody;
  visitor: Visitor;
  viewer: Viewer | undefined;
}

/** A new order and how its payment goes on: the provider's checkout to open, or already paid in full by a coupon. */
export interface CreatedOrder {
  order: Awaited<ReturnType<typeof q.insertOrder>>;
  orderStatus: string;
  /** A guest's new account signs in at once. */
  tokens: Awaited<ReturnType<typeof issueTokens>> | null;
  stripeSession: { id: string; url: string } | null;
  razorpayOrder: CreateOrderResponse['rzp_order'];
}

/**
 * A buyer starting a new checkout gives up the ones they left unpaid (a Razorpay popup closed, Stripe's page left with
 * the back button): each is Cancelled and its coupon use given back, so the same coupon works again. A Stripe session is
 * expired first so it can no longer be paid, and one already paid is left to its webhook; a Razorpay payment that still
 * arrives for a cancelled order is fulfilled all the same (fulfilOrder). When Stripe cannot be asked, the order is left.
 * No transaction is open across the calls to Stripe: each order is closed by its own short write after Stripe answers.
 */
async function supersedeUnpaidOrders(deps: OrderDeps, pending: Awaited<ReturnType<typeof q.selectPendingOrdersOfUser>>): Promise<void> {
  for (const order of pending) {
    try {
      let attempted: ReturnType<typeof stripeAttempt>;
      if (order.paymentMethod === 'Stripe' && order.providerReference) {
        if (!deps.stripe) continue;
        // Expiring answers the session as it ends (one call); a session no longer open is read as it is.
        const session = await deps.stripe.expireOpenSession(order.providerReference);
        if (session.paid) continue;
        attempted = stripeAttempt(session);
      }
      await cancelOrder(deps, order.id, attempted);
    } catch (error) {
      deps.log.warn({ err: error, order: order.orderNumber }, 'could not close an unpaid order before a new checkout');
    }
  }
}

/**
 * The server decides money: prices, discount and total are recomputed here in the visitor's
 * region, and a client total that differs is refused. The order with its items, the guest account
 * and the coupon reservation are written together (one statement, or one short transaction when
 * there is a guest or a coupon); then, with no transaction open, the provider's checkout is opened
 * and its id recorded by a second short write. The checkout is created with the order number as
 * its idempotency key, so a retried call cannot open two.
 */
export async function createOrder(deps: OrderDeps, { body, visitor, viewer }: CreateOrderOptions): Promise<CreatedOrder> {
  const { db } = deps;
  const region = visitor.region;
  const meta = regions[region];

  if (body.payment_method === 'RazorPay' && region !== 'IN') throw AppError.fields({ payment_method: [commerceMessages.razorpayIndiaOnly] });
  if (body.payment_method === 'RazorPay' && !deps.razorpay) throw AppError.fields({ payment_method: [commerceMessages.paymentMethodUnavailable] });
  if (body.payment_method === 'Stripe' && !deps.stripe) throw AppError.fields({ payment_method: [commerceMessages.paymentMethodUnavailable] });

  if (!viewer) {
    const passwordError = guestPasswordError(body.password);
    if (passwordError) throw AppError.fields({ password: [passwordError] });
  }

  const courseIds = [...new Set(body.courses)];
  const bundleIds = [...new Set(body.bundles)];
  const ownedOf = async (ids: number[]) => (viewer && ids.length ? ownedCourseIds(db, viewer.userId, ids) : new Set<number>());
  // What the checks below read, asked at once: the courses and bundles priced here, what the buyer owns of the courses,
  // their checkouts left unpaid, and their account's address (receipts go there for a signed-in buyer).
  const [courses, bundles, ownedAlone, pending, account] = await Promise.all([
    coursesForPurchase(db, region, courseIds),
    bundleIds.length ? bundlesForPurchase(db, region, bundleIds) : [],
    ownedOf(courseIds),
    viewer ? q.selectPendingOrdersOfUser(db, viewer.userId) : [],
    viewer ? getPublicUser(db, viewer.userId) : undefined,
  ]);
  if (courses.length !== courseIds.length) throw AppError.fields({ courses: ['One of these courses is no longer available.'] });
  if (courses.some((c) => c.course_type === 'free')) throw AppError.fields({ courses: [commerceMessages.freeCourseNotInCart] });
  if (bundles.length !== bundleIds.length) throw AppError.fields({ bundles: [bundleMessages.unavailable] });
  // Each course is bought once per order: alone, or in one of its bundles.
  const bundleCourseIds = bundles.flatMap((b) => b.courseIds);
  const lineCourses = [...courseIds, ...bundleCourseIds];
  if (new Set(lineCourses).size !== lineCourses.length) throw AppError.fields({ bundles: [bundleMessages.overlapsOrder] });
  if (viewer) {
    const owned = bundleCourseIds.length ? new Set([...ownedAlone, ...(await ownedOf(bundleCourseIds))]) : ownedAlone;
    if (courses.some((c) => owned.has(c.id)))
      throw AppError.fields({
        courses: [
          `${commerceMessages.alreadyOwned} (${courses
            .filter((c) => owned.has(c.id))
            .map((c) => c.title)
            .join(', ')})`,
        ],
      });
    // A bundle whose every course the buyer owns has nothing to sell them; owning some is allowed (the cart says so).
    const ownedAll = bundles.find((b) => b.courseIds.every((id) => owned.has(id)));
    if (ownedAll) throw AppError.fields({ bundles: [bundleMessages.ownsAllOf(ownedAll.title)] });
  }
  if (pending.length) await supersedeUnpaidOrders(deps, pending);
  // The priced lines: a course alone, or a bundle at its own price (the client never sets one).
  const lines: (QuoteLine & { title: string })[] = [
    ...courses.map((c) => ({ courseId: c.id, title: c.title, price: toMinor(c.country_price.amount) })),
    ...bundles.map((b) => ({ bundleId: b.id, title: b.title, price: b.priceMinor })),
  ];
  // What the order records per course: a bundle's price is shared among its courses in proportion to their own prices.
  const items = [
    ...courses.map((c) => ({ courseId: c.id, bundleId: null, price: toMinor(c.country_price.amount), regularPrice: toMinor(c.country_price.regular_amount) })),
    ...bundles.flatMap((b) =>
      splitTotal(
        b.courses.map((c) => ({ course: c, price: toMinor(c.country_price.amount) })),
        b.priceMinor,
      ).map(({ line, amount }) => ({ courseId: line.course.id, bundleId: b.id, price: amount, regularPrice: line.price })),
    ),
  ];

  /** Prices the lines (with the coupon), refuses a total that differs from the client's, and writes the order with its items: one statement. */
  const recordOrder = async (writer: Db, userId: number, coupon?: { check: CouponCheck; priced: QuoteCoupon }) => {
    const { subtotal, discount, total } = quote(lines, coupon?.priced);
    if (toMinor(body.total) !== total) throw AppError.fields({ total: [commerceMessages.totalChanged] });
    if (total === 0 && body.payment_method !== 'Full_Discount') throw AppError.fields({ payment_method: [commerceMessages.fullDiscountOnlyAtZero] });
    if (total > 0 && body.payment_method === 'Full_Discount') throw AppError.fields({ payment_method: [commerceMessages.fullDiscountOnlyAtZero] });
    return q.insertOrderWithItems(
      writer,
      {
        orderNumber: newOrderNumber(),
        userId,
        status: 'Pending',
        paymentMethod: body.payment_method,
        region,
        currency: meta.currency,
        subtotal,
        discount,
        total,
        couponId: coupon?.check.id ?? null,
        couponCode: coupon?.check.code ?? null,
        fullName: body.full_name,
        email: account?.email ?? body.email,
        phoneNumber: body.phone_number,
        addressLine1: body.address_line_1,
        country: body.country,
        state: body.state,
        city: body.city,
        pinCode: body.pin_code,
      },
      items,
    );
  };

  // A signed-in buyer without a coupon writes one statement, no transaction; a guest's account, or a coupon's locked
  // row and the use it reserves, are written with the order in one short transaction. Either way it has ended before
  // the provider is called below.
  const order: Awaited<ReturnType<typeof recordOrder>> & { guest?: Awaited<ReturnType<typeof createUser>> } =
    viewer && !body.coupon_code
      ? await recordOrder(db, viewer.userId)
      : await db.transaction(async (tx) => {
          let userId = viewer?.userId;
          let guest: Awaited<ReturnType<typeof createUser>> | undefined;
          if (!userId) {
            try {
              guest = await createUser(tx, {
                email: body.email,
                fullName: body.full_name,
                password: body.password,
                contact: {
                  phoneNumber: body.phone_number,
                  addressLine1: body.address_line_1,
                  city: body.city,
                  state: body.state,
                  country: body.country,
                  pinCode: body.pin_code,
                },
              });
            } catch (error) {
              if (error instanceof AppError && error.body.email) throw AppError.fields({ email: [commerceMessages.emailHasAccount] });
              throw error;
            }
            userId = guest.id;
          }

          let coupon: { check: CouponCheck; priced: QuoteCoupon } | undefined;
          if (body.coupon_code) {
            try {
              const check = await checkCoupon(tx, body.coupon_code, { userId, courseIds, bundleIds, lock: true });
              coupon = { check, priced: couponInCurrency(check, meta.currency) };
            } catch (error) {
              if (error instanceof AppError) throw AppError.fields({ coupon_code: (error.body.errors as string[]) ?? [commerceMessages.couponInvalid] });
              throw error;
            }
          }
          const created = await recordOrder(tx, userId, coupon);
          if (coupon) await reserveCoupon(tx, coupon.check.id, userId, created.id);
          return { ...created, guest };
        });

  const { guest, ...created } = order;
  const response: CreatedOrder = { order: created, orderStatus: order.status, tokens: null, stripeSession: null, razorpayOrder: null };
  // The guest's verification link comes with the receipt, once they have paid (fulfilment.ts).
  if (guest) response.tokens = await issueTokens(deps, guest);

  try {
    if (order.paymentMethod === 'Full_Discount') {
      await fulfilOrder(deps, {
        orderId: order.id,
        provider: 'none',
        providerPaymentId: `free-${order.orderNumber}`,
        amount: 0,
        currency: order.currency,
        cartId: body.cart_id,
      });
      response.orderStatus = 'Paid';
    } else if (order.paymentMethod === 'Stripe') {
      const base = visitor.returnOrigin;
      const session = await deps.stripe!.createCheckoutSession({
        orderNumber: order.orderNumber,
        currency: order.currency,
        lines: splitTotal(lines, order.total).map(({ line, amount }) => ({ name: line.title, amount })),
        customerEmail: order.email,
        successUrl: `${base}/order/success/?order_no=${order.orderNumber}&session_id={CHECKOUT_SESSION_ID}`,
        // A cancel is not a failure: back to the checkout, cart intact (payments.cancelStripeCheckout).
        cancelUrl: `${base}/checkout/?payment=cancelled&order_no=${order.orderNumber}`,
      });
      await q.setProviderReference(db, order.id, session.id);
      response.stripeSession = { id: session.id, url: session.url };
    } else {
      const rzp = await deps.razorpay!.createOrder({
        amount: order.total,
        currency: order.currency,
        receipt: order.orderNumber,
        notes: { order_number: order.orderNumber },
      });
      await q.setProviderReference(db, order.id, rzp.id);
      response.razorpayOrder = {
        id: rzp.id,
        amount: rzp.amount,
        currency: rzp.currency,
        key_id: deps.razorpay!.keyId,
        sandbox: deps.razorpay!.mode === 'sandbox',
      };
    }
  } catch (error) {
    deps.log.error({ err: error, order: order.orderNumber }, 'could not open the payment provider checkout');
    await failOrder(deps, order.id);
    throw new AppError('unavailable', 'The payment provider is not reachable right now. Please try again in a moment.');
  }
  return response;
}

/** An order as the orders module knows it: the row, its items, the provider's payment id and its refunds. */
export interface OrderRecord {
  order: NonNullable<Awaited<ReturnType<typeof q.selectOrderByNumber>>>;
  items: OrderItem[];
  transactionId: string | null;
  refunds: q.RefundRow[];
}

/**
 * The viewer's order by its number (access's ownership rule): someone else's, an admin's included, is
 * 404 like a missing one, so numbers cannot be probed. A guest who just paid holds the tokens
 * create-order returned; without a sign-in it is 404 too. The studio has its own order routes.
 */
export async function ownOrder(db: Db, orderNumber: string, viewer: Viewer | undefined) {
  return ownedBy(await q.selectOrderByNumber(db, orderNumber), viewer, commerceMessages.orderNotFound);
}

/** An order of the viewer with its items and payment id. */
export async function getOwnOrder(deps: OrderDeps, orderNumber: string, viewer: Viewer): Promise<OrderRecord> {
  const order = await ownOrder(deps.db, orderNumber, viewer);
  const [items, paymentsRows, refunds] = await Promise.all([
    itemsOfOrders(deps.db, [order.id]),
    q.selectPaymentsOfOrders(deps.db, [order.id]),
    q.selectRefundsOfOrder(deps.db, order.id),
  ]);
  return { order, items, transactionId: paymentsRows[0]?.providerPaymentId ?? null, refunds };
}

export async function orderHistory(
  deps: OrderDeps,
  userId: number,
  options: { search?: string | undefined; orderNumber?: string | undefined },
): Promise<OrderRecord[]> {
  const search = options.search?.trim();
  const searchCourseIds = search ? await findCourseIdsByTitle(deps.db, search) : [];
  const orders = await q.selectOrdersOfUser(deps.db, userId, { ...options, searchCourseIds });
  const ids = orders.map((o) => o.id);
  const [items, paymentRows, refunds] = await Promise.all([
    itemsOfOrders(deps.db, ids),
    q.selectPaymentsOfOrders(deps.db, ids),
    q.selectRefundsOfOrders(deps.db, ids),
  ]);
  const txByOrder = new Map(paymentRows.map((p) => [p.orderId, p.providerPaymentId]));
  return orders.map((order) => ({
    order,
    items: items.filter((i) => i.orderId === order.id),
    transactionId: txByOrder.get(order.id) ?? null,
    refunds: refunds.filter((r) => r.orderId === order.id),
  }));
}

export interface InvoiceData {
  invoiceNumber: string;
  /** The date of supply: when the order was paid. */
  invoiceDate: Date;
  orderNumber: string;
  orderDate: Date;
  status: 'Paid' | 'Refunded';
  paymentMethod: string;
  transactionId: string | null;
  currency: string;
  seller: { legalName: string; address: string; taxId: string };
  buyer: { name: string; email: string; phone: string; addressLines: string[]; country: string };
  lines: { description: string; quantity: number; unitPrice: number; amount: number }[];
  /** Minor units. */
  subtotal: number;
  discount: number;
  couponCode: string | null;
  /** Lectern computes no tax today: prices include any tax, and no tax line is printed. */
  tax: { label: string; amount: number } | null;
  total: number;
  /** The refunds made (minor units, each at its own time): printed under the total with what was paid after them. */
  refunds: { amount: number; at: Date }[];
}

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });
/** 'IN' → 'India (IN)'; a country typed as a name stays as it is. */
function countryLabel(country: string): string {
  const code = country.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(code)) return country.trim();
  const name = countryNames.of(code);
  return name && name !== code ? `${name} (${code})` : code;
}

/**
 * What a tax invoice prints: the buyer's paid (or refunded) order, the seller from the site settings.
 * It writes: an order paid before invoice numbers existed is given its number here, on first download.
 */
export async function issueInvoice(deps: OrderDeps, orderNumber: string, viewer: Viewer): Promise<InvoiceData> {
  const order = await ownOrder(deps.db, orderNumber, viewer);
  if (order.status !== 'Paid' && order.status !== 'Refunded') throw AppError.notFound('There is no invoice for an unpaid order.');
  // Orders paid before invoice numbers existed get theirs on first download.
  const invoiceNumber = order.invoiceNumber ?? (await deps.db.transaction((tx) => q.assignInvoiceNumber(tx, order.id)));
  const [items, paymentRows, seller, refunds] = await Promise.all([
    itemsOfOrders(deps.db, [order.id]),
    q.selectPaymentsOfOrders(deps.db, [order.id]),
    sellerDetails(deps.db, deps.config),
    q.selectRefundsOfOrder(deps.db, order.id),
  ]);
  return {
    invoiceNumber,
    invoiceDate: order.paidAt ?? order.createdAt,
    orderNumber: order.orderNumber,
    orderDate: order.createdAt,
    status: order.status,
    paymentMethod: order.paymentMethod === 'Full_Discount' ? 'Coupon (100% off)' : order.paymentMethod === 'RazorPay' ? 'Razorpay' : order.paymentMethod,
    transactionId: paymentRows[0]?.providerPaymentId ?? null,
    currency: order.currency,
    seller,
    buyer: {
      name: formatPersonName(order.fullName),
      email: order.email,
      phone: order.phoneNumber,
      addressLines: [order.addressLine1, [order.city, order.state, order.pinCode].filter(Boolean).join(', ')].filter(Boolean),
      country: countryLabel(order.country),
    },
    lines: orderLines(items).map((l) => ({
      description: l.courses.length ? `${l.title}: ${l.courses.join(', ')}` : l.title,
      quantity: 1,
      unitPrice: l.price,
      amount: l.price,
    })),
    subtotal: order.subtotal,
    discount: order.discount,
    couponCode: order.couponCode,
    tax: null,
    total: order.total,
    refunds: refunds.filter((r) => r.status === 'succeeded').map((r) => ({ amount: r.amount, at: r.refundedAt ?? r.createdAt })),
  };
}

/** A page of every order, newest first (the studio's order list); pass the last row as `before` for the next page. */
export function listOrdersPage(db: Database, options: q.OrdersPageOptions) {
  return q.selectOrdersPage(db, { ...options, limit: Math.min(Math.max(options.limit, 1), 200) });
}
