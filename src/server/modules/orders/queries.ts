import { and, asc, desc, eq, gt, gte, ilike, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { rowsOf, type Tx, type Db } from '../../db/client.js';
import {
  couponBundles,
  couponCourses,
  couponRedemptions,
  coupons,
  invoiceCounters,
  orderItems,
  orderCourseDaily,
  orderDaily,
  orderRefunds,
  orders,
  payments,
  providerEvents,
} from '../../db/schema/index.js';
import { outer } from '../../db/sql.js';

export async function insertOrder(tx: Tx, values: typeof orders.$inferInsert) {
  const [row] = await tx.insert(orders).values(values).returning();
  return row!;
}

export async function insertOrderItems(tx: Tx, values: (typeof orderItems.$inferInsert)[]): Promise<void> {
  await tx.insert(orderItems).values(values);
}

/**
 * The order and its items in one statement (a data-modifying CTE: both rows or neither, no
 * transaction of its own needed): one round trip where an insert and then its items took two.
 */
export async function insertOrderWithItems(db: Db, values: typeof orders.$inferInsert, items: Omit<typeof orderItems.$inferInsert, 'orderId'>[]) {
  const created = db.$with('created_order').as(db.insert(orders).values(values).returning());
  const lines = sql.join(
    items.map((i) => sql`(${i.courseId}::integer, ${i.price}::integer, ${i.regularPrice}::integer, ${i.bundleId ?? null}::integer)`),
    sql`, `,
  );
  const createdItems = db.$with('created_items', {}).as(
    sql`insert into ${orderItems} (${sql.identifier(orderItems.orderId.name)}, ${sql.identifier(orderItems.courseId.name)}, ${sql.identifier(orderItems.price.name)}, ${sql.identifier(orderItems.regularPrice.name)}, ${sql.identifier(orderItems.bundleId.name)})
        select ${created.id}, line.course_id, line.price, line.regular_price, line.bundle_id from ${created} cross join (values ${lines}) as line (course_id, price, regular_price, bundle_id)`,
  );
  const [row] = await db.with(created, createdItems).select().from(created);
  return row!;
}

export async function setProviderReference(db: Db, orderId: number, reference: string): Promise<void> {
  await db.update(orders).set({ providerReference: reference }).where(eq(orders.id, orderId));
}

export async function selectOrderByNumber(db: Db, orderNumber: string) {
  const [row] = await db.select().from(orders).where(eq(orders.orderNumber, orderNumber)).limit(1);
  return row;
}

export async function selectOrderByReference(db: Db, reference: string) {
  const [row] = await db.select().from(orders).where(eq(orders.providerReference, reference)).limit(1);
  return row;
}

export async function lockOrder(tx: Tx, orderId: number) {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update').limit(1);
  return row;
}

export async function updateOrder(db: Db, orderId: number, values: Partial<typeof orders.$inferInsert>): Promise<void> {
  await db.update(orders).set(values).where(eq(orders.id, orderId));
}

/**
 * Closes a Pending order that holds no coupon use in one statement (no row lock to take first):
 * true when it did; false when the order is no longer Pending or has a coupon (the caller's
 * transaction handles those).
 */
export async function closePendingOrderWithoutCoupon(db: Db, orderId: number, status: 'Failed' | 'Cancelled'): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set({ status })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'Pending'), isNull(orders.couponId)))
    .returning({ id: orders.id });
  return rows.length > 0;
}

/** Items of several orders, in one query. */
export function selectItemsOfOrders(db: Db, orderIds: number[]) {
  if (!orderIds.length) return Promise.resolve([]);
  return db
    .select({ id: orderItems.id, orderId: orderItems.orderId, price: orderItems.price, courseId: orderItems.courseId, bundleId: orderItems.bundleId })
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(orderItems.id);
}

/** The successful payment of each order (its transaction id), in one query. */
export function selectPaymentsOfOrders(db: Db, orderIds: number[]) {
  if (!orderIds.length) return Promise.resolve([]);
  return db
    .select({ orderId: payments.orderId, providerPaymentId: payments.providerPaymentId, status: payments.status })
    .from(payments)
    .where(and(inArray(payments.orderId, orderIds), inArray(payments.status, ['Success', 'Refunded'])));
}

