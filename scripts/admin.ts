// npm run admin -- create-user --email E --name "N" --password P [--admin] [--verified]
// Bootstraps accounts (the first instructor) against DATABASE_URL, else the embedded PGlite in DATA_DIR.
import { parseArgs } from 'node:util';
import { firstPasswordError, fullNameError, normalizeEmail } from '../src/shared/accounts.js';
import { loadConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/client.js';
import { AppError } from '../src/server/errors.js';
import { createUser } from '../src/server/modules/accounts/index.js';

const usage = 'Usage: npm run admin -- create-user --email E --name "Full Name" --password P [--admin] [--verified]';

async function main(): Promise<number> {
  const [command, ...rest] = process.argv.slice(2);
  if (command !== 'create-user') {
    console.error(usage);
    return 2;
  }
  const { values } = parseArgs({
    args: rest,
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      password: { type: 'string' },
      admin: { type: 'boolean', default: false },
      verified: { type: 'boolean', default: false },
    },
  });
  const email = normalizeEmail(values.email ?? '');
  const problems = [
    !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) && '--email: a valid email address is required',
    fullNameError(values.name ?? '') && `--name: ${fullNameError(values.name ?? '')}`,
    firstPasswordError(values.password ?? '') && `--password: ${firstPasswordError(values.password ?? '')}`,
  ].filter(Boolean);
  if (problems.length) {
    console.error([...problems, usage].join('\n'));
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.databaseUrl ? undefined : `${config.dataDir}/db` });
  try {
    await database.migrate();
    const user = await createUser(database.db, {
      email,
      fullName: values.name!.trim(),
      password: values.password!,
      isAdmin: values.admin,
      isVerified: values.verified,
    });
    console.log(
      `Created ${user.isAdmin ? 'admin ' : ''}user ${user.email} (id ${user.id}, username ${user.username}${user.isVerified ? ', verified' : ', unverified'}).`,
    );
    return 0;
  } catch (error) {
    if (error instanceof AppError) {
      console.error(
        Object.entries(error.body)
          .map(([k, v]) => `${k}: ${[v].flat().join(' ')}`)
          .join('\n'),
      );
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
