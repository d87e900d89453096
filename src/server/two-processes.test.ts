// Two real server processes (src/server/main.ts) on one PostgreSQL database and one Redis, as in
// production behind a load balancer. Runs with `npm run test:db` (TEST_DATABASE_URL and TEST_REDIS_URL).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, isNull, like } from 'drizzle-orm';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseListItem } from '../shared/catalog.js';
import { dropDatabase, STRONG_PASSWORD } from '../../test/helpers.js';
import { guestBilling } from '../../test/orders.js';
import { startFakeProviders } from '../../test/payments.js';
import { serverPort } from '../../test/ports.js';
import { serverEntry, serverNodeArgs } from '../../scripts/server-command.mjs';
import { openDatabase, type DatabaseHandle } from './db/client.js';
import { coursePrices, courses, devMailbox, enrolments, orders, providerEvents, users } from './db/schema/index.js';
import { createPostgresInvalidation } from './invalidation/index.js';
import { createUser } from './modules/accounts/index.js';

const baseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const root = fileURLToPath(new URL('../../', import.meta.url));

interface Server {
  name: string;
  base: string;
  child: ChildProcess;
  output: string[];
}

describe.skipIf(!baseUrl || !redisUrl)('two server processes on one database and one Redis', () => {
  const dbName = `lectern_two_${process.pid}_${Date.now()}`;
  const prefix = `lectern-two:${process.pid}:${Date.now()}:`;
  const dataDirs: string[] = [];
  let url: string;
  let handle: DatabaseHandle;
  let fake: Awaited<ReturnType<typeof startFakeProviders>>;
  let a: Server;
  let b: Server;

  function start(name: string, port: number, fakeBase: string): Server {
    const dataDir = mkdtempSync(path.join(tmpdir(), `lectern-${name}-`));
    dataDirs.push(dataDir);
    const base = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, [...serverNodeArgs, serverEntry], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: 'http://lectern.test',
        JWT_SECRET: 'two-processes-secret-two-processes-secret',
        DATABASE_URL: url,
        DATA_DIR: dataDir,
        REDIS_URL: redisUrl,
        REDIS_PREFIX: prefix,
        SEED_DEMO: 'true',
        CAPTCHA_ENFORCE: 'false',
        TRUST_PROXY: 'true',
        STRIPE_SECRET_KEY: 'sk_test_fake',
        STRIPE_WEBHOOK_SECRET: 'whsec_fake',
        STRIPE_API_BASE: fakeBase,
        JOBS_POLL_MS: '100',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output: string[] = [];
    child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    return { name, base, child, output };
  }

  async function ready(server: Server): Promise<void> {
    const deadline = Date.now() + 150_000;
    while (Date.now() < deadline) {
      if (server.child.exitCode !== null) throw new Error(`${server.name} exited ${server.child.exitCode}:\n${server.output.join('')}`);
      try {
        if ((await fetch(`${server.base}/readyz`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`${server.name} never became ready:\n${server.output.join('')}`);
  }

  async function stop(server: Server | undefined): Promise<number | null> {
    if (!server || server.child.exitCode !== null) return server?.child.exitCode ?? null;
    const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
    server.child.kill('SIGTERM');
    return exited;
  }

  const call = (server: Server, method: string, route: string, body?: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server.base}/api/v1${route}`, {
      method,
      headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
      body: body ? JSON.stringify(body) : undefined,
    });

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const target = new URL(baseUrl!);
    target.pathname = `/${dbName}`;
    url = target.toString();
    handle = await openDatabase({ url, poolSize: 4 });
    fake = await startFakeProviders(handle.db);
    const fakeBase = `http://127.0.0.1:${(fake.server.server.address() as { port: number }).port}`;
    // Both start at once on an empty database: one migrates and seeds, the other waits for it.
    a = start('a', await serverPort(), fakeBase);
    b = start('b', await serverPort(), fakeBase);
    await Promise.all([ready(a), ready(b)]);
  }, 180_000);

  afterAll(async () => {
    const codes = await Promise.all([stop(a), stop(b)]);
    await fake?.close();
    await handle?.close();
    await dropDatabase(baseUrl!, dbName);
    const redis = new Redis(redisUrl!);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    // Both shut down cleanly on SIGTERM.
    expect(codes).toEqual([0, 0]);
  }, 60_000);

  it('migrated and seeded the demo catalog once although both started together', async () => {
    expect(await handle.db.$count(courses)).toBe(13);
  });

  it('confirms one checkout on both at once and takes webhooks replayed to both: one order, one enrolment, one receipt', async () => {
    const list = (await (await call(a, 'GET', '/courses/')).json()) as CourseListItem[];
    const course = list.find((c) => c.course_type === 'paid')!;
    const email = `two-processes-${Date.now()}@example.com`;
    const created = await call(
      a,
      'POST',
      '/create-order/',
      guestBilling({ full_name: 'Mira Shah', email, courses: [course.id], total: course.country_price.amount }),
    );
    expect(created.status).toBe(201);
    const order = (await created.json()) as { order_number: string; stripe_session_id: string; tokens: { access: string } };
    const auth = { authorization: `Bearer ${order.tokens.access}` };

    const paid = await fake.server.inject({ method: 'POST', url: `/sandbox/stripe/checkout/${order.stripe_session_id}/pay` });
    expect(paid.statusCode).toBe(303);
    const event = fake.stripeEvents.at(-1)!;
    const payload = JSON.stringify({ id: event.id, object: 'event', type: event.type, data: { object: event.object } });
    const webhook = (server: Server) =>
      fetch(`${server.base}/api/v1/webhooks/stripe`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': fake.stripe.signPayload(payload) },
        body: payload,
      });
    const confirm = (server: Server) =>
      call(server, 'POST', '/payments/update/', { payment_method: 'Stripe', session_id: order.stripe_session_id, order_number: order.order_number }, auth);

    const answers = await Promise.all([confirm(a), confirm(b), webhook(a), webhook(b), webhook(a), webhook(b), confirm(b)]);
    const confirmations = [answers[0]!, answers[1]!, answers[6]!];
    for (const r of confirmations) {
      expect(r.status).toBe(200);
      expect(((await r.json()) as { status: string }).status).toBe('Success');
    }
    // A delivery that finds the same event being handled elsewhere gets 409 and Stripe retries it.
    const deliveries = answers.slice(2, 6).map((r) => r.status);
    for (const status of deliveries) expect([200, 409]).toContain(status);
    expect(deliveries).toContain(200);
    // The retries, to both processes, once the first delivery is done.
    for (const server of [a, b, a, b]) expect((await webhook(server)).status).toBe(200);

    const [buyer] = await handle.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const rows = await handle.db.select({ status: orders.status }).from(orders).where(eq(orders.userId, buyer!.id));
    expect(rows).toEqual([{ status: 'Paid' }]);
    expect(await handle.db.$count(enrolments, and(eq(enrolments.userId, buyer!.id), eq(enrolments.courseId, course.id), isNull(enrolments.revokedAt)))).toBe(1);
    expect(await handle.db.$count(providerEvents, eq(providerEvents.eventId, event.id))).toBe(1);

    // Both processes run the job worker; the receipt is sent once.
    const receipts = () => handle.db.$count(devMailbox, and(eq(devMailbox.to, email), like(devMailbox.subject, '%receipt%')));
    const deadline = Date.now() + 15_000;
    while ((await receipts()) === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 500));
    expect(await receipts()).toBe(1);
  });

  it('counts failed logins for one account across both processes: past the threshold both ask for a challenge', async () => {
    const user = await createUser(handle.db, { email: `limit-${Date.now()}@example.com`, password: STRONG_PASSWORD, fullName: 'Lee Limit', isVerified: true });
    const login = (server: Server, i: number, password = 'not-the-password-1') =>
      call(server, 'POST', '/token/', { email: user.email, password }, { 'x-forwarded-for': `198.51.100.${i}` });
    for (let i = 0; i < 5; i++) expect((await login(i % 2 ? b : a, i)).status).toBe(401);
    for (const [server, i] of [[a, 50] as const, [b, 51] as const]) {
      const asked = await login(server, i, STRONG_PASSWORD);
      expect(asked.status).toBe(400);
      expect(await asked.json()).toMatchObject({ code: 'captcha_required' });
    }
  });

  it('shows a price changed elsewhere on both processes within a second', async () => {
    const priceOf = async (server: Server, id: number) =>
      ((await (await call(server, 'GET', '/courses/')).json()) as CourseListItem[]).find((c) => c.id === id)!.country_price.amount;
    const list = (await (await call(b, 'GET', '/courses/')).json()) as CourseListItem[];
    const course = list.filter((c) => c.course_type === 'paid').at(-1)!;
    const before = await priceOf(a, course.id);
    const after = before + 11;

    // The studio's write: the row changes, then the catalog topic is invalidated after the commit.
    await handle.db
      .update(coursePrices)
      .set({ amount: Math.round(after * 100) })
      .where(and(eq(coursePrices.courseId, course.id), eq(coursePrices.region, 'US')));
    // Without the invalidation each process still answers from its memo (30 s).
    expect(await priceOf(a, course.id)).toBe(before);
    expect(await priceOf(b, course.id)).toBe(before);

    const studio = await createPostgresInvalidation({ url, db: handle.db, log: console });
    try {
      const changedAt = Date.now();
      await studio.invalidate('catalog');
      const seen = await Promise.all(
        [a, b].map(async (server) => {
          while ((await priceOf(server, course.id)) !== after) {
            if (Date.now() - changedAt > 5000) throw new Error(`${server.name} still shows the old price`);
            await new Promise((r) => setTimeout(r, 25));
          }
          return Date.now() - changedAt;
        }),
      );
      for (const ms of seen) expect(ms).toBeLessThan(1000);
    } finally {
      await studio.close();
    }
  });
});
