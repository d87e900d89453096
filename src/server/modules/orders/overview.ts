// What the studio's overview asks the orders module: money per day and currency, course sales,
// and the orders that followed a reminder email. Ranges are [from, to).
import type { Database } from '../../db/client.js';
import * as q from './queries.js';

/** Per UTC day and currency: orders paid (and their totals), refunds made (and their totals). */
export function orderMoneyByDay(db: Database, from: Date, to: Date) {
  return q.selectOrderMoneyByDay(db, from, to);
}

/** Per course and currency: how many were sold in paid, unrefunded orders, and for how much after discounts. */
export function courseSales(db: Database, from: Date, to: Date) {
  return q.selectCourseSales(db, from, to);
}

/** Orders paid after a reminder email to their buyer named one of their courses, per currency. */
export function recoveredOrders(db: Database, reminders: { email: string; sentAt: Date; courseIds: number[] }[], from: Date, to: Date) {
  return q.selectRecoveredOrders(db, reminders, from, to);
}
