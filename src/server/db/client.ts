import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Logger } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
// No schema is handed to drizzle(): the Database type carries no relational `db.query.<table>` API,
// so every table is read through its owner's queries.ts (ARCHITECTURE.md, module boundaries).
export type Database = PgDatabase<PgQueryResultHKT>;
/** A transaction handle: the same query API as Database. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Either: what a function takes when it runs alone or inside its caller's transaction. */
export type Db = Database | Tx;

/** The rows of `db.execute()`'s result: the query API does not type them, both drivers return them as `rows`. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** What runs once the transaction a write belongs to has committed, by the transaction handle. */
const commitQueues = new WeakMap<object, Array<() => void>>();

/**
 * Runs `fn` once the write made through `db` is durable: after the outermost transaction commits
 * when `db` is a transaction (never when it rolls back), at once otherwise. For telling caches of
 * a change: run earlier, a concurrent read could refill a cache with what the transaction was
 * about to replace.
 */
export function afterCommit(db: Db, fn: () => void): void {
  const queue = commitQueues.get(db);
  if (queue) queue.push(fn);
  else fn();
}

/** How many transactions are open on each database handle now (outermost ones; a savepoint is part of its transaction). */
const openCounts = new WeakMap<object, number>();

/**
 * How many transactions are open on `db` at this moment. A test of the order path asks it at each
 * call to a payment provider: a transaction held open across a round trip to the outside world
 * holds its locks (and, on PGlite, the only connection) for as long as the provider takes. A count
 * rather than an async context: AsyncLocalStorage on Node 20 would put a hook on every promise.
 */
export function openTransactions(db: Database): number {
  return openCounts.get(db) ?? 0;
}

