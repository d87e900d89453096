// npm start: build the web app if it is missing or older than its sources, then serve API + web on one port.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { serverEntry, serverNodeArgs } from './server-command.mjs';

const root = path.resolve(import.meta.dirname, '..');
const builtIndex = path.join(root, 'dist/web/index.html');
const builtRenderer = path.join(root, 'dist/ssr/entry-server.js');

function newestMtime(file) {
  if (!statSync(file).isDirectory()) return statSync(file).mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(file, { withFileTypes: true })) newest = Math.max(newest, newestMtime(path.join(file, entry.name)));
  return newest;
}

// What the build reads: the web app, the contract, the public files, and the build's own configuration and plugins.
const sources = ['src/web', 'src/shared', 'public', 'vite.config.ts', 'scripts/icon-font.ts', 'scripts/storefront-chunks.ts', 'scripts/critical-css.mjs'].map(
  (file) => path.join(root, file),
);
const stale =
  !existsSync(builtIndex) || !existsSync(builtRenderer) || sources.some((file) => existsSync(file) && newestMtime(file) > statSync(builtIndex).mtimeMs);
if (stale) {
  console.log('Building the web app…');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, [...serverNodeArgs, path.join(root, serverEntry)], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
