import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrationsFolder, rowsOf, type Database } from './client.js';

const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number; tag: string }[] };
/** The newest migration this build ships (drizzle records each applied one by its timestamp). */
const newestMigration = Math.max(...journal.entries.map((e) => e.when));

export type DatabaseState = 'ready' | 'unreachable' | 'migrations pending';

/** Whether the database answers and holds every migration this build ships (the /readyz probe). */
export async function databaseState(db: Database, timeoutMs = 2000): Promise<DatabaseState> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), timeoutMs)));
  try {
    const check = async (): Promise<DatabaseState> => {
      await db.execute(sql`select 1`);
      try {
        const result = await db.execute<{ last: string | null }>(sql`select max(created_at)::text as last from drizzle.__drizzle_migrations`);
        const last = rowsOf<{ last: string | null }>(result)[0]?.last;
        return last !== null && last !== undefined && Number(last) >= newestMigration ? 'ready' : 'migrations pending';
      } catch {
        return 'migrations pending';
      }
    };
    const outcome = await Promise.race([check().catch(() => 'unreachable' as const), timeout]);
    return outcome === 'timeout' ? 'unreachable' : outcome;
  } finally {
    clearTimeout(timer);
  }
}
