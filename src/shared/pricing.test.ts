import { describe, expect, it } from 'vitest';
import { amountOffIn, applicablePrice, applyDiscount, percentOff, quote, splitTotal, subtotalOf, toMajor, toMinor, type StoredPrice } from './pricing';

describe('minor units', () => {
  it('converts without floating-point drift in every region currency (two decimals)', () => {
    expect(toMinor(0.1 + 0.2)).toBe(30);
    expect(toMinor(49.99)).toBe(4999);
    expect(toMinor(3499)).toBe(349900);
    expect(toMajor(4999)).toBe(49.99);
    expect(toMajor(349900)).toBe(3499);
    expect(subtotalOf([1999, 2999, 1])).toBe(4999);
    expect(subtotalOf([])).toBe(0);
  });
});

describe('applyDiscount', () => {
  it('rounds the discount to the minor unit, half up', () => {
    expect(applyDiscount(4999, 33)).toEqual({ discount: 1650, total: 3349 });
    expect(applyDiscount(4999, 50)).toEqual({ discount: 2500, total: 2499 });
    expect(applyDiscount(3999, 10)).toEqual({ discount: 400, total: 3599 });
    expect(applyDiscount(349900, 15)).toEqual({ discount: 52485, total: 297415 });
  });

  it('cannot go over 100% or below 0%: the total stays between 0 and the subtotal', () => {
    expect(applyDiscount(4999, 100)).toEqual({ discount: 4999, total: 0 });
    expect(applyDiscount(4999, 150)).toEqual({ discount: 4999, total: 0 });
    expect(applyDiscount(4999, -20)).toEqual({ discount: 0, total: 4999 });
    expect(applyDiscount(4999, Number.NaN)).toEqual({ discount: 0, total: 4999 });
    expect(applyDiscount(0, 50)).toEqual({ discount: 0, total: 0 });
  });
});

describe('quote', () => {
  const lines = [
    { courseId: 1, price: 4999 },
    { courseId: 2, price: 2999 },
  ];

  it('is the sum of the lines without a coupon', () => {
    expect(quote(lines)).toEqual({ subtotal: 7998, eligible: 0, discount: 0, total: 7998 });
    expect(quote([])).toEqual({ subtotal: 0, eligible: 0, discount: 0, total: 0 });
  });

  it('discounts every line, or only the lines of the courses a coupon names', () => {
    expect(quote(lines, { percentage: 10 })).toEqual({ subtotal: 7998, eligible: 7998, discount: 800, total: 7198 });
    expect(quote(lines, { percentage: 50, courseIds: new Set([2]) })).toEqual({ subtotal: 7998, eligible: 2999, discount: 1500, total: 6498 });
    expect(quote(lines, { percentage: 50, courseIds: [3] })).toEqual({ subtotal: 7998, eligible: 0, discount: 0, total: 7998 });
    expect(quote(lines, { percentage: 250 })).toEqual({ subtotal: 7998, eligible: 7998, discount: 7998, total: 0 });
  });
});

describe('fixed-amount coupons', () => {
  const lines = [
    { courseId: 1, price: 4999 },
    { courseId: 2, price: 2999 },
  ];

  it.each([
    ['$10 off everything', { amountOff: 1000 }, { subtotal: 7998, eligible: 7998, discount: 1000, total: 6998 }],
    ['$10 off one course', { amountOff: 1000, courseIds: [2] }, { subtotal: 7998, eligible: 2999, discount: 1000, total: 6998 }],
    ['more than the course it names: only that course', { amountOff: 5000, courseIds: [2] }, { subtotal: 7998, eligible: 2999, discount: 2999, total: 4999 }],
    ['more than the whole cart: never below zero', { amountOff: 100_000 }, { subtotal: 7998, eligible: 7998, discount: 7998, total: 0 }],
    ['a course not in the cart', { amountOff: 1000, courseIds: [3] }, { subtotal: 7998, eligible: 0, discount: 0, total: 7998 }],
    ['a negative amount', { amountOff: -500 }, { subtotal: 7998, eligible: 7998, discount: 0, total: 7998 }],
    ['a fraction of a cent', { amountOff: 999.6 }, { subtotal: 7998, eligible: 7998, discount: 1000, total: 6998 }],
    ['an amount wins over a percentage', { amountOff: 1000, percentage: 100 }, { subtotal: 7998, eligible: 7998, discount: 1000, total: 6998 }],
  ])('%s', (_name, coupon, expected) => {
    expect(quote(lines, coupon)).toEqual(expected);
  });

  it('has an amount per currency, and none in a currency it was not given', () => {
    const amounts = { USD: 1000, INR: 80000 };
    expect(amountOffIn(amounts, 'USD')).toBe(1000);
    expect(amountOffIn(amounts, 'inr')).toBe(80000);
    expect(amountOffIn(amounts, 'GBP')).toBeUndefined();
    expect(amountOffIn({ EUR: 0 }, 'EUR')).toBeUndefined();
    expect(amountOffIn(null, 'USD')).toBeUndefined();
  });
});

