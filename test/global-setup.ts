import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/server/db/client.js';
import { seedDemo } from '../src/server/db/seed/index.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string;
    /** The same before the demo seed: migrated, empty. */
    pgliteMigratedDump: string;
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
    project.provide('pgliteMigratedDump', '');
    return async () => {
      const { rows } = await admin.query<{ datname: string }>(`select datname from pg_database where datname like 'lectern_test_${process.pid}_%'`);
      for (const row of rows) await admin.query(`drop database if exists ${row.datname} with (force)`);
      await admin.query(`drop database if exists ${template} with (force)`);
      await admin.end();
    };
  }

  const dir = mkdtempSync(path.join(tmpdir(), 'lectern-test-'));
  const handle = await openDatabase({});
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  // Every test file loads a dump: without the two template databases nobody connects to, it has
  // 40% fewer files and each load takes about a third less time (measured: 640 → 400 ms).
  for (const template of ['template0', 'template1']) {
    await client.query(`alter database ${template} is_template false`);
    await client.query(`drop database ${template}`);
  }
  const dumpTo = async (name: string) => {
    await client.query('checkpoint');
    const file = path.join(dir, name);
    writeFileSync(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
    return file;
  };
  await handle.migrate();
  project.provide('pgliteMigratedDump', await dumpTo('migrated.tar'));
  await seedDemo(handle.db, { production: false });
  project.provide('pgliteDump', await dumpTo('seeded.tar'));
  await handle.close();
  project.provide('postgresTemplate', '');
  return async () => rmSync(dir, { recursive: true, force: true });
}