/** The user's first order placed after this one (orders ids grow with time). */
export async function selectNextOrderOfUser(db: Db, userId: number, afterOrderId: number) {
  const [row] = await db
    .select({ orderNumber: orders.orderNumber, status: orders.status, paymentMethod: orders.paymentMethod, providerReference: orders.providerReference })
    .from(orders)
    .where(and(eq(orders.userId, userId), gt(orders.id, afterOrderId)))
    .orderBy(asc(orders.id))
    .limit(1);
  return row;
}

/** The user's orders still waiting for a payment. */
export function selectPendingOrdersOfUser(db: Db, userId: number) {
  return db
    .select({ id: orders.id, orderNumber: orders.orderNumber, paymentMethod: orders.paymentMethod, providerReference: orders.providerReference })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, 'Pending')));
}

/**
 * Which orders their buyer sees in the order history: a sale or one that may still become one
 * (Pending, Paid, Refunded), and a Failed or Cancelled order only when a payment was attempted on
 * it (a payments row: a declined card, a failed UPI payment). An abandoned checkout (back from
 * Stripe, an expired session, a dismissed popup, a tab replaced by a newer checkout, a provider
 * that could not be reached) stays in the studio only.
 */
const buyerSees = or(
  inArray(orders.status, ['Pending', 'Paid', 'Refunded']),
  sql`exists (select 1 from ${payments} where ${payments.orderId} = ${outer(orders.id)})`,
);

/** The user's orders their history shows (buyerSees); `search` matches the order number or, through `searchCourseIds`, a course bought in it. */
export function selectOrdersOfUser(
  db: Db,
  userId: number,
  options: { search?: string | undefined; searchCourseIds?: number[]; orderNumber?: string | undefined },
) {
  const search = options.search?.trim();
  const courseIds = options.searchCourseIds ?? [];
  return db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        buyerSees,
        options.orderNumber ? eq(orders.orderNumber, options.orderNumber) : undefined,
        search
          ? or(
              ilike(orders.orderNumber, `%${search}%`),
              courseIds.length
                ? sql`exists (select 1 from ${orderItems} where ${orderItems.orderId} = ${outer(orders.id)} and ${inArray(orderItems.courseId, courseIds)})`
                : undefined,
            )
          : undefined,
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(200);
}

export async function insertPayment(db: Db, values: typeof payments.$inferInsert): Promise<boolean> {
  const rows = await db.insert(payments).values(values).onConflictDoNothing().returning({ id: payments.id });
  return rows.length === 1;
}

export async function selectPaymentByProviderId(db: Db, provider: 'stripe' | 'razorpay', providerPaymentId: string) {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerPaymentId, providerPaymentId)))
    .limit(1);
  return row;
}

export async function markPaymentRefunded(db: Db, paymentId: number): Promise<void> {
  await db.update(payments).set({ status: 'Refunded' }).where(eq(payments.id, paymentId));
}

/** The coupon by its code, case-insensitively; `lock` takes the row FOR UPDATE. */
export async function selectCouponByCode(db: Db, code: string, lock = false) {
  const query = db
    .select()
    .from(coupons)
    .where(eq(sql`upper(${coupons.code})`, code.trim().toUpperCase()))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function countRedemptions(db: Db, couponId: number, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.couponId, couponId), eq(couponRedemptions.userId, userId)));
  return row?.n ?? 0;
}

export async function selectCouponCourseIds(db: Db, couponId: number): Promise<number[]> {
  const rows = await db.select({ courseId: couponCourses.courseId }).from(couponCourses).where(eq(couponCourses.couponId, couponId));
  return rows.map((r) => r.courseId);
}

export async function selectCouponBundleIds(db: Db, couponId: number): Promise<number[]> {
  const rows = await db.select({ bundleId: couponBundles.bundleId }).from(couponBundles).where(eq(couponBundles.couponId, couponId));
  return rows.map((r) => r.bundleId);
}

/**
 * The user's other paid orders that bought any of these courses (alone or in a bundle), with what
 * was paid and refunded of each: the facts the access module decides on when a purchase closes.
 */
