import { and, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.js';
import { courses, orderItems, orders, payments } from '../../db/schema/index.js';

type Db = Database | Tx;

export async function insertOrder(tx: Tx, values: typeof orders.$inferInsert) {
  const [row] = await tx.insert(orders).values(values).returning();
  return row!;
}

export async function insertOrderItems(tx: Tx, values: (typeof orderItems.$inferInsert)[]): Promise<void> {
  await tx.insert(orderItems).values(values);
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

export async function selectItemCourseIds(db: Db, orderId: number): Promise<number[]> {
  const rows = await db.select({ courseId: orderItems.courseId }).from(orderItems).where(eq(orderItems.orderId, orderId));
  return rows.map((r) => r.courseId);
}

/** Items of several orders with their course, in one query. */
export function selectItemsOfOrders(db: Db, orderIds: number[]) {
  if (!orderIds.length) return Promise.resolve([]);
  return db
    .select({
      id: orderItems.id,
      orderId: orderItems.orderId,
      price: orderItems.price,
      courseId: courses.id,
      title: courses.title,
      slug: courses.slug,
      courseImage: courses.courseImage,
    })
    .from(orderItems)
    .innerJoin(courses, eq(courses.id, orderItems.courseId))
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

export function selectOrdersOfUser(db: Db, userId: number, options: { search?: string | undefined; orderNumber?: string | undefined }) {
  const search = options.search?.trim();
  return db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        options.orderNumber ? eq(orders.orderNumber, options.orderNumber) : undefined,
        search
          ? or(
              ilike(orders.orderNumber, `%${search}%`),
              sql`exists (select 1 from ${orderItems} join ${courses} on ${courses.id} = ${orderItems.courseId} where ${orderItems.orderId} = ${orders.id} and ${courses.title} ilike ${`%${search}%`})`,
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
