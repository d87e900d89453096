// npm run admin -- create-user --email E --name "N" --password P [--admin | --role admin|reviewer] [--verified]
// npm run admin -- setup-link
// npm run admin -- signing-key   (prints a new Ed25519 key for CREDENTIAL_SIGNING_KEY; touches nothing)
// Runs against DATABASE_URL, else the embedded PGlite in DATA_DIR. While a server holds that
// embedded database, the command is sent to it (a local socket) instead: two processes on one
// PGlite folder would lose writes.
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/client.js';
import { acquireDataDirLock, lockHolder } from '../src/server/db/lock.js';
import { runAdminCommand, sendAdminCommand, type AdminCommand, type CommandResult } from '../src/server/modules/admin/index.js';
import { newPrivateJwk } from '../src/server/modules/credentials/index.js';

const usage = [
  'Usage:',
  '  npm run admin -- create-user --email E --name "Full Name" --password P [--role admin|reviewer] [--verified]',
  '                  (--role admin is the same as --admin; a reviewer may review projects in the studio, nothing else)',
  '  npm run admin -- setup-link     (a one-time link to create the instructor account, while none exists)',
  '  npm run admin -- signing-key    (a new credential signing key to set as CREDENTIAL_SIGNING_KEY)',
].join('\n');

function parseCommand(argv: string[]): AdminCommand | undefined {
  const [command, ...rest] = argv;
  if (command === 'setup-link') return { command: 'setup-link' };
  if (command !== 'create-user') return undefined;
  const { values } = parseArgs({
    args: rest,
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      password: { type: 'string' },
      admin: { type: 'boolean', default: false },
      role: { type: 'string' },
      verified: { type: 'boolean', default: false },
    },
  });
  return {
    command,
    email: values.email ?? '',
    name: values.name ?? '',
    password: values.password ?? '',
    admin: values.admin,
    role: values.role,
    verified: values.verified,
  };
}

async function runHere(config: ReturnType<typeof loadConfig>, command: AdminCommand): Promise<CommandResult> {
  // Holding the lock while we write keeps a server from opening the folder half-way through.
  const release = config.databaseUrl ? () => undefined : acquireDataDirLock(config.dataDir);
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.databaseUrl ? undefined : `${config.dataDir}/db` });
  try {
    await database.migrate();
    return await runAdminCommand({ db: database.db, publicUrl: config.publicUrl }, command);
  } finally {
    await database.close();
    release();
  }
}

async function main(): Promise<number> {
  if (process.argv[2] === 'signing-key') {
    console.log(JSON.stringify(await newPrivateJwk()));
    return 0;
  }
  let command: AdminCommand | undefined;
  try {
    command = parseCommand(process.argv.slice(2));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
    return 2;
  }
  if (!command) {
    console.error(usage);
    return 2;
  }
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }

  const holder = config.databaseUrl ? undefined : lockHolder(config.dataDir);
  let result: CommandResult;
  if (holder !== undefined) {
    try {
      result = await sendAdminCommand(config.dataDir, command);
    } catch {
      console.error(
        `A Lectern server (pid ${holder}) holds the embedded database in ${config.dataDir} and does not accept admin commands.\n` +
          'Nothing was written. Stop that server and run this again, or use the setup link printed in its log.',
      );
      return 3;
    }
  } else {
    result = await runHere(config, command);
  }
  (result.exitCode === 0 ? console.log : console.error)(result.output);
  return result.exitCode;
}

process.exitCode = await main();
