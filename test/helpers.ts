import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { desc, eq } from 'drizzle-orm';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type App, type AppDeps } from '../src/server/app.js';
import { loadConfig, type Config } from '../src/server/config.js';
import { openDatabase, type DatabaseHandle } from '../src/server/db/client.js';
import { devMailbox } from '../src/server/db/schema/index.js';
import { takeDatabase } from './database-pool.js';
import { createUser } from '../src/server/modules/accounts/index.js';

export interface TestApp {
  app: App;
  handle: DatabaseHandle;
  config: Config;
  /** SQL statements run since the last reset. */
  queries: string[];
  close(): Promise<void>;
}

let counter = 0;

/** A database seeded with the demo catalog: a copy of the PGlite dump, or a fresh clone of the PostgreSQL template. */
export async function openTestDatabase(onQuery?: (sql: string) => void): Promise<DatabaseHandle> {
  const template = inject('postgresTemplate');
  const base = process.env.TEST_DATABASE_URL;
  if (template && base) {
    const name = `lectern_test_${process.pid}_${Date.now()}_${counter++}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    await admin.end();
    const url = new URL(base);
    url.pathname = `/${name}`;
    const handle = await openDatabase({ url: url.toString(), onQuery, poolSize: 4 });
    return {
      ...handle,
      close: async () => {
        await handle.close();
        await dropDatabase(base, name);
      },
    };
  }
  return loadDump(inject('pgliteDump'), onQuery);
}

/**
 * Drops a PostgreSQL database once the connections closed on it have gone: their backends exit a
 * moment after the pool ends, and a forced drop meanwhile delivers "terminating connection" to a
 * client that is ending, an error outside any test.
 */
export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  const cleanup = new pg.Client({ connectionString: serverUrl });
  await cleanup.connect();
  for (let i = 0; i < 100; i++) {
    const { rows } = await cleanup.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
    if (!rows[0]?.n) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  await cleanup.query(`drop database if exists ${name} with (force)`);
  await cleanup.end();
}

/**
 * A dump's bytes as PGlite reads them (`arrayBuffer()`), handed over as a copy of what is already
 * in memory: Node 20 reads a Blob back in 64 KB pieces and joins them, 90 ms for the 30 MB dump, for
 * every test file (measured).
 */
class DumpBlob extends Blob {
  constructor(private readonly contents: Uint8Array) {
    super();
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.contents.slice().buffer);
  }
}

/** Each dump file's bytes, read once per test worker (its files share the worker's modules). */
const dumps = new Map<string, Uint8Array>();

/** An embedded database as a dump file written by the global setup has it (test/database-pool.ts). */
function loadDump(file: string, onQuery?: (sql: string) => void): Promise<DatabaseHandle> {
  return takeDatabase(
    file,
    () => {
      let bytes = dumps.get(file);
      if (!bytes) dumps.set(file, (bytes = new Uint8Array(readFileSync(file))));
      return new DumpBlob(bytes);
    },
    onQuery,
  );
}

/** An empty embedded database with every migration applied (as a fresh install has it), from the dump when there is one. */
export async function openMigratedDatabase(): Promise<DatabaseHandle> {
  const dump = inject('pgliteMigratedDump');
  if (dump) return loadDump(dump);
  const handle = await openDatabase({});
  await handle.migrate();
  return handle;
}

export async function createTestApp(
  overrides: Partial<Omit<AppDeps, 'db' | 'config'>> & { env?: Record<string, string>; setup?: (handle: DatabaseHandle) => Promise<Partial<AppDeps>> } = {},
): Promise<TestApp> {
  const queries: string[] = [];
  const handle = await openTestDatabase((sql) => queries.push(sql));
  const config = loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: 'test-secret-test-secret-test-secret-42',
    PUBLIC_URL: 'http://lectern.test',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'lectern-app-')),
    ...overrides.env,
  });
  const { env: _env, setup, ...deps } = overrides;
  const extra = setup ? await setup(handle) : {};
  const app = await buildApp({ config, db: handle.db, catalogCacheMs: 0, ...deps, ...extra });
  await app.ready();
  return {
    app,
    handle,
    config,
    queries,
    close: async () => {
      await app.close();
      await handle.close();
    },
  };
}

let userCounter = 0;
export const STRONG_PASSWORD = 'Sturdy#Pass42';

/** A verified account through the same service the admin CLI uses. */
export async function createVerifiedUser(t: TestApp, overrides: { email?: string; password?: string; fullName?: string; isAdmin?: boolean } = {}) {
  const email = overrides.email ?? `student${++userCounter}-${Date.now()}@example.com`;
  const password = overrides.password ?? STRONG_PASSWORD;
  const user = await createUser(t.handle.db, {
    email,
    password,
    fullName: overrides.fullName ?? 'Test Student',
    isVerified: true,
    isAdmin: overrides.isAdmin ?? false,
  });
  return { ...user, password };
}

let ipCounter = 0;
/** A fresh client address per call, so per-IP rate limits do not couple unrelated tests. */
export const freshIp = () => `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter++ & 255}`;

export async function loginAs(t: TestApp, email: string, password: string = STRONG_PASSWORD): Promise<{ access: string; refresh: string }> {
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/token/', payload: { email, password }, remoteAddress: freshIp() });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** A solved challenge from the app's own GET /altcha/challenge/, as the ALTCHA widget sends it (base64 JSON). */
export async function solvedCaptcha(t: TestApp): Promise<string> {
  const challenge = (await t.app.inject({ url: '/api/v1/altcha/challenge/' })).json<Challenge>();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the challenge could not be solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** Runs the job queue, then returns the newest message the dev mailbox holds for `to`. */
export async function latestEmail(t: TestApp, to: string) {
  while ((await t.app.ctx.queue.runDue(50)) > 0) {
    // drain
  }
  const [mail] = await t.handle.db.select().from(devMailbox).where(eq(devMailbox.to, to)).orderBy(desc(devMailbox.id)).limit(1);
  return mail;
}

export function linkIn(text: string, pattern: RegExp): string {
  const match = text.match(pattern);
  if (!match) throw new Error(`no link matching ${pattern} in:\n${text}`);
  return match[0];
}

/** A multipart/form-data body for app.inject. */
export function multipart(fields: Record<string, string>, file?: { field: string; name: string; type: string; data: Buffer }) {
  const boundary = `----lectern${Date.now().toString(16)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`),
    );
    chunks.push(file.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
