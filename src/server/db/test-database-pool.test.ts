import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/helpers.js';
import { rowsOf, type Database } from './client.js';

/** Every table's rows and every sequence's position, as one comparable value. */
async function fingerprint(db: Database): Promise<Record<string, string>> {
  const tables = rowsOf<{ name: string }>(await db.execute(sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`));
  const result: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = rowsOf<{ digest: string | null }>(
      await db.execute(sql.raw(`select md5(string_agg(t::text, '|' order by t::text)) as digest from public."${name}" t`)),
    );
    result[name] = row?.digest ?? 'empty';
  }
  const sequences = rowsOf<{ name: string; last_value: string | null }>(
    await db.execute(sql`select sequencename as name, last_value::text from pg_sequences where schemaname = 'public' order by sequencename`),
  );
  for (const row of sequences) result[`sequence ${row.name}`] = row.last_value ?? 'unused';
  return result;
}

describe('the test database pool (test/database-pool.ts)', () => {
  it('hands the next file the database exactly as the dump had it, whatever the last one wrote', async () => {
    const first = await openTestDatabase();
    const before = await fingerprint(first.db);
    await first.db.execute(sql`insert into users (username, email, full_name) values ('pool', 'pool@example.com', 'Zofia Łukasiewicz')`);
    await first.db.execute(sql`update courses set title = 'changed' where id = (select min(id) from courses)`);
    await first.db.execute(sql`delete from client_reviews`);
    await first.db.execute(sql`set statement_timeout = 1234`);
    expect(await fingerprint(first.db)).not.toEqual(before);
    await first.close();
    // The handle that was closed no longer reaches the database.
    await expect(first.db.execute(sql`select 1`)).rejects.toThrow();

    const next = await openTestDatabase();
    expect(await fingerprint(next.db)).toEqual(before);
    expect(rowsOf<{ statement_timeout: string }>(await next.db.execute(sql`show statement_timeout`))[0]?.statement_timeout).toBe('0');
    await next.close();
  });

  it('does not hand out again a database whose tables a file changed', async () => {
    const first = await openTestDatabase();
    await first.db.execute(sql`create table left_behind (n int)`);
    await first.close();
    const next = await openTestDatabase();
    expect(rowsOf<{ n: number }>(await next.db.execute(sql`select count(*)::int as n from pg_tables where tablename = 'left_behind'`))[0]?.n).toBe(0);
    await next.close();
  });
});
