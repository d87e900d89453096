// The membership rules as plain data: no app, no database. currency-parity.test.ts holds the SQL
// twin of isMembershipCurrent to the same cases; the member-facing scenarios are in the other tests here.
import { describe, expect, it } from 'vitest';
import { isMembershipCurrent, membershipDates, periodStartOf, RENEWAL_SETTLE_MS, unusedCredit, type MembershipDates, type MembershipState } from './rules.js';

const now = new Date('2026-06-15T12:00:00Z');
const at = (ms: number) => new Date(now.getTime() + ms);
const DAY = 24 * 60 * 60 * 1000;
const membership = (m: Partial<MembershipState>): MembershipState => ({ status: 'active', endDate: null, graceUntil: null, autoRenew: true, ...m });

describe('isMembershipCurrent', () => {
  const cases: [string, MembershipState, boolean][] = [
    ['lifetime', membership({ autoRenew: false }), true],
    ['renewing, paid through next month', membership({ endDate: at(30 * DAY) }), true],
    ['renewing, period ended a moment ago (settle window)', membership({ endDate: at(-1) }), true],
    ['renewing, last moment of the settle window', membership({ endDate: at(-RENEWAL_SETTLE_MS + 1) }), true],
    ['renewing, settle window just over', membership({ endDate: at(-RENEWAL_SETTLE_MS) }), false],
    ['auto-renewal off, last moment of the period', membership({ endDate: at(1), autoRenew: false }), true],
    ['auto-renewal off, period ends now (no settle window)', membership({ endDate: now, autoRenew: false }), false],
    ['past due, in grace', membership({ status: 'past_due', endDate: at(-2 * DAY), graceUntil: at(1) }), true],
    ['past due, grace ends now', membership({ status: 'past_due', endDate: at(-2 * DAY), graceUntil: now }), false],
    ['past due without a grace date', membership({ status: 'past_due', endDate: at(10 * DAY) }), false],
    ['cancelled (refunded) with time left on the period', membership({ status: 'cancelled', endDate: at(20 * DAY) }), false],
    ['expired', membership({ status: 'expired', endDate: at(-30 * DAY) }), false],
    ['pending checkout', membership({ status: 'pending' }), false],
    ['failed checkout', membership({ status: 'failed' }), false],
  ];

  it.each(cases)('%s', (_name, state, current) => {
    expect(isMembershipCurrent(state, now)).toBe(current);
  });
});

describe('membershipDates', () => {
  const endedAt = at(-3 * DAY);
  const cases: [string, MembershipState & { endedAt?: Date | null }, MembershipDates][] = [
    ['pending: never paid', membership({ status: 'pending', endDate: at(30 * DAY) }), { phase: 'none', paidThrough: null, graceUntil: null, endedOn: null }],
    ['failed: never paid', membership({ status: 'failed' }), { phase: 'none', paidThrough: null, graceUntil: null, endedOn: null }],
    ['lifetime', membership({ autoRenew: false }), { phase: 'lifetime', paidThrough: null, graceUntil: null, endedOn: null }],
    ['renewing', membership({ endDate: at(30 * DAY) }), { phase: 'renewing', paidThrough: at(30 * DAY), graceUntil: null, endedOn: null }],
    [
      'renewing, inside the settle window',
      membership({ endDate: at(-DAY / 2) }),
      { phase: 'renewing', paidThrough: at(-DAY / 2), graceUntil: null, endedOn: null },
    ],
    [
      'ending: auto-renewal off',
      membership({ endDate: at(5 * DAY), autoRenew: false }),
      { phase: 'ending', paidThrough: at(5 * DAY), graceUntil: null, endedOn: null },
    ],
    [
      'retrying: a renewal failed, in grace',
      membership({ status: 'past_due', endDate: at(-2 * DAY), graceUntil: at(5 * DAY) }),
      { phase: 'retrying', paidThrough: at(-2 * DAY), graceUntil: at(5 * DAY), endedOn: null },
    ],
    [
      'ended: grace over, no ending recorded yet',
      membership({ status: 'past_due', endDate: at(-9 * DAY), graceUntil: at(-DAY) }),
      { phase: 'ended', paidThrough: at(-9 * DAY), graceUntil: null, endedOn: at(-DAY) },
    ],
    [
      'ended: period over, auto-renewal off, no ending recorded yet',
      membership({ endDate: at(-DAY), autoRenew: false }),
      { phase: 'ended', paidThrough: at(-DAY), graceUntil: null, endedOn: at(-DAY) },
    ],
    [
      'ended: expired, the recorded ending wins',
      { ...membership({ status: 'expired', endDate: at(-5 * DAY) }), endedAt },
      { phase: 'ended', paidThrough: at(-5 * DAY), graceUntil: null, endedOn: endedAt },
    ],
    [
      'ended: refunded before the period was over',
      { ...membership({ status: 'cancelled', endDate: at(20 * DAY) }), endedAt },
      { phase: 'ended', paidThrough: at(20 * DAY), graceUntil: null, endedOn: endedAt },
    ],
    [
      'ended: cancelled lifetime, nothing recorded: ended now',
      membership({ status: 'cancelled', autoRenew: false }),
      { phase: 'ended', paidThrough: null, graceUntil: null, endedOn: now },
    ],
  ];

  it.each(cases)('%s', (_name, state, dates) => {
    expect(membershipDates(state, now)).toEqual(dates);
  });
});

