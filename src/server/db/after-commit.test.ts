import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMigratedDatabase } from '../../../test/helpers.js';
import { afterCommit, rowsOf, type DatabaseHandle } from './client.js';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openMigratedDatabase();
  await handle.db.execute(sql`create temporary table t (n int)`);
});
afterAll(() => handle.close());

const count = async () => {
  return Number(rowsOf<{ n: number }>(await handle.db.execute(sql`select count(*)::int as n from t`))[0]!.n);
};

describe('afterCommit', () => {
  it('runs at once outside a transaction', () => {
    let ran = false;
    afterCommit(handle.db, () => (ran = true));
    expect(ran).toBe(true);
  });

  it('runs once the transaction has committed, never inside it', async () => {
    const seen: string[] = [];
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into t values (1)`);
      afterCommit(tx, () => seen.push('after commit'));
      seen.push('inside');
    });
    expect(seen).toEqual(['inside', 'after commit']);
    expect(await count()).toBe(1);
  });

  it('never runs when the transaction rolls back', async () => {
    let ran = false;
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.execute(sql`insert into t values (2)`);
        afterCommit(tx, () => (ran = true));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(ran).toBe(false);
    expect(await count()).toBe(1);
  });

  it('waits for the outermost commit when called inside a savepoint', async () => {
    const seen: string[] = [];
    await handle.db.transaction(async (tx) => {
      await tx.transaction(async (inner) => {
        afterCommit(inner, () => seen.push('after the outer commit'));
      });
      seen.push('savepoint released, still inside');
    });
    expect(seen).toEqual(['savepoint released, still inside', 'after the outer commit']);
  });
});
