// npm run seed: apply migrations and load the demo catalog into an empty database
// (DATABASE_URL, else the embedded PGlite in DATA_DIR). Use --bench for the benchmark catalog.
// Like the server it holds the embedded database's folder lock (two processes on one PGlite folder
// lose writes), and on PostgreSQL the start-up lock, so it never seeds beside a starting server.
import { loadConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/client.js';
import { acquireDataDirLock } from '../src/server/db/lock.js';
import { isCatalogEmpty, seedBenchCatalog, seedDemo } from '../src/server/db/seed/index.js';

const config = loadConfig();
let release: () => void;
try {
  release = config.databaseUrl ? () => undefined : acquireDataDirLock(config.dataDir);
} catch (error) {
  console.error((error as Error).message);
  process.exit(3);
}
try {
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.databaseUrl ? undefined : `${config.dataDir}/db` });
  try {
    await database.exclusive(async () => {
      await database.migrate();
      if (process.argv.includes('--bench')) {
        await seedBenchCatalog(database.db, { courses: 40, sections: 8, lessons: 12 });
        console.log('Seeded the benchmark catalog (40 courses × 8 sections × 12 lessons).');
      } else if (await isCatalogEmpty(database.db)) {
        // Asked for by name, so demo data is loaded in production too, but never its public 100% coupon.
        await seedDemo(database.db, { production: config.isProduction });
        console.log(config.isProduction ? 'Seeded the demo catalog (production: without the public 100% coupon).' : 'Seeded the demo catalog.');
      } else {
        console.log('The catalog already has courses; nothing to seed.');
      }
    });
  } finally {
    await database.close();
  }
} finally {
  release();
}
