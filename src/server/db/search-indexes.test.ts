import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { rowsOf } from './client.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The plan PostgreSQL picks for a query when a full scan is not an option (so only an index that fits can serve it). */
async function planWithoutSeqScan(query: string): Promise<string> {
  return t.handle.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    return rowsOf<Record<string, string>>(await tx.execute(sql.raw(`explain ${query}`)))
      .map((row) => Object.values(row).join(' '))
      .join('\n');
  });
}

describe('search indexes', () => {
  // The studio searches orders and students by "%text%" in an email or a name: without pg_trgm's
  // indexes that is a scan of every row (about 100 ms at 100,000 orders, growing with the shop).
  it.each([
    ['orders', 'email'],
    ['orders', 'full_name'],
    ['users', 'email'],
    ['users', 'full_name'],
  ])('a "%%text%%" search of %s.%s can use its trigram index', async (table, column) => {
    const plan = await planWithoutSeqScan(`select id from "${table}" where "${column}" ilike '%verma@exa%'`);
    expect(plan).toContain(`${table}_${column}_trgm_idx`);
  });
});
