import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { publicUrlMismatch } from './http/return-origin.js';
import { acquireDataDirLock } from './db/lock.js';
import { seedOnBoot } from './db/seed/index.js';
import { createShutdown } from './lifecycle.js';
import { serveAdminSocket, setupLink } from './modules/admin/index.js';
import { newPrivateJwk } from './modules/credentials/index.js';
import { scheduleDripSweep } from './modules/learning/index.js';
import type { PageRenderer } from './modules/web-host/index.js';

/**
 * Outside production a missing JWT_SECRET is generated once and kept in the data folder, so
 * sessions and signed links survive a restart. Production must set it (config refuses to boot).
 */
function developmentSecret(): string | undefined {
  if (process.env.NODE_ENV === 'production') return undefined;
  const dir = process.env.DATA_DIR || './data';
  const file = path.join(dir, '.jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * The Ed25519 key that signs certificates and letters: CREDENTIAL_SIGNING_KEY when set, else one
 * generated once and kept in the data folder (as the JWT secret is outside production). A
 * production site should set the variable (several machines must share one key); without it, the
 * folder's key is used and its public half stays in the JWKS like every key that signed.
 */
async function storedSigningKey(): Promise<string> {
  const dir = process.env.DATA_DIR || './data';
  const file = path.join(dir, '.credential-signing-key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dir, { recursive: true });
  const key = JSON.stringify(await newPrivateJwk());
  writeFileSync(file, key, { mode: 0o600 });
  return key;
}

async function main(): Promise<void> {
  let config;
  try {
    const signingKey = process.env.CREDENTIAL_SIGNING_KEY || (await storedSigningKey());
    if (!process.env.CREDENTIAL_SIGNING_KEY && process.env.NODE_ENV === 'production') {
      console.warn(`Warning: CREDENTIAL_SIGNING_KEY is not set; certificates are signed with the key kept in ${process.env.DATA_DIR || './data'}.`);
    }
    config = loadConfig({ ...process.env, JWT_SECRET: process.env.JWT_SECRET || developmentSecret(), CREDENTIAL_SIGNING_KEY: signingKey });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const release = config.databaseUrl ? () => undefined : acquireDataDirLock(config.dataDir);
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.databaseUrl ? undefined : `${config.dataDir}/db` });
  // Processes starting together on one database migrate and seed one at a time.
  await database.exclusive(async () => {
    await database.migrate();
    if (await seedOnBoot(database.db, config)) console.log('Seeded the demo catalog.');
  });

  const webRoot = fileURLToPath(new URL('../../dist/web', import.meta.url));
  const ssrEntry = fileURLToPath(new URL('../../dist/ssr/entry-server.js', import.meta.url));
  const renderer = existsSync(ssrEntry) ? ((await import(pathToFileURL(ssrEntry).href)) as PageRenderer) : undefined;
  const app = await buildApp({ config, db: database.db, webRoot: existsSync(webRoot) ? webRoot : undefined, renderer });
  if (config.jobsWorker) {
    // The daily drip sweep keeps itself going; today's is queued at boot and runs once whoever queued it.
    await scheduleDripSweep(app.ctx.queue);
    app.ctx.queue.start(config.jobsPollMs);
  }

  // The embedded database belongs to this process: the admin CLI sends its commands here.
  const closeAdminSocket = database.kind === 'pglite' ? await serveAdminSocket(config.dataDir, { db: database.db, publicUrl: config.publicUrl }) : undefined;

  const shutdown = createShutdown({
    app,
    closeDatabase: async () => {
      await closeAdminSocket?.();
      await database.close();
      release();
    },
    timeoutMs: config.shutdownTimeoutMs,
    exit: (code) => process.exit(code),
  });
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const mismatch = publicUrlMismatch(config, { host: config.host, port: config.port });
  if (mismatch) console.warn(`Warning: ${mismatch}`);
  console.log(`Lectern is running on ${config.publicUrl} (${database.kind === 'pglite' ? `embedded PostgreSQL in ${config.dataDir}/db` : 'PostgreSQL'})`);
  const link = await setupLink(database.db, config.publicUrl);
  if (link) console.log(`No instructor account yet. Open this one-time link to create it (it stops working once an admin exists):\n  ${link}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
