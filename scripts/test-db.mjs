// npm run test:db: the server suite against a real PostgreSQL (TEST_DATABASE_URL, default the local server)
// and Redis (TEST_REDIS_URL) for the tests that need several processes.
import { spawnSync } from 'node:child_process';

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const result = spawnSync('npx', ['vitest', 'run', '--project', 'server', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url, TEST_REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' },
});
process.exit(result.status ?? 1);
