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