/** Makes `db.transaction` (and savepoints inside it) keep an afterCommit queue, run after the commit, and counts the transactions open. */
function trackCommits(db: Database): Database {
  const begin = db.transaction.bind(db);
  const share = (tx: Tx, queue: Array<() => void>) => {
    commitQueues.set(tx, queue);
    const savepoint = tx.transaction.bind(tx);
    tx.transaction = (<T>(fn: (inner: Tx) => Promise<T>) => savepoint((inner) => fn(share(inner, queue)))) as Tx['transaction'];
    return tx;
  };
  db.transaction = (async (fn, config) => {
    const queue: Array<() => void> = [];
    openCounts.set(db, openTransactions(db) + 1);
    let result;
    try {
      result = await begin((tx) => fn(share(tx, queue)), config);
    } finally {
      openCounts.set(db, openTransactions(db) - 1);
    }
    for (const run of queue) run();
    return result;
  }) as Database['transaction'];
  return db;
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /**
   * Runs `fn` holding a lock on the whole database, so processes starting together migrate and
   * seed one at a time (a PostgreSQL advisory lock; PGlite has a single process anyway).
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Advisory lock key for start-up work (migrations, the demo seed): any constant shared by all processes. */
const STARTUP_LOCK = 7_312_004_001;

export interface OpenOptions {
  /** postgres:// URL; when absent an embedded PGlite is used. */
  url?: string | undefined;
  /** PGlite data directory; absent means in memory. */
  dataDir?: string | undefined;
  /** PGlite: start from a dump made by `dumpDataDir()` (tests). */
  loadDataDir?: Blob | File | undefined;
  /** Called for every SQL statement (query counting in tests and benchmarks). */
  onQuery?: ((sql: string) => void) | undefined;
  poolSize?: number;
}

/**
 * PGlite's compiled WebAssembly and its file bundle, read and compiled once per process: a process
 * that opens several embedded databases (a test worker opens one per file) would otherwise pay for
 * reading 15 MB and compiling the module each time.
 */
let runtime: Promise<{ pgliteWasmModule: WebAssembly.Module; fsBundle: Blob }> | undefined;
function pgliteRuntime() {
  const resolve = createRequire(import.meta.url).resolve;
  runtime ??= Promise.all([
    readFile(resolve('@electric-sql/pglite/pglite.wasm')).then((bytes) => WebAssembly.compile(bytes)),
    readFile(resolve('@electric-sql/pglite/pglite.data')).then((bytes) => new Blob([bytes])),
  ]).then(([pgliteWasmModule, fsBundle]) => ({ pgliteWasmModule, fsBundle }));
  return runtime;
}

/** What PGlite's query and its transactions' query take: drizzle passes its parsers in the options. */
interface Queryable {
  query(query: string, params?: unknown[], options?: { parsers?: Record<number, (text: string, typeId: number) => unknown> }): Promise<unknown>;
}
const PROBE = 'lectern-probe';
const asText = (text: string) => text;

/**
 * drizzle passes the same parsers with every query (timestamps, dates and intervals read as text),
 * and PGlite then copies all of its own (318, one per type and array type) into a new object for
 * each query: 150 µs a query, more than half of what a simple one costs, and garbage for the
 * collector (measured: a tenth of create-order's server time on PGlite). Parsers that read a type
 * as text are set on the client once instead, and left out of each query's options.
 */
function parsersOnce<T extends Queryable>(target: T, parsers: Record<number, unknown>): T {
  return new Proxy(target, {
    get(object, key) {
      if (key === 'query')
        return (query: string, params?: unknown[], options?: Parameters<Queryable['query']>[2]) => {
          const given = options?.parsers;
          if (!given) return object.query(query, params, options);
          const keys = Object.keys(given).map(Number);
          if (!keys.every((type) => given[type]!(PROBE, type) === PROBE)) return object.query(query, params, options);
          for (const type of keys) parsers[type] = asText;
          const { parsers: _same, ...rest } = options;
          return object.query(query, params, rest);
        };
      if (key === 'transaction')
        return (fn: (tx: Queryable) => Promise<unknown>) =>
          (object as unknown as { transaction(fn: (tx: Queryable) => Promise<unknown>): Promise<unknown> }).transaction((tx) => fn(parsersOnce(tx, parsers)));
      const value: unknown = Reflect.get(object, key, object);
      return typeof value === 'function' ? value.bind(object) : value;
    },
  });
}

/**
 * An in-memory database's files are already in memory, so its buffer cache is a second copy: 16 MB
 * instead of PGlite's 160 MB. Setting up those buffers was half of what starting one costs (every
 * test file does): 1.1 s → 0.5 s of CPU from the test dump, measured.
 */
const IN_MEMORY_SETTINGS = ['-c', 'shared_buffers=16MB'];

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  const logger: Logger | undefined = options.onQuery ? { logQuery: (query) => options.onQuery?.(query) } : undefined;
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    const db = trackCommits(drizzlePg(pool, { logger }) as unknown as Database);
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(drizzlePg(pool), { migrationsFolder }),
      exclusive: async (fn) => {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
          try {
            return await fn();
          } finally {
            await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]);
          }
        } finally {
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  const client = await startPglite(options);
  return pgliteHandle(client, { onQuery: options.onQuery });
}

/** Starts an embedded PostgreSQL: in memory unless given a data folder, from a dump when given one. */
export async function startPglite(options: Pick<OpenOptions, 'dataDir' | 'loadDataDir'>): Promise<PGlite> {
  if (options.dataDir) mkdirSync(path.resolve(options.dataDir), { recursive: true });
  const client = new PGlite({
    ...(await pgliteRuntime()),
    // The trigram indexes behind the studio's searches (migration 0015).
    extensions: { pg_trgm },
    ...(options.dataDir ? {} : { startParams: [...PGlite.defaultStartParams, ...IN_MEMORY_SETTINGS] }),
    ...(options.dataDir ? { dataDir: path.resolve(options.dataDir) } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  await client.waitReady;
  return client;
}

/**
 * The handle over a started PGlite. Closing it closes the database unless `close` says what to do
 * instead (a test worker hands one database from file to file, test/database-pool.ts).
 */
export function pgliteHandle(client: PGlite, options: { onQuery?: ((sql: string) => void) | undefined; close?: () => Promise<void> } = {}): DatabaseHandle {
  const logger: Logger | undefined = options.onQuery ? { logQuery: (query) => options.onQuery?.(query) } : undefined;
  const db = trackCommits(drizzlePglite(parsersOnce(client, client.parsers), { logger }) as unknown as Database);
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    exclusive: (fn) => fn(),
    close: options.close ?? (() => client.close()),
  };
}