export async function selectOtherPaidPurchases(db: Db, userId: number, exceptOrderId: number, courseIds: number[]) {
  if (!courseIds.length) return [];
  const rows = await db
    .select({ orderId: orders.id, total: orders.total, courseId: orderItems.courseId, createdAt: orders.createdAt })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orders.userId, userId), ne(orders.id, exceptOrderId), eq(orders.status, 'Paid'), inArray(orderItems.courseId, courseIds)))
    .orderBy(asc(orders.createdAt), asc(orders.id));
  const refunds = rows.length ? await selectRefundsOfOrders(db, [...new Set(rows.map((r) => r.orderId))]) : [];
  return rows.map((r) => {
    const made = refunds.filter((f) => f.orderId === r.orderId && f.status === 'succeeded');
    return { orderId: r.orderId, courseId: r.courseId, paid: r.total, refunded: made.reduce((sum, f) => sum + f.amount, 0), refunds: made.length };
  });
}

/** The order's one use of the coupon; an order that already holds it changes nothing. */
export async function insertRedemption(tx: Tx, couponId: number, userId: number, orderId: number): Promise<void> {
  const inserted = await tx.insert(couponRedemptions).values({ couponId, userId, orderId }).onConflictDoNothing().returning({ id: couponRedemptions.id });
  if (inserted.length)
    await tx
      .update(coupons)
      .set({ usedCount: sql`${coupons.usedCount} + 1` })
      .where(eq(coupons.id, couponId));
}

export async function deleteRedemptionOfOrder(tx: Tx, orderId: number): Promise<void> {
  const [redemption] = await tx.delete(couponRedemptions).where(eq(couponRedemptions.orderId, orderId)).returning({ couponId: couponRedemptions.couponId });
  if (redemption)
    await tx
      .update(coupons)
      .set({ usedCount: sql`greatest(${coupons.usedCount} - 1, 0)` })
      .where(eq(coupons.id, redemption.couponId));
}

/** How long a delivery may work on an event before another delivery of it may take over. */
const EVENT_CLAIM_SECONDS = 120;

/**
 * Stores a provider event once by its id and claims it for this delivery, in one statement: a row
 * comes back only to the delivery that inserted it, or that takes over an unprocessed event whose
 * claim was released (a failure) or has run out (a crash). Concurrent deliveries of one event wait
 * on its row and then get nothing, so exactly one of them does the work.
 */
export async function claimProviderEvent(
  db: Db,
  event: { provider: 'stripe' | 'razorpay'; eventId: string; type: string; payload: object },
): Promise<'claimed' | 'processed' | 'busy'> {
  const claimedUntil = sql`now() + make_interval(secs => ${EVENT_CLAIM_SECONDS})`;
  const [claimed] = await db
    .insert(providerEvents)
    .values({ ...event, claimedUntil })
    .onConflictDoUpdate({
      target: [providerEvents.provider, providerEvents.eventId],
      set: { claimedUntil, deliveries: sql`${providerEvents.deliveries} + 1` },
      setWhere: sql`${providerEvents.processedAt} is null and (${providerEvents.claimedUntil} is null or ${providerEvents.claimedUntil} < now())`,
    })
    .returning({ id: providerEvents.id });
  if (claimed) return 'claimed';
  // A replay (or a delivery while another processes it): counted for the payments log, nothing redone.
  const [row] = await db
    .update(providerEvents)
    .set({ deliveries: sql`${providerEvents.deliveries} + 1` })
    .where(and(eq(providerEvents.provider, event.provider), eq(providerEvents.eventId, event.eventId)))
    .returning({ processedAt: providerEvents.processedAt });
  return row?.processedAt ? 'processed' : 'busy';
}

/**
 * Ends this delivery's claim: processed for good, or released so the provider's retry redoes it.
 * `outcome` says what handling it did, for the instructor's payments log.
 */
export async function finishProviderEvent(
  db: Db,
  provider: 'stripe' | 'razorpay',
  eventId: string,
  result: 'processed' | 'released',
  outcome?: string,
): Promise<void> {
  const described = outcome === undefined ? {} : { outcome: outcome.slice(0, 300) };
  await db
    .update(providerEvents)
    .set(result === 'processed' ? { processedAt: new Date(), claimedUntil: null, ...described } : { claimedUntil: null, ...described })
    .where(and(eq(providerEvents.provider, provider), eq(providerEvents.eventId, eventId)));
}