describe('splitTotal', () => {
  it('shares a discounted total across the lines so that the parts add up to it exactly', () => {
    const lines = [{ price: 4999 }, { price: 2999 }, { price: 1 }];
    for (const total of [7999, 7199, 1, 0]) {
      const parts = splitTotal(lines, total);
      expect(parts).toHaveLength(3);
      expect(parts.reduce((s, p) => s + p.amount, 0)).toBe(total);
      expect(parts.every((p) => p.amount >= 0)).toBe(true);
    }
    expect(splitTotal(lines, 7999).map((p) => p.amount)).toEqual([4999, 2999, 1]);
  });
});

describe('percentOff', () => {
  it('is the whole percent saved against the regular price, 0 when there is none', () => {
    expect(percentOff(4999, 8999)).toBe(44);
    expect(percentOff(65, 100)).toBe(35);
    expect(percentOff(100, 100)).toBe(0);
    expect(percentOff(120, 100)).toBe(0);
    expect(percentOff(0, 0)).toBe(0);
  });
});

describe('applicablePrice', () => {
  const own: StoredPrice = { amount: 349900, currency: 'INR', region: 'IN' };
  const fallback: StoredPrice = { amount: 4999, currency: 'USD', region: 'US' };
  it("takes the visitor's region's price, else the default region's", () => {
    expect(applicablePrice(own, fallback)).toBe(own);
    expect(applicablePrice({ ...own, amount: null }, fallback)).toBe(fallback);
    expect(applicablePrice(null, { ...fallback, amount: null })).toBeUndefined();
  });
});

describe('rounding in each region currency (all two decimals)', () => {
  // [currency, major amount, minor units, 15 % coupon: discount, total]
  const cases: [string, number, number, number, number][] = [
    ['USD', 49.99, 4999, 750, 4249],
    ['INR', 3499, 349900, 52485, 297415],
    ['GBP', 0.03, 3, 0, 3],
    ['EUR', 19.9, 1990, 299, 1691],
  ];

  it.each(cases)('%s %s: %s minor units, 15 %% off takes %s, leaves %s', (_currency, major, minor, discount, total) => {
    expect(toMinor(major)).toBe(minor);
    expect(toMajor(minor)).toBe(major);
    expect(applyDiscount(minor, 15)).toEqual({ discount, total });
  });

  it.each([
    [1, 50, 1, 0],
    [3, 50, 2, 1],
    [5, 10, 1, 4],
    [4, 10, 0, 4],
    [1999, 25, 500, 1499],
  ])('%s minor units, %s %% off: a half minor unit rounds up (discount %s, total %s)', (subtotal, percentage, discount, total) => {
    expect(applyDiscount(subtotal, percentage)).toEqual({ discount, total });
  });

  it('rounds a half minor unit of a major amount up', () => {
    expect(toMinor(0.125)).toBe(13);
    expect(toMinor(0.375)).toBe(38);
  });
});

describe('0 % and 100 % coupons, and never below zero', () => {
  const lines = [
    { courseId: 1, price: 4999 },
    { courseId: 2, price: 2999 },
  ];

  it.each([
    ['0 % on everything', { percentage: 0 }, { subtotal: 7998, eligible: 7998, discount: 0, total: 7998 }],
    ['100 % on everything', { percentage: 100 }, { subtotal: 7998, eligible: 7998, discount: 7998, total: 0 }],
    ['100 % on one course', { percentage: 100, courseIds: [1] }, { subtotal: 7998, eligible: 4999, discount: 4999, total: 2999 }],
    ['0 % on one course', { percentage: 0, courseIds: [2] }, { subtotal: 7998, eligible: 2999, discount: 0, total: 7998 }],
    ['over 100 % on one course', { percentage: 400, courseIds: [2] }, { subtotal: 7998, eligible: 2999, discount: 2999, total: 4999 }],
    ['a negative percentage', { percentage: -50 }, { subtotal: 7998, eligible: 7998, discount: 0, total: 7998 }],
    ['an infinite percentage', { percentage: Number.POSITIVE_INFINITY }, { subtotal: 7998, eligible: 7998, discount: 0, total: 7998 }],
  ])('%s', (_name, coupon, expected) => {
    expect(quote(lines, coupon)).toEqual(expected);
  });

  it('splits a zero total into zero parts, and a total over free lines onto the last line', () => {
    expect(splitTotal(lines, 0).map((p) => p.amount)).toEqual([0, 0]);
    expect(splitTotal([{ price: 0 }, { price: 0 }], 0).map((p) => p.amount)).toEqual([0, 0]);
    expect(splitTotal([{ price: 0 }, { price: 0 }], 100).map((p) => p.amount)).toEqual([0, 100]);
  });
});
