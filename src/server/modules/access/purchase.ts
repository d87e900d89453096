/**
 * Whether a purchase still opens what it bought once refunds were made: a partial refund keeps
 * access, and the refund that gives back the last of what was paid closes it (an order that cost
 * nothing, a 100% coupon, closes with its one refund). Closing revokes the order's enrolments; what
 * the student may open afterwards is still decided by accessTo (a membership, another purchase).
 */
export function purchaseStillOpens(purchase: { paid: number; refunded: number; refunds: number }): boolean {
  if (purchase.refunds === 0) return true;
  return purchase.refunded < purchase.paid;
}

/** A student's purchase as the access rule reads it: an order, a course it bought (alone or in a bundle), what was paid and refunded. */
export interface PurchaseOfCourse {
  orderId: number;
  courseId: number;
  paid: number;
  refunded: number;
  refunds: number;
}

/**
 * When a purchase closes (refunded in full), which of its courses another purchase of the student
 * still opens, and which: a course bought twice (alone, then in a bundle, or the reverse) stays
 * open while either purchase does (the earliest still open is kept). The courses absent from the
 * answer close; a membership or a grant may still open them (decideAccess).
 */
export function coursesStillOpened(closing: readonly number[], others: readonly PurchaseOfCourse[]): Map<number, number> {
  const kept = new Map<number, number>();
  for (const courseId of closing) {
    const other = others.find((p) => p.courseId === courseId && purchaseStillOpens(p));
    if (other) kept.set(courseId, other.orderId);
  }
  return kept;
}
