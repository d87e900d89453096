// One way to start the built app for e2e: production mode, the embedded PostgreSQL in a temp
// folder, the demo catalog, sandbox payments. The global setup (e2e/server.ts) starts the shared
// one; a spec that needs its own (another country, a fresh database without an admin) starts it here.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serverPort } from '../test/ports';
import { serverEntry, serverNodeArgs } from '../scripts/server-command.mjs';

export interface SandboxServer {
  url: string;
  /** The server's DATA_DIR: the admin CLI's socket is found from it. */
  dataDir: string;
  /** What the server printed on stdout so far (only with `captureLog`). */
  log: () => string;
  /** Stops the server (if still running) and deletes its data folder. */
  stop: () => Promise<void>;
}

export interface SandboxOptions {
  /** Names the temp data folder (lectern-e2e-<name>-…). */
  name: string;
  /** Extra environment, e.g. DEV_COUNTRY. */
  env?: Record<string, string>;
  /** How long the first start (migrations, seed) may take; generous on a loaded machine. */
  timeoutMs?: number;
  /** Keep stdout (for a line the test reads, like the first-run setup link) instead of printing it. */
  captureLog?: boolean;
}

/** Starts a server on a free port and resolves once /healthz answers. */
export async function startSandboxServer({ name, env = {}, timeoutMs = 240_000, captureLog = false }: SandboxOptions): Promise<SandboxServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `lectern-e2e-${name}-`));
  const port = await serverPort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, [...serverNodeArgs, serverEntry], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      JOBS_POLL_MS: '200',
      INSTRUCTOR_EMAIL: 'instructor@lectern.test',
      ...env,
    },
    stdio: ['ignore', captureLog ? 'pipe' : 'inherit', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  // Passed on as it comes, and its end kept for the error if the server never answers.
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    process.stderr.write(chunk);
    errors = (errors + chunk.toString()).slice(-4000);
  });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not up yet
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(
        (child.exitCode !== null ? `The ${name} server exited with ${child.exitCode}` : `The ${name} server did not start in ${timeoutMs / 1000} s`) +
          (errors ? `; it printed:\n${errors}` : ''),
      );
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { url, dataDir, log: () => log, stop };
}
