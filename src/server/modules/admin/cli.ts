/**
 * The admin CLI's commands, run either in the CLI's own process (PostgreSQL, or an embedded
 * database no server holds) or inside the running server through a local socket: PGlite belongs
 * to one process, so a second process writing to its folder would lose its write.
 */
import { createHash } from 'node:crypto';
import { chmodSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { firstPasswordError, fullNameError, normalizeEmail } from '../../../shared/accounts.js';
import type { Database } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { createUser, roleOf, toUserDetails } from '../accounts/index.js';
import { recordAudit, type Actor } from './audit.js';
import { setupLink } from './setup.js';

const CLI_ACTOR: Actor = { id: null, email: 'admin-cli', name: 'Admin CLI', ip: null };

export const adminCommandSchema = z.discriminatedUnion('command', [
  z.object({
    command: z.literal('create-user'),
    email: z.string().max(254),
    name: z.string().max(120),
    password: z.string().max(128),
    admin: z.boolean().default(false),
    /** --role admin is --admin; --role reviewer may review projects in the studio and nothing else. */
    role: z.string().max(20).optional(),
    verified: z.boolean().default(false),
  }),
  z.object({ command: z.literal('setup-link') }),
]);
export type AdminCommand = z.infer<typeof adminCommandSchema>;

export interface CommandResult {
  exitCode: number;
  output: string;
}

function errorText(error: AppError): string {
  return Object.entries(error.body)
    .map(([k, v]) => `${k}: ${[v].flat().join(' ')}`)
    .join('\n');
}

const roleLabel = (user: { isAdmin: boolean; isReviewer: boolean }) => (roleOf(user) === 'student' ? '' : `${roleOf(user)} `);

export async function runAdminCommand(deps: { db: Database; publicUrl: string }, command: AdminCommand): Promise<CommandResult> {
  if (command.command === 'setup-link') {
    const link = await setupLink(deps.db, deps.publicUrl);
    return link
      ? { exitCode: 0, output: `Open this link to create the instructor's account (it works once, until an admin exists):\n${link}` }
      : { exitCode: 1, output: 'The studio already has an admin: sign in at /login. There is no setup link.' };
  }
  const email = normalizeEmail(command.email);
  const role = command.role ?? (command.admin ? 'admin' : 'student');
  const problems = [
    !['admin', 'reviewer', 'student'].includes(role) && '--role: admin, reviewer or student',
    command.admin && role !== 'admin' && '--admin: with --role, only --role admin',
    !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) && '--email: a valid email address is required',
    fullNameError(command.name) && `--name: ${fullNameError(command.name)}`,
    firstPasswordError(command.password) && `--password: ${firstPasswordError(command.password)}`,
  ].filter(Boolean);
  if (problems.length) return { exitCode: 2, output: problems.join('\n') };
  try {
    const user = await deps.db.transaction(async (tx) => {
      const created = await createUser(tx, {
        email,
        fullName: command.name.trim().replace(/\s+/g, ' '),
        password: command.password,
        isAdmin: role === 'admin',
        isReviewer: role === 'reviewer',
        isVerified: command.verified || role !== 'student',
      });
      await recordAudit(tx, CLI_ACTOR, {
        action: 'user.create',
        entityType: 'user',
        entityId: created.id,
        summary: `Created ${roleLabel(created)}account from the admin CLI`,
        after: { ...toUserDetails(created), role: roleOf(created) },
      });
      return created;
    });
    return {
      exitCode: 0,
      output: `Created ${roleLabel(user)}user ${user.email} (id ${user.id}, username ${user.username}${user.isVerified ? ', verified' : ', unverified'}).`,
    };
  } catch (error) {
    if (error instanceof AppError) return { exitCode: 1, output: errorText(error) };
    throw error;
  }
}

/** Where a server on this data folder listens for CLI commands (a short path: sockets have a length limit). */
export function adminSocketPath(dataDir: string): string {
  const resolved = path.resolve(dataDir);
  const inside = path.join(resolved, 'admin.sock');
  if (inside.length < 100) return inside;
  return path.join(tmpdir(), `lectern-${createHash('sha256').update(resolved).digest('hex').slice(0, 16)}.sock`);
}

/**
 * The running server's end: a local HTTP server on a Unix socket that only this user may open
 * (mode 0600). It is never reachable over the network.
 */
export async function serveAdminSocket(dataDir: string, deps: { db: Database; publicUrl: string }): Promise<() => Promise<void>> {
  const socketPath = adminSocketPath(dataDir);
  rmSync(socketPath, { force: true });
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > 64 * 1024) req.destroy();
      else chunks.push(chunk);
    });
    req.on('end', () => {
      void (async () => {
        let result: CommandResult;
        try {
          const parsed = adminCommandSchema.safeParse(JSON.parse(Buffer.concat(chunks).toString('utf8')));
          result = parsed.success ? await runAdminCommand(deps, parsed.data) : { exitCode: 2, output: 'The server did not understand this command.' };
        } catch (error) {
          result = { exitCode: 1, output: `The server could not run the command: ${error instanceof Error ? error.message : String(error)}` };
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(result));
      })();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  chmodSync(socketPath, 0o600);
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      rmSync(socketPath, { force: true });
    });
}

/** The CLI's end: sends one command to the server holding the data folder. */
export function sendAdminCommand(dataDir: string, command: AdminCommand): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { socketPath: adminSocketPath(dataDir), path: '/commands', method: 'POST', headers: { 'content-type': 'application/json' } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as CommandResult);
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        });
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(command));
  });
}
