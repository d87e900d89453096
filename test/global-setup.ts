import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/server/db/client.js';
import { seedDemo } from '../src/server/db/seed/index.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string;
    postgresTemplate: string;
  }
}

/**
 * Migrating a fresh database costs seconds, so it is done once: PGlite is dumped to a file that
 * every test file loads; on PostgreSQL (TEST_DATABASE_URL) a template database is made instead.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = `lectern_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${template}`);
    await admin.query(`create database ${template}`);
    const target = new URL(url);
    target.pathname = `/${template}`;
    const handle = await openDatabase({ url: target.toString(), poolSize: 2 });
    await handle.migrate();
    await seedDemo(handle.db, { production: false });
    await handle.close();
    project.provide('postgresTemplate', template);
    project.provide('pgliteDump', '');
    return async () => {
      const { rows } = await admin.query<{ datname: string }>(`select datname from pg_database where datname like 'lectern_test_${process.pid}_%'`);
      for (const row of rows) await admin.query(`drop database if exists ${row.datname} with (force)`);
      await admin.query(`drop database if exists ${template} with (force)`);
      await admin.end();
    };
  }

  const dir = mkdtempSync(path.join(tmpdir(), 'lectern-test-'));
  const handle = await openDatabase({});
  await handle.migrate();
  await seedDemo(handle.db, { production: false });
  const client = (handle.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir('none');
  const file = path.join(dir, 'seeded.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide('pgliteDump', file);
  project.provide('postgresTemplate', '');
  return async () => rmSync(dir, { recursive: true, force: true });
}
