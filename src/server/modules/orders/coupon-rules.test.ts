// The coupon rule as plain data: no app, no database. The checkout scenarios (a coupon refused,
// a use given back when an order fails) are in commerce.test.ts.
import { describe, expect, it } from 'vitest';
import type { CouponState } from '../../../shared/coupons.js';
import { appliesToCourses, buyerMayUse, couponState, holdsCouponUse } from './coupons.js';

describe('holdsCouponUse: which order statuses hold a use of their coupon', () => {
  const cases: [Parameters<typeof holdsCouponUse>[0], boolean][] = [
    ['Pending', true],
    ['Paid', true],
    ['Failed', false],
    ['Cancelled', false],
    ['Refunded', false],
  ];

  it.each(cases)('%s holds a use: %s', (status, holds) => {
    expect(holdsCouponUse(status)).toBe(holds);
  });
});

describe('couponState: whether a coupon works at all now', () => {
  const now = new Date('2026-06-15T12:00:00Z');
  const at = (ms: number) => new Date(now.getTime() + ms);
  const open = { isActive: true, expiresAt: null, maxUses: null, usedCount: 0 };
  const cases: [string, Parameters<typeof couponState>[0], CouponState][] = [
    ['no expiry, no limit', open, 'active'],
    ['no limit, used many times', { ...open, usedCount: 10_000 }, 'active'],
    ['expires in a second', { ...open, expiresAt: at(1000) }, 'active'],
    ['expires this very moment', { ...open, expiresAt: now }, 'expired'],
    ['expired a second ago', { ...open, expiresAt: at(-1000) }, 'expired'],
    ['one use left', { ...open, maxUses: 5, usedCount: 4 }, 'active'],
    ['limit reached', { ...open, maxUses: 5, usedCount: 5 }, 'used_up'],
    ['over its limit (uses held by pending checkouts)', { ...open, maxUses: 1, usedCount: 2 }, 'used_up'],
    ['switched off', { ...open, isActive: false }, 'disabled'],
    ['switched off beats expired', { isActive: false, expiresAt: at(-1000), maxUses: 1, usedCount: 1 }, 'disabled'],
    ['expired beats used up', { isActive: true, expiresAt: at(-1000), maxUses: 1, usedCount: 1 }, 'expired'],
  ];

  it.each(cases)('%s', (_name, coupon, state) => {
    expect(couponState(coupon, now)).toBe(state);
  });
});

describe("buyerMayUse: the buyer's own limit", () => {
  const cases: [string, number | null, number, boolean][] = [
    ['once per buyer, never used', 1, 0, true],
    ['once per buyer, used once', 1, 1, false],
    ['three per buyer, used twice', 3, 2, true],
    ['three per buyer, used three times', 3, 3, false],
    ['no limit per buyer', null, 50, true],
  ];

  it.each(cases)('%s', (_name, maxUsesPerUser, used, may) => {
    expect(buyerMayUse(maxUsesPerUser, used)).toBe(may);
  });
});

describe('appliesToCourses: a coupon limited to some courses', () => {
  const cases: [string, Set<number> | null, number[] | undefined, boolean][] = [
    ['unlimited coupon, any cart', null, [1, 2], true],
    ['limited coupon, the cart holds one of its courses', new Set([2, 9]), [1, 2], true],
    ['limited coupon, none of its courses in the cart', new Set([9]), [1, 2], false],
    ['limited coupon, an empty cart', new Set([9]), [], false],
    ['limited coupon, no cart to check (the code alone)', new Set([9]), undefined, true],
  ];

  it.each(cases)('%s', (_name, couponCourseIds, cart, applies) => {
    expect(appliesToCourses(couponCourseIds, cart)).toBe(applies);
  });
});
