/**
 * Two real processes on one embedded database: `npm start`'s server and the admin CLI. The CLI
 * must either reach the server (its write is then visible at once and survives a restart) or
 * refuse with a non-zero exit; it never reports a write the server cannot see.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serverPort } from '../test/ports.js';
import { serverEntry, serverNodeArgs } from './server-command.mjs';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'lectern-cli-'));
const port = await serverPort();
const env = {
  ...process.env,
  NODE_ENV: 'development',
  DATA_DIR: dataDir,
  PORT: String(port),
  HOST: '127.0.0.1',
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  SEED_DEMO: 'false',
  LOG_LEVEL: 'warn',
  DATABASE_URL: '',
};
const PASSWORD = 'Sturdy#Pass42';
const children: ChildProcess[] = [];

function startServer(): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(process.execPath, [...serverNodeArgs, serverEntry], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve, reject) => {
    // A first start creates and migrates the folder's database: over a minute on two cores busy with other suites (seen in CI).
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 150_000);
    child.stdout!.on('data', () => {
      if (out.includes('Lectern is running')) {
        clearTimeout(timer);
        // The setup link is printed right after; give it a moment.
        setTimeout(() => resolve({ child, output: () => out }), 300);
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${out}`)));
  });
}

async function stopServer(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

function cli(...args: string[]) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', ...args], { cwd: root, env, encoding: 'utf8', timeout: 60_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const login = (email: string) =>
  fetch(`http://127.0.0.1:${port}/api/v1/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run admin beside a running server on the embedded database', () => {
  it('goes through the server: the user can sign in at once and after a restart; setup closes', async () => {
    const server = await startServer();
    const link = server.output().match(/http:\/\/127\.0\.0\.1:\d+\/admin\/setup\?token=\S+/)?.[0];
    expect(link, server.output()).toBeTruthy();

    const created = cli('create-user', '--email', 'Teacher@Example.com', '--name', 'Tara Teacher', '--password', PASSWORD, '--admin');
    expect(created.stderr).toBe('');
    expect(created.status).toBe(0);
    expect(created.stdout).toMatch(/Created admin user teacher@example\.com/);
    expect((await login('teacher@example.com')).status).toBe(200);

    const token = new URL(link!).searchParams.get('token')!;
    const status = await fetch(`http://127.0.0.1:${port}/api/v1/setup/?token=${encodeURIComponent(token)}`);
    expect(await status.json()).toEqual({ state: 'done' });
    const noLink = cli('setup-link');
    expect(noLink.status).toBe(1);
    expect(noLink.stderr).toMatch(/already has an admin/);

    const duplicate = cli('create-user', '--email', 'teacher@example.com', '--name', 'Tara Teacher', '--password', PASSWORD);
    expect(duplicate.status).toBe(1);
    expect(duplicate.stderr).toMatch(/already exists/);

    await stopServer(server.child);
    // With no server, the CLI holds the folder itself.
    const offline = cli('create-user', '--email', 'student@example.com', '--name', 'Sam Student', '--password', PASSWORD, '--verified');
    expect(offline.status).toBe(0);

    const again = await startServer();
    expect(again.output()).not.toMatch(/admin\/setup\?token=/);
    expect((await login('teacher@example.com')).status).toBe(200);
    expect((await login('student@example.com')).status).toBe(200);
    await stopServer(again.child);
  }, 360_000);

  it('refuses with a clear message and a non-zero exit when the holder does not answer', async () => {
    const holder = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    children.push(holder);
    writeFileSync(path.join(dataDir, 'server.lock'), String(holder.pid));
    try {
      const refused = cli('create-user', '--email', 'late@example.com', '--name', 'Lee Late', '--password', PASSWORD);
      expect(refused.status).toBe(3);
      expect(refused.stdout).toBe('');
      expect(refused.stderr).toMatch(new RegExp(`A Lectern server \\(pid ${holder.pid}\\) holds the embedded database`));
      expect(refused.stderr).toMatch(/Nothing was written/);
    } finally {
      holder.kill('SIGKILL');
      rmSync(path.join(dataDir, 'server.lock'), { force: true });
    }
    // Nothing was written: the account does not exist once the folder is free.
    const check = cli('create-user', '--email', 'late@example.com', '--name', 'Lee Late', '--password', PASSWORD);
    expect(check.status).toBe(0);
  }, 120_000);
});

describe('npm run seed beside a server on the embedded database', () => {
  it('refuses with the holder named and a non-zero exit, and writes nothing', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'lectern-seed-'));
    const holder = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    children.push(holder);
    writeFileSync(path.join(folder, 'server.lock'), String(holder.pid));
    try {
      const seed = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/seed.ts'], {
        cwd: root,
        env: { ...env, DATA_DIR: folder },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(seed.status).toBe(3);
      expect(seed.stderr).toContain(`Another Lectern server (pid ${holder.pid}) is using ${folder}`);
      expect(existsSync(path.join(folder, 'db'))).toBe(false);
    } finally {
      holder.kill('SIGKILL');
      rmSync(folder, { recursive: true, force: true });
    }
  }, 120_000);
});
