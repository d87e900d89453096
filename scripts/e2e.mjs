// npm run test:e2e: build the web app when needed, then run e2e/*.spec.ts in Debian's Chromium
// (CHROME_PATH to override) against the real server on a temporary database.
//
// With no arguments the suite runs as two Vitest processes side by side, each with its own server,
// database and browser: the page checks (e2e/pages.spec.ts, half of the suite's time) and the flows
// (every other spec). A browser and a server mostly wait on each other (half a core, measured), so
// two pairs finish in about half the time on two cores. Each line of output is prefixed with its
// group. With arguments (a spec file, -t 'name'...) one process runs them, as `vitest run` would.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';

const root = path.resolve(import.meta.dirname, '..');
if (!existsSync(process.env.CHROME_PATH ?? '/usr/bin/chromium')) {
  console.error("Chromium not found: install Debian's chromium package (apt-get install chromium) or set CHROME_PATH.");
  process.exit(1);
}
const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const vitest = ['vitest', 'run', '--config', 'vitest.e2e.config.ts'];
const args = process.argv.slice(2);
if (args.length) {
  const run = spawnSync('npx', [...vitest, ...args], { cwd: root, stdio: 'inherit' });
  process.exit(run.status ?? 1);
}

const pages = 'e2e/pages.spec.ts';
const groups = [
  { name: 'pages', args: [pages] },
  { name: 'flows', args: ['--exclude', pages] },
];

/** Runs one group, its output line by line with its name in front; resolves to its exit code. */
function runGroup({ name, args: groupArgs }) {
  const child = spawn('npx', [...vitest, ...groupArgs], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  for (const [stream, out] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ])
    createInterface({ input: stream }).on('line', (line) => out.write(`[${name}] ${line}\n`));
  return new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
}

const codes = await Promise.all(groups.map(runGroup));
groups.forEach((group, i) => console.log(`e2e ${group.name}: ${codes[i] === 0 ? 'passed' : `FAILED (exit ${codes[i]})`}`));
process.exit(codes.every((code) => code === 0) ? 0 : 1);
