import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type App, type AppDeps } from '../src/server/app.js';
import { loadConfig, type Config } from '../src/server/config.js';
import { openDatabase, type DatabaseHandle } from '../src/server/db/client.js';

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
        const cleanup = new pg.Client({ connectionString: base });
        await cleanup.connect();
        await cleanup.query(`drop database if exists ${name} with (force)`);
        await cleanup.end();
      },
    };
  }
  const dump = new Blob([readFileSync(inject('pgliteDump'))]);
  return openDatabase({ loadDataDir: dump, onQuery });
}

export async function createTestApp(overrides: Partial<Omit<AppDeps, 'db' | 'config'>> & { env?: Record<string, string> } = {}): Promise<TestApp> {
  const queries: string[] = [];
  const handle = await openTestDatabase((sql) => queries.push(sql));
  const config = loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'test-secret-test-secret-test-secret-42', PUBLIC_URL: 'http://lectern.test', ...overrides.env });
  const { env: _env, ...deps } = overrides;
  const app = await buildApp({ config, db: handle.db, catalogCacheMs: 0, ...deps });
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
