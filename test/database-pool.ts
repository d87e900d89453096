import type { PGlite } from '@electric-sql/pglite';
import { pgliteHandle, startPglite, type DatabaseHandle } from '../src/server/db/client.js';

/**
 * Embedded test databases handed from test file to test file within a worker, put back as the dump
 * had them. Starting PGlite from the dump costs about half a second of CPU, and a run opens about a
 * hundred databases; putting one back (truncate every table, copy the dump's rows back from a copy
 * kept inside the database, set every sequence back) costs a fraction of that.
 *
 * A database is only handed out again after the handle that had it is closed, and that handle stops
 * working at once (its client is a revoked proxy), so a file's leftover timer cannot write into the
 * next file's data.
 */

/** Where each database keeps the dump's rows it is put back to: a schema no test reads. */
const SNAPSHOT = 'lectern_test_snapshot';

interface Pooled {
  client: PGlite;
  /** The statements that put the database back as the dump had it. */
  restore: string;
  /** The tables and their columns: a file that changed them (DDL) leaves a database that is not handed out again. */
  shape: string;
}

const idle = new Map<string, Pooled[]>();

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

const SHAPE = `select coalesce(string_agg(c.relname || ':' || c.relnatts, ',' order by c.relname), '') as shape
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
 where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'S')`;

async function shapeOf(client: PGlite): Promise<string> {
  const { rows } = await client.query<{ shape: string }>(SHAPE);
  return rows[0]?.shape ?? '';
}

/** Copies the dump's rows aside, and writes the statements that put them back. */
async function snapshot(client: PGlite): Promise<string> {
  const { rows: tables } = await client.query<{ name: string; columns: string[] }>(
    `select c.relname as name,
            array_agg(a.attname::text order by a.attnum) filter (where a.attgenerated = '') as columns
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      where n.nspname = 'public' and c.relkind in ('r', 'p')
      group by c.relname
      order by c.relname`,
  );
  const { rows: sequences } = await client.query<{ name: string }>(`select sequencename as name from pg_sequences where schemaname = 'public'`);
  await client.exec(`create schema ${SNAPSHOT}`);
  const restore = [
    // Foreign keys and the roll-up triggers are off while the rows go back: they are copied as they were.
    'set session_replication_role = replica',
    `truncate table ${tables.map((t) => `public.${quote(t.name)}`).join(', ')}`,
  ];
  for (const table of tables) {
    const columns = table.columns.map(quote).join(', ');
    await client.exec(`create table ${SNAPSHOT}.${quote(table.name)} as select ${columns} from public.${quote(table.name)}`);
    const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from ${SNAPSHOT}.${quote(table.name)}`);
    if (rows[0]?.n)
      restore.push(`insert into public.${quote(table.name)} (${columns}) overriding system value select ${columns} from ${SNAPSHOT}.${quote(table.name)}`);
  }
  for (const { name } of sequences) {
    const { rows } = await client.query<{ last_value: string; is_called: boolean }>(`select last_value, is_called from public.${quote(name)}`);
    const [row] = rows;
    if (row) restore.push(`select setval('public.${quote(name)}', ${Number(row.last_value)}, ${row.is_called})`);
  }
  restore.push('reset session_replication_role');
  return restore.join(';\n');
}

async function start(dump: () => Blob): Promise<Pooled> {
  const client = await startPglite({ loadDataDir: dump() });
  return { client, restore: await snapshot(client), shape: await shapeOf(client) };
}

/** A database as the dump `file` has it: one put back by an earlier file, or a new one. */
export async function takeDatabase(file: string, dump: () => Blob, onQuery?: (sql: string) => void): Promise<DatabaseHandle> {
  const pooled = idle.get(file)?.pop() ?? (await start(dump));
  const { proxy, revoke } = Proxy.revocable(pooled.client, {
    // PGlite's methods read private fields: they run on the client itself, not on the proxy.
    get(client, key) {
      const value: unknown = Reflect.get(client, key, client);
      return typeof value === 'function' ? value.bind(client) : value;
    },
  });
  let closing: Promise<void> | undefined;
  return pgliteHandle(proxy, {
    onQuery,
    close: () =>
      (closing ??= (async () => {
        revoke();
        try {
          // Whatever a test left in the session (settings, prepared statements) goes with it.
          await pooled.client.exec('discard all');
          if ((await shapeOf(pooled.client)) !== pooled.shape) throw new Error('the tables changed');
          await pooled.client.exec(`begin;\n${pooled.restore};\ncommit`);
        } catch {
          // A database that cannot be put back is not handed out again.
          await pooled.client.close().catch(() => undefined);
          return;
        }
        const list = idle.get(file) ?? [];
        list.push(pooled);
        idle.set(file, list);
      })()),
  });
}
