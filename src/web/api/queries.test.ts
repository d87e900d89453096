import { describe, expect, it } from 'vitest';
import { accountQueries } from './accounts';
import { cartQueries } from './cart';
import { catalogQueries } from './catalog';
import { learningQueries } from './learning';
import { orderQueries } from './orders';
import { projectQueries } from './projects';
import { reviewQueries } from './reviews';
import { siteQueries } from './site';
import { subscriptionQueries } from './subscriptions';

/**
 * A cache entry has one shape: the one its query factory's queryFn returns. Two factories that
 * built the same key would share an entry in two shapes (the checkout-then-profile crash of issue 9).
 * Every module's factories start their keys with the module's name and a resource of their own.
 */
const modules = {
  accounts: accountQueries,
  cart: cartQueries,
  catalog: catalogQueries,
  learning: learningQueries,
  orders: orderQueries,
  projects: projectQueries,
  reviews: reviewQueries,
  site: siteQueries,
  subscriptions: subscriptionQueries,
};

/** Placeholder arguments: only the first two key segments are compared. */
type Factory = (...args: string[]) => { queryKey: readonly unknown[] };

describe('query factories', () => {
  const rows = Object.entries(modules).flatMap(([module, factories]) =>
    Object.entries(factories as Record<string, Factory>).map(([name, factory]) => ({ module, name, key: factory('', '', '').queryKey })),
  );

  it('covers every module', () => {
    expect(rows.length).toBeGreaterThan(15);
  });

  it.each(rows)('$module.$name starts its key with its module', ({ module, key }) => {
    expect(key[0]).toBe(module);
    expect(typeof key[1]).toBe('string');
  });

  it('gives every resource its own key', () => {
    const resources = rows.map(({ key }) => `${String(key[0])}/${String(key[1])}`);
    const repeated = resources.filter((resource, index) => resources.indexOf(resource) !== index);
    expect(repeated).toEqual([]);
  });
});