/** Gives a paid order its invoice number once (a no-op when it has one), gapless: call inside the paying transaction. */
export async function assignInvoiceNumber(db: Db, orderId: number): Promise<string> {
  const [current] = await db.select({ invoiceNumber: orders.invoiceNumber }).from(orders).where(eq(orders.id, orderId)).limit(1).for('update');
  if (current?.invoiceNumber) return current.invoiceNumber;
  const [counter] = await db
    .insert(invoiceCounters)
    .values({ name: 'invoice', value: 1 })
    .onConflictDoUpdate({ target: invoiceCounters.name, set: { value: sql`${invoiceCounters.value} + 1` } })
    .returning({ value: invoiceCounters.value });
  const invoiceNumber = `INV-${String(counter!.value).padStart(6, '0')}`;
  await db.update(orders).set({ invoiceNumber }).where(eq(orders.id, orderId));
  return invoiceNumber;
}

export interface OrdersPageOptions {
  limit: number;
  status?: (typeof orders.$inferSelect)['status'] | undefined;
  paymentMethod?: (typeof orders.$inferSelect)['paymentMethod'] | undefined;
  country?: string | undefined;
  currency?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  /** An order number, or part of the buyer's email or name. */
  search?: string | undefined;
  userId?: number | undefined;
  /** Keyset cursor: the last row of the previous page (newest first). */
  before?: { createdAt: Date; id: number } | undefined;
}

/**
 * One page of all orders, newest first, for the studio: keyset pagination on (created_at, id),
 * so page 1,000 costs what page 1 costs (orders_created_idx, orders_status_created_idx).
 */
