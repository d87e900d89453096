// The ownership rule as plain data: an owner and a viewer in, the answer out. No app, no database
// (the scenarios through the routes are in not-yours.test.ts).
import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.js';
import { isOwnedBy, ownedBy } from './ownership.js';

const owner = { userId: 7, isAdmin: false };
const someoneElse = { userId: 8, isAdmin: false };
const admin = { userId: 1, isAdmin: true };

describe('isOwnedBy', () => {
  const cases: [string, number | null | undefined, { userId: number; isAdmin: boolean } | undefined, boolean][] = [
    ['the owner', 7, owner, true],
    ['another user', 7, someoneElse, false],
    ['an admin who is not the owner (the studio has its own routes)', 7, admin, false],
    ['an admin who is the owner', 1, admin, true],
    ['a visitor who is not signed in', 7, undefined, false],
    ['a thing with no owner (a guest cart), signed in', null, owner, false],
    ['a thing with no owner, not signed in', null, undefined, false],
    ['an unknown owner', undefined, owner, false],
  ];

  it.each(cases)('%s', (_name, ownerId, viewer, owned) => {
    expect(isOwnedBy(ownerId, viewer)).toBe(owned);
  });
});

describe('ownedBy', () => {
  const order = { id: 3, userId: 7, orderNumber: 'ORD-1' };

  it("answers the owner's thing itself", () => {
    expect(ownedBy(order, owner, 'Order not found.')).toBe(order);
  });

  const refused: [string, typeof order | null | undefined, { userId: number; isAdmin: boolean } | undefined][] = [
    ["someone else's", order, someoneElse],
    ["someone else's, asked by an admin", order, admin],
    ['asked without a sign-in', order, undefined],
    ['missing (null)', null, owner],
    ['missing (undefined)', undefined, owner],
  ];

  it.each(refused)("%s: 404 with the resource's not-found message, the same for every case", (_name, thing, viewer) => {
    let thrown: unknown;
    try {
      ownedBy(thing, viewer, 'Order not found.');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(AppError);
    expect(thrown).toMatchObject({ code: 'not_found', message: 'Order not found.', body: { detail: 'Order not found.' } });
  });

  it("throws the resource's own 404 when it has a shape of its own", () => {
    const notFound = () => new AppError('not_found', 'No such membership.', { detail: 'No such membership.', error: 'No such membership.' });
    expect(() => ownedBy({ userId: 7 }, someoneElse, notFound)).toThrow(
      expect.objectContaining({ code: 'not_found', body: { detail: 'No such membership.', error: 'No such membership.' } }),
    );
    expect(ownedBy({ userId: 7 }, owner, notFound)).toEqual({ userId: 7 });
  });
});
