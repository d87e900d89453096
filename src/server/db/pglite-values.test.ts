/**
 * The embedded database reads values as drizzle asks: timestamps, dates and intervals (and their
 * arrays) as PostgreSQL's text, numbers and JSON parsed, the same inside a transaction. client.ts
 * sets drizzle's text parsers on PGlite once instead of passing them with every query; this keeps
 * that shortcut honest through a drizzle or PGlite upgrade.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openMigratedDatabase } from '../../../test/helpers.js';
import type { DatabaseHandle } from './client.js';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openMigratedDatabase();
});
afterAll(() => handle.close());

const values = sql`select timestamptz '2026-11-27 10:00:00+00' as at, date '2026-11-27' as day, interval '1 day' as span,
  array[timestamptz '2026-11-27 10:00:00+00'] as ats, array[1.5]::numeric[] as amounts, 2::int8 as big, 3 as n, '{"x":1}'::jsonb as doc`;
const expected = {
  at: '2026-11-27 10:00:00+00',
  day: '2026-11-27',
  span: '1 day',
  ats: '{"2026-11-27 10:00:00+00"}',
  amounts: '{1.5}',
  big: 2,
  n: 3,
  doc: { x: 1 },
};
const rowsOf = (result: unknown) => (result as { rows: unknown[] }).rows;

it('reads timestamps, dates and intervals as text, numbers and JSON parsed, in and out of a transaction', async () => {
  expect(rowsOf(await handle.db.execute(values))).toEqual([expected]);
  await handle.db.transaction(async (tx) => {
    expect(rowsOf(await tx.execute(values))).toEqual([expected]);
    await tx.transaction(async (inner) => expect(rowsOf(await inner.execute(values))).toEqual([expected]));
  });
  // And again once the client holds the parsers: the first query set them.
  expect(rowsOf(await handle.db.execute(values))).toEqual([expected]);
});
