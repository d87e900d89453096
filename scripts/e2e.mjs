// npm run test:e2e: build the web app when needed, then run e2e/*.spec.ts in Debian's Chromium
// (CHROME_PATH to override) against the real server on a temporary database.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
if (!existsSync(process.env.CHROME_PATH ?? '/usr/bin/chromium')) {
  console.error("Chromium not found: install Debian's chromium package (apt-get install chromium) or set CHROME_PATH.");
  process.exit(1);
}
const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
const run = spawnSync('npx', ['vitest', 'run', '--config', 'vitest.e2e.config.ts', ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
process.exit(run.status ?? 1);
