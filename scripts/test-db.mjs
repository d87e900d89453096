// npm run test:db: the server suite against a real PostgreSQL (TEST_DATABASE_URL, default the local server)
// and Redis (TEST_REDIS_URL) for the tests that need several processes.
import { spawnSync } from 'node:child_process';

// Files whose outcome cannot depend on the database server run in `npm test` only: they open no
// database (the lint rules, the repository's scripts and documents) or the embedded one by design
// (the admin CLI beside a server on its folder, the seeds on a fresh install, afterCommit's
// contract, how PGlite reads values, the pool that hands a test worker's embedded database from
// file to file). Here they would only repeat the same run; every file that opens the test
// database (test/helpers.ts) is run on PostgreSQL.
const sameOnAnyDatabase = [
  'eslint/**',
  'scripts/**',
  'src/server/db/seed/seed.test.ts',
  'src/server/db/after-commit.test.ts',
  'src/server/db/pglite-values.test.ts',
  'src/server/db/test-database-pool.test.ts',
];

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const excluded = sameOnAnyDatabase.flatMap((glob) => ['--exclude', glob]);
const result = spawnSync('npx', ['vitest', 'run', '--project', 'server', ...excluded, ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url, TEST_REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' },
});
process.exit(result.status ?? 1);
