import { describe, expect, it } from 'vitest';
import { savingIn, separatelyIn } from './bundleMoney';

const price = (region: string, amount: number) => ({ region, currency: region === 'IN' ? 'INR' : 'USD', amount, regular_amount: amount });
const drf = { id: 1, title: 'Django REST Framework', prices: [price('US', 49.99), price('IN', 1999)] };
const shop = { id: 2, title: 'Django E-commerce', prices: [price('US', 59.99)] };

describe('a bundle against its courses bought one by one', () => {
  it('adds the courses in minor units (no float drift) and names the ones without a price in the region', () => {
    expect(separatelyIn([drf, shop], 'US')).toEqual({ total: 109.98, missing: [] });
    expect(separatelyIn([drf, shop], 'IN')).toEqual({ total: null, missing: ['Django E-commerce'] });
  });

  it('shows the saving and its whole percent, nothing below zero, and nothing for a price not typed yet', () => {
    expect(savingIn(79.99, [drf, shop], 'US')).toEqual({ kind: 'saving', separately: 109.98, saving: 29.99, percent: 27 });
    expect(savingIn(109.98, [drf, shop], 'US')).toEqual({ kind: 'no-saving', separately: 109.98 });
    expect(savingIn(150, [drf, shop], 'US')).toEqual({ kind: 'no-saving', separately: 109.98 });
    expect(savingIn(Number.NaN, [drf, shop], 'US')).toEqual({ kind: 'none' });
    expect(savingIn(undefined, [drf, shop], 'US')).toEqual({ kind: 'none' });
    expect(savingIn(20, [], 'US')).toEqual({ kind: 'none' });
    expect(savingIn(1500, [drf, shop], 'IN')).toEqual({ kind: 'missing', titles: ['Django E-commerce'] });
    expect(savingIn(undefined, [drf, shop], 'IN')).toEqual({ kind: 'missing', titles: ['Django E-commerce'] });
  });
});
