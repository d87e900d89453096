// What a purchase opens after refunds, as plain data: a partial refund keeps access, the last of
// what was paid closes it, and a course bought twice (alone and in a bundle) stays open while
// another purchase of it does. No app, no database (the scenarios are in orders/bundles.test.ts).
import { describe, expect, it } from 'vitest';
import { coursesStillOpened, purchaseStillOpens, type PurchaseOfCourse } from './purchase.js';

describe('purchaseStillOpens', () => {
  it.each([
    [{ paid: 4900, refunded: 0, refunds: 0 }, true],
    [{ paid: 4900, refunded: 1000, refunds: 1 }, true],
    [{ paid: 4900, refunded: 4900, refunds: 2 }, false],
    [{ paid: 0, refunded: 0, refunds: 0 }, true],
    [{ paid: 0, refunded: 0, refunds: 1 }, false],
  ])('%o → %s', (purchase, opens) => expect(purchaseStillOpens(purchase)).toBe(opens));
});

describe('coursesStillOpened: a closing purchase keeps what another purchase still pays for', () => {
  const other = (orderId: number, courseId: number, refunded = 0, refunds = 0): PurchaseOfCourse => ({ orderId, courseId, paid: 4900, refunded, refunds });

  it('keeps a course another open purchase bought, by that purchase', () => {
    expect(coursesStillOpened([1, 2], [other(7, 1)])).toEqual(new Map([[1, 7]]));
  });
  it('keeps it through a purchase refunded only in part', () => {
    expect(coursesStillOpened([1], [other(7, 1, 1000, 1)])).toEqual(new Map([[1, 7]]));
  });
  it('closes it when the other purchase was refunded in full too', () => {
    expect(coursesStillOpened([1], [other(7, 1, 4900, 1)])).toEqual(new Map());
  });
  it('closes every course no other purchase bought', () => {
    expect(coursesStillOpened([1, 2], [other(7, 3)])).toEqual(new Map());
  });
  it('takes the first open purchase of a course bought more than twice', () => {
    expect(coursesStillOpened([1], [other(7, 1, 4900, 1), other(8, 1), other(9, 1)])).toEqual(new Map([[1, 8]]));
  });
});
