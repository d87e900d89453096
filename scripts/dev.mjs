// npm run dev: the API (reloading with tsx watch) on API_PORT (3001) behind Vite's dev server on PORT (3000).
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const apiPort = process.env.API_PORT ?? '3001';
const webPort = process.env.PORT ?? '3000';
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', '--watch-preserve-output', 'src/server/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    // Vite's proxy on loopback is the public address here (so no PUBLIC_URL warning at boot).
    env: {
      ...process.env,
      PORT: apiPort,
      PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${webPort}`,
      TRUST_PROXY: process.env.TRUST_PROXY ?? 'loopback',
    },
  }),
  spawn(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js')], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: webPort, API_PORT: apiPort },
  }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