export async function selectOrdersPage(db: Db, options: OrdersPageOptions) {
  const like = options.search ? `%${options.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const conditions = [
    options.status ? eq(orders.status, options.status) : undefined,
    options.paymentMethod ? eq(orders.paymentMethod, options.paymentMethod) : undefined,
    options.country ? ilike(orders.country, options.country) : undefined,
    options.currency ? eq(orders.currency, options.currency) : undefined,
    options.userId ? eq(orders.userId, options.userId) : undefined,
    options.from ? sql`${orders.createdAt} >= ${options.from.toISOString()}::timestamptz` : undefined,
    options.to ? sql`${orders.createdAt} < ${options.to.toISOString()}::timestamptz` : undefined,
    like ? or(eq(orders.orderNumber, options.search!.toUpperCase()), ilike(orders.email, like), ilike(orders.fullName, like)) : undefined,
    options.before ? sql`(${orders.createdAt}, ${orders.id}) < (${options.before.createdAt.toISOString()}::timestamptz, ${options.before.id})` : undefined,
  ].filter((c) => c !== undefined);
  return db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      status: orders.status,
      paymentMethod: orders.paymentMethod,
      currency: orders.currency,
      total: orders.total,
      fullName: orders.fullName,
      email: orders.email,
      country: orders.country,
      userId: orders.userId,
      subtotal: orders.subtotal,
      discount: orders.discount,
      couponCode: orders.couponCode,
      invoiceNumber: orders.invoiceNumber,
      paidAt: orders.paidAt,
      createdAt: orders.createdAt,
      items: sql<number>`(select count(*)::int from ${orderItems} where ${orderItems.orderId} = ${outer(orders.id)})`,
    })
    .from(orders)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(options.limit);
}

/** The newest order of a user that carries a phone number or a country (the checkout's billing form). */
export async function selectNewestCheckoutContact(db: Db, userId: number) {
  const [row] = await db
    .select({ phoneNumber: orders.phoneNumber, country: orders.country })
    .from(orders)
    .where(and(eq(orders.userId, userId), or(ne(orders.phoneNumber, ''), ne(orders.country, ''))))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(1);
  return row;
}

/** Every payment row of an order (successes, failures, refunds), oldest first. */
export function selectAllPaymentsOfOrder(db: Db, orderId: number) {
  return db
    .select({
      provider: payments.provider,
      providerPaymentId: payments.providerPaymentId,
      status: payments.status,
      amount: payments.amount,
      currency: payments.currency,
      createdAt: payments.createdAt,
    })
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(payments.createdAt);
}

export async function markOrderPaymentsRefunded(db: Db, orderId: number): Promise<void> {
  await db
    .update(payments)
    .set({ status: 'Refunded' })
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'Success')));
}

// ---------------------------------------------------------------- refunds

export type RefundRow = typeof orderRefunds.$inferSelect;

export async function insertRefund(tx: Tx, values: typeof orderRefunds.$inferInsert): Promise<RefundRow> {
  const [row] = await tx.insert(orderRefunds).values(values).returning();
  return row!;
}

/** The refunds of some orders, oldest first. */
export function selectRefundsOfOrders(db: Db, orderIds: number[]): Promise<RefundRow[]> {
  if (!orderIds.length) return Promise.resolve([]);
  return db.select().from(orderRefunds).where(inArray(orderRefunds.orderId, orderIds)).orderBy(asc(orderRefunds.createdAt), asc(orderRefunds.id));
}

/** One order's refunds, oldest first (inside the order's lock, what is left is counted from them). */
export function selectRefundsOfOrder(db: Db, orderId: number): Promise<RefundRow[]> {
  return db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId)).orderBy(asc(orderRefunds.createdAt), asc(orderRefunds.id));
}

/**
 * Moves a refund out of one of `from` (pending, or failed when the provider says it was made after
 * all) into its outcome, in one statement: the row comes back only to the caller that moved it, so
 * what follows a refund (the email, closing the order) happens once.
 */
export async function settleRefund(
  db: Db,
  id: number,
  from: RefundRow['status'][],
  values: Pick<typeof orderRefunds.$inferInsert, 'status'> &
    Partial<Pick<typeof orderRefunds.$inferInsert, 'providerRefundId' | 'providerStatus' | 'refundedAt'>>,
): Promise<RefundRow | undefined> {
  const [row] = await db
    .update(orderRefunds)
    .set(values)
    .where(and(eq(orderRefunds.id, id), inArray(orderRefunds.status, from)))
    .returning();
  return row;
}

/** Writes the provider's id and status word on a refund that already has its outcome. */
export async function noteProviderRefund(db: Db, id: number, providerRefundId: string, providerStatus: string): Promise<void> {
  await db.update(orderRefunds).set({ providerRefundId, providerStatus }).where(eq(orderRefunds.id, id));
}

export async function selectProviderEvent(db: Db, id: number) {
  const [row] = await db.select().from(providerEvents).where(eq(providerEvents.id, id)).limit(1);
  return row;
}

export interface ProviderEventFilter {
  provider?: 'stripe' | 'razorpay' | undefined;
  /** processed; failed: not processed and an outcome says why; pending: not processed yet, nothing said. */
  state?: 'processed' | 'failed' | 'pending' | undefined;
  type?: string | undefined;
  /** Part of the event id or the outcome. */
  search?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

/** The payments log, newest first (provider_events_received_idx), with the total matching. */
export async function selectProviderEventsPage(db: Db, filter: ProviderEventFilter, limit: number, offset: number) {
  const like = filter.search ? `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const where = and(
    filter.provider ? eq(providerEvents.provider, filter.provider) : undefined,
    filter.state === 'processed' ? sql`${providerEvents.processedAt} is not null` : undefined,
    filter.state === 'failed' ? sql`${providerEvents.processedAt} is null and ${providerEvents.outcome} is not null` : undefined,
    filter.state === 'pending' ? sql`${providerEvents.processedAt} is null and ${providerEvents.outcome} is null` : undefined,
    filter.type ? eq(providerEvents.type, filter.type) : undefined,
    like ? or(ilike(providerEvents.eventId, like), ilike(providerEvents.outcome, like)) : undefined,
    filter.from ? sql`${providerEvents.receivedAt} >= ${filter.from.toISOString()}::timestamptz` : undefined,
    filter.to ? sql`${providerEvents.receivedAt} < ${filter.to.toISOString()}::timestamptz` : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db.select().from(providerEvents).where(where).orderBy(desc(providerEvents.receivedAt), desc(providerEvents.id)).limit(limit).offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(providerEvents)
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

// ---------------------------------------------------------------- the studio's overview

/** A raw query's rows (PGlite and node-postgres both answer { rows }). */
/** A timestamp bound as text, read back by PostgreSQL: the same on PGlite and node-postgres. */
const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** A range's UTC midnight as a date (the roll-ups' days). */
const dayOf = (date: Date) => {
  if (date.getTime() % 86_400_000 !== 0) throw new Error(`the overview counts whole UTC days: ${date.toISOString()}`);
  return date.toISOString().slice(0, 10);
};

/**
 * Per UTC day and currency in [from, to) (UTC midnights), from the daily roll-up (order_daily,
 * kept by triggers: migration 0028): money taken by orders paid then (refunded later or not), and
 * money given back by refunds made then (each refund, partial or whole, on the day of its own
 * time, not its order's), with their counts. A day with neither is left out.
 */
export async function selectOrderMoneyByDay(db: Db, from: Date, to: Date) {
  const rows = await db
    .select({
      day: sql<string>`to_char(${orderDaily.day}, 'YYYY-MM-DD')`,
      currency: orderDaily.currency,
      gross: orderDaily.gross,
      paid: orderDaily.paid,
      refunds: orderDaily.refunds,
      refunded: orderDaily.refunded,
    })
    .from(orderDaily)
    .where(and(gte(orderDaily.day, dayOf(from)), lt(orderDaily.day, dayOf(to)), or(ne(orderDaily.paid, 0), ne(orderDaily.refunded, 0))))
    .orderBy(asc(orderDaily.day), asc(orderDaily.currency));
  return rows.map((r) => ({
    day: r.day,
    currency: r.currency,
    gross: Number(r.gross),
    paid: Number(r.paid),
    refunds: Number(r.refunds),
    refunded: Number(r.refunded),
  }));
}

/**
 * Courses sold in orders paid in [from, to) (UTC midnights) and not refunded, per course and
 * currency: sales and revenue, each line's share of its order's total (a coupon's discount spread
 * over the lines), summed unrounded per day in order_course_daily and rounded once here.
 */
export async function selectCourseSales(db: Db, from: Date, to: Date) {
  const rows = await db
    .select({
      courseId: orderCourseDaily.courseId,
      currency: orderCourseDaily.currency,
      sales: sql<string>`sum(${orderCourseDaily.sales})`,
      revenue: sql<string>`round(sum(${orderCourseDaily.revenue}))`,
    })
    .from(orderCourseDaily)
    .where(and(gte(orderCourseDaily.day, dayOf(from)), lt(orderCourseDaily.day, dayOf(to))))
    .groupBy(orderCourseDaily.courseId, orderCourseDaily.currency)
    .having(sql`sum(${orderCourseDaily.sales}) <> 0`);
  return rows.map((r) => ({ courseId: Number(r.courseId), currency: r.currency, sales: Number(r.sales), revenue: Number(r.revenue) }));
}

/**
 * Orders paid in [from, to) after a reminder email: the buyer's email got a reminder before the
 * payment naming one of the order's courses. Per currency, the number of orders and their totals.
 */
export async function selectRecoveredOrders(db: Db, reminders: { email: string; sentAt: Date; courseIds: number[] }[], from: Date, to: Date) {
  if (!reminders.length) return [];
  const list = JSON.stringify(reminders.map((r) => ({ email: r.email.toLowerCase(), sent_at: r.sentAt.toISOString(), course_ids: r.courseIds })));
  const rows = rowsOf<{ currency: string; orders: string; amount: string }>(
    await db.execute(sql`
    with reminders as (
      select * from jsonb_to_recordset(${list}::jsonb) as r(email text, sent_at timestamptz, course_ids jsonb)
    )
    select ${orders.currency} as currency, count(*) as orders, coalesce(sum(${orders.total}), 0) as amount
    from ${orders}
    where ${orders.paidAt} >= ${at(from)} and ${orders.paidAt} < ${at(to)} and ${orders.status} = 'Paid'
      and exists (
        select 1 from reminders r join ${orderItems} on ${orderItems.orderId} = ${orders.id}
        where r.email = lower(${orders.email}) and r.sent_at < ${orders.paidAt} and r.course_ids @> to_jsonb(${orderItems.courseId})
      )
    group by ${orders.currency}
    order by ${orders.currency}`),
  );
  return rows.map((r) => ({ currency: r.currency, orders: Number(r.orders), amount: Number(r.amount) }));
}