describe('periodStartOf', () => {
  const cases: [string, string, 'monthly' | 'yearly', string][] = [
    ['a month before, same day', '2026-06-15T12:00:00Z', 'monthly', '2026-05-15T12:00:00Z'],
    ['across a year end', '2026-01-10T08:30:00Z', 'monthly', '2025-12-10T08:30:00Z'],
    ['clamped to the end of a shorter month', '2026-03-31T00:00:00Z', 'monthly', '2026-02-28T00:00:00Z'],
    ['clamped in a leap year', '2028-03-30T00:00:00Z', 'monthly', '2028-02-29T00:00:00Z'],
    ['a year before', '2026-06-15T12:00:00Z', 'yearly', '2025-06-15T12:00:00Z'],
    ['a year before the 29th of February', '2028-02-29T00:00:00Z', 'yearly', '2027-02-28T00:00:00Z'],
  ];

  it.each(cases)('%s', (_name, end, planType, start) => {
    expect(periodStartOf(new Date(end), planType).toISOString()).toBe(new Date(start).toISOString());
  });
});

describe('unusedCredit', () => {
  // A 30-day month (2026-06-01 → 2026-07-01), 15 days used at `now`.
  const monthly = { ...membership({ endDate: new Date('2026-07-01T00:00:00Z') }), amount: 3000 };
  const halfway = new Date('2026-06-16T00:00:00Z');
  const cases: [string, Parameters<typeof unusedCredit>[0], Parameters<typeof unusedCredit>[1], Date, { amount: number; days: number }][] = [
    ['half a month left', monthly, 'monthly', halfway, { amount: 1500, days: 15 }],
    ['the whole month left', monthly, 'monthly', new Date('2026-06-01T00:00:00Z'), { amount: 3000, days: 30 }],
    ['rounded to the minor unit', { ...monthly, amount: 999 }, 'monthly', halfway, { amount: 500, days: 15 }],
    ['auto-renewal off still credits the paid time', { ...monthly, autoRenew: false }, 'monthly', halfway, { amount: 1500, days: 15 }],
    ['nothing inside the settle window (never below zero)', monthly, 'monthly', new Date('2026-07-01T01:00:00Z'), { amount: 0, days: 0 }],
    ['nothing for a lifetime plan', monthly, 'lifetime', halfway, { amount: 0, days: 0 }],
    ['nothing for an unknown plan', monthly, undefined, halfway, { amount: 0, days: 0 }],
    ['nothing while past due', { ...monthly, status: 'past_due', graceUntil: new Date('2026-07-08T00:00:00Z') }, 'monthly', halfway, { amount: 0, days: 0 }],
    ['nothing once cancelled', { ...monthly, status: 'cancelled' }, 'monthly', halfway, { amount: 0, days: 0 }],
  ];

  it.each(cases)('%s', (_name, state, planType, when, credit) => {
    expect(unusedCredit(state, planType, when)).toEqual(credit);
  });
});
