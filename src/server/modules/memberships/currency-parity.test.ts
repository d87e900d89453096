import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../../test/helpers.js';
import type { DatabaseHandle } from '../../db/client.js';
import { FREE_PRICES, insertPlan } from '../../db/seed/factories.js';
import { subscriptions, users } from '../../db/schema/index.js';
import { selectCurrentMembershipIds } from './queries.js';
import { isMembershipCurrent, RENEWAL_SETTLE_MS, type MembershipState } from './rules.js';

// Membership currency is decided twice: isMembershipCurrent (rules.ts, what access asks) and its SQL
// twin in queries.ts (the studio's states, the plan counts). The same table of cases through both.
const now = new Date('2026-06-15T12:00:00Z');
const at = (ms: number) => new Date(now.getTime() + ms);
const DAY = 24 * 60 * 60 * 1000;

const cases: [string, MembershipState, boolean][] = [
  ['active, paid through next month', { status: 'active', endDate: at(30 * DAY), graceUntil: null, autoRenew: true }, true],
  ['cancelled auto-renewal but paid through', { status: 'active', endDate: at(3 * DAY), graceUntil: null, autoRenew: false }, true],
  ['cancelled auto-renewal, period over', { status: 'active', endDate: at(-1000), graceUntil: null, autoRenew: false }, false],
  ['renewing, inside the settle window', { status: 'active', endDate: at(-1000), graceUntil: null, autoRenew: true }, true],
  ['renewing, past the settle window', { status: 'active', endDate: at(-RENEWAL_SETTLE_MS - 1000), graceUntil: null, autoRenew: true }, false],
  ['in grace after a failed renewal', { status: 'past_due', endDate: at(-2 * DAY), graceUntil: at(5 * DAY), autoRenew: true }, true],
  ['grace over', { status: 'past_due', endDate: at(-9 * DAY), graceUntil: at(-1000), autoRenew: true }, false],
  ['past due without grace', { status: 'past_due', endDate: at(-2 * DAY), graceUntil: null, autoRenew: true }, false],
  ['expired', { status: 'expired', endDate: at(-30 * DAY), graceUntil: null, autoRenew: false }, false],
  ['lifetime', { status: 'active', endDate: null, graceUntil: null, autoRenew: false }, true],
  ['refunded (cancelled at once)', { status: 'cancelled', endDate: at(20 * DAY), graceUntil: null, autoRenew: false }, false],
  ['checkout never paid', { status: 'pending', endDate: null, graceUntil: null, autoRenew: true }, false],
  ['payment failed', { status: 'failed', endDate: null, graceUntil: null, autoRenew: true }, false],
];

describe('membership currency: isMembershipCurrent and its SQL twin agree', () => {
  let handle: DatabaseHandle;
  const ids = new Map<string, number>();

  beforeAll(async () => {
    handle = await openTestDatabase();
    const plan = await insertPlan(handle.db, {
      name: 'Parity plan',
      planType: 'monthly',
      description: 'x',
      features: [],
      prices: FREE_PRICES,
      isActive: false,
    });
    for (const [index, [name, state]] of cases.entries()) {
      const [user] = await handle.db
        .insert(users)
        .values({ username: `parity${index}`, email: `parity${index}@example.com`, fullName: 'Parity Case' })
        .returning({ id: users.id });
      const [row] = await handle.db
        .insert(subscriptions)
        .values({ userId: user!.id, planId: plan.id, paymentMethod: 'manual', region: 'US', currency: 'USD', amount: 0, ...state })
        .returning({ id: subscriptions.id });
      ids.set(name, row!.id);
    }
  });
  afterAll(() => handle?.close());

  it.each(cases)('%s', async (name, state, expected) => {
    const bySql = (await selectCurrentMembershipIds(handle.db, now)).some((row) => row.id === ids.get(name));
    expect({ typescript: isMembershipCurrent(state, now), sql: bySql }).toEqual({ typescript: expected, sql: expected });
  });
});
