// Sending a broadcast: its pace (BROADCAST_RATE_PER_MINUTE), a restart in the middle (nobody gets
// two), duplicate batch jobs racing, and the message as it leaves through real SMTP.
import { eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../../../../test/admin.js';
import { createTestApp, createVerifiedUser, freshIp, type TestApp } from '../../../../test/helpers.js';
import { firstPaidCourse } from '../../../../test/orders.js';
import type { AdminBroadcastDetail } from '../../../shared/broadcasts.js';
import { buildApp, type App } from '../../app.js';
import { rowsOf } from '../../db/client.js';
import { broadcastRecipients, enrolments, jobs } from '../../db/schema/index.js';
import type { Mailer, MailMessage } from '../../integrations/mail/index.js';
import { batchPlan, INTERRUPTED_ERROR } from './sending.js';

/** A mailer that keeps what it was asked to send; `hangAt` (1-based): that message never finishes, as in a process that died mid-send. */
function recordingMailer(options: { hangAt?: number } = {}) {
  const attempted: MailMessage[] = [];
  const sent: MailMessage[] = [];
  let release: () => void = () => undefined;
  const mailer: Mailer = {
    kind: 'smtp',
    async send(message) {
      attempted.push(message);
      if (attempted.length === options.hangAt) await new Promise<void>((resolve) => (release = resolve));
      sent.push(message);
    },
  };
  return { mailer, attempted, sent, release: () => release() };
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
};

async function setUp(t: TestApp, extraStudents: number) {
  const admin = await signedIn(t, { isAdmin: true });
  const course = await firstPaidCourse(t);
  for (let i = 0; i < extraStudents; i++) {
    const user = await createVerifiedUser(t);
    await t.handle.db.insert(enrolments).values({ userId: user.id, courseId: course.id, source: 'admin' });
  }
  const made = await admin.call('POST', '/admin/broadcasts/', {
    subject: 'Restart-proof',
    html: '<p>Hello</p>',
    audience: 'course_students',
    course_id: course.id,
  });
  expect(made.statusCode, made.body).toBe(201);
  const id = made.json<AdminBroadcastDetail>().id;
  return { admin, id, send: () => admin.call('POST', `/admin/broadcasts/${id}/send/`, {}) };
}

const recipientsOf = (t: TestApp, id: number) => t.handle.db.select().from(broadcastRecipients).where(eq(broadcastRecipients.broadcastId, id));
/** As if time passed: the next batch is due, and the last minute's sends are older than a minute (and a dead worker's lock expired). */
async function timePasses(t: TestApp, minutes: number) {
  await t.handle.db.execute(
    sql`update jobs set run_at = now(), locked_until = case when status = 'running' then now() - interval '1 second' else locked_until end where status in ('queued', 'running')`,
  );
  await t.handle.db.execute(sql`update broadcast_recipients set claimed_at = claimed_at - ${minutes} * interval '1 minute' where claimed_at is not null`);
}

describe('the pace of a broadcast', { timeout: 90_000 }, () => {
  it('plans batches every ~10 s of what the rate allows', () => {
    expect(batchPlan(120)).toEqual({ size: 20, intervalMs: 10_000 });
    expect(batchPlan(12)).toEqual({ size: 2, intervalMs: 10_000 });
    expect(batchPlan(1)).toEqual({ size: 1, intervalMs: 60_000 });
    expect(batchPlan(10_000)).toEqual({ size: 1666, intervalMs: 9996 });
  });

  it('sends a batch at a time and never more than BROADCAST_RATE_PER_MINUTE in a minute', async () => {
    const mail = recordingMailer();
    const t = await createTestApp({ mailer: mail.mailer, env: { BROADCAST_RATE_PER_MINUTE: '6' } });
    try {
      const { id, send } = await setUp(t, 8);
      expect((await send()).statusCode).toBe(200);
      const total = (await recipientsOf(t, id)).length;
      expect(total).toBeGreaterThan(6);
      expect(await t.app.ctx.queue.runDue(50)).toBe(1);
      expect(mail.sent).toHaveLength(1); // rate 6: a batch of 1 every 10 s
      expect(await t.app.ctx.queue.runDue(50)).toBe(0); // the next batch is not due yet
      for (let i = 0; i < 6; i++) {
        await timePasses(t, 0);
        await t.app.ctx.queue.runDue(50);
      }
      expect(mail.sent).toHaveLength(6); // the minute's allowance is spent
      await timePasses(t, 2);
      await t.app.ctx.queue.runDue(50);
      expect(mail.sent).toHaveLength(7);
    } finally {
      await t.close();
    }
  });
});

describe('a restart in the middle of a broadcast', { timeout: 90_000 }, () => {
  let t: TestApp;
  let second: App | undefined;
  beforeAll(async () => {
    t = await createTestApp({ env: { BROADCAST_RATE_PER_MINUTE: '12' } });
  });
  afterAll(async () => {
    await second?.close();
    await t.close();
  });

  it('resumes after the restart and sends nobody two: the one whose send was cut off is marked failed, not sent again', async () => {
    const { id, send } = await setUp(t, 5);
    expect((await send()).statusCode).toBe(200);
    const rows = await recipientsOf(t, id);

    // The first process sends one email, and dies while sending the second.
    const before = recordingMailer({ hangAt: 2 });
    const dying = await buildApp({ config: t.config, db: t.handle.db, mailer: before.mailer, catalogCacheMs: 0 });
    await dying.ready();
    const cutOff = dying.ctx.queue.runDue(50);
    await until(() => before.attempted.length === 2);

    // The server starts again on the same database: the job queue hands it the batch once the dead worker's lock expires.
    const after = recordingMailer();
    second = await buildApp({ config: t.config, db: t.handle.db, mailer: after.mailer, catalogCacheMs: 0 });
    await second.ready();
    expect(await second.ctx.queue.runDue(50)).toBe(0); // still locked by the dead worker
    for (let round = 0; round < 50; round++) {
      await timePasses(t, 6);
      await second.ctx.queue.runDue(50);
      const [left] = await t.handle.db.execute(sql`select 1 from broadcasts where id = ${id} and status = 'sending'`).then((r) => rowsOf(r));
      if (!left) break;
    }

    // The dead worker's send returns after all (a zombie): it changes nothing and sends nothing more.
    before.release();
    await cutOff;
    await dying.close();

    const delivered = [...before.attempted, ...after.sent].map((m) => m.to);
    expect(new Set(delivered).size).toBe(delivered.length);
    const cut = before.attempted[1]!.to;
    expect(after.sent.map((m) => m.to)).not.toContain(cut);
    const final = await recipientsOf(t, id);
    expect(final).toHaveLength(rows.length);
    for (const row of final) {
      if (row.email === cut) expect(row).toMatchObject({ status: 'failed', error: INTERRUPTED_ERROR });
      else expect(row.status, row.email).toBe('sent');
    }
    expect(after.sent.length + 1).toBe(rows.length - 1);
    const detail = (
      await t.app.inject({ url: `/api/v1/admin/broadcasts/${id}/`, headers: (await signedIn(t, { isAdmin: true })).headers })
    ).json<AdminBroadcastDetail>();
    expect(detail).toMatchObject({ status: 'sent', counts: { recipients: rows.length, sent: rows.length - 1, failed: 1, queued: 0 } });
  });

  it('two copies of a batch job racing in two processes send each email once', async () => {
    const { id, send } = await setUp(t, 4);
    expect((await send()).statusCode).toBe(200);
    const [job] = await t.handle.db
      .select()
      .from(jobs)
      .where(sql`${jobs.name} = 'broadcast.batch' and ${jobs.status} = 'queued'`);
    await t.handle.db.insert(jobs).values({ name: job!.name, payload: job!.payload, maxAttempts: job!.maxAttempts, runAt: new Date() });
    const one = recordingMailer();
    const two = recordingMailer();
    const a = await buildApp({ config: t.config, db: t.handle.db, mailer: one.mailer, catalogCacheMs: 0 });
    const b = await buildApp({ config: t.config, db: t.handle.db, mailer: two.mailer, catalogCacheMs: 0 });
    try {
      for (let round = 0; round < 50; round++) {
        await Promise.all([a.ctx.queue.runDue(50), b.ctx.queue.runDue(50)]);
        const rows = await recipientsOf(t, id);
        if (rows.every((r) => r.status === 'sent')) break;
        await timePasses(t, 2);
      }
      const rows = await recipientsOf(t, id);
      const sent = [...one.sent, ...two.sent].map((m) => m.to);
      expect(new Set(sent).size).toBe(sent.length);
      expect(sent.sort()).toEqual(rows.map((r) => r.email).sort());
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe('a broadcast through real SMTP', { timeout: 90_000 }, () => {
  it('leaves with List-Unsubscribe, List-Unsubscribe-Post and a plain-text part; a password email carries no unsubscribe', async () => {
    const received: { to: string[]; raw: string }[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as { port: number };
    const t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, BROADCAST_RATE_PER_MINUTE: '10000' } });
    try {
      const student = await createVerifiedUser(t);
      const course = await firstPaidCourse(t);
      await t.handle.db.insert(enrolments).values({ userId: student.id, courseId: course.id, source: 'admin' });
      const admin = await signedIn(t, { isAdmin: true });
      const made = await admin.call('POST', '/admin/broadcasts/', {
        subject: 'Über news',
        html: '<p>Hello <em>all</em></p>',
        audience: 'course_students',
        course_id: course.id,
      });
      await admin.call('POST', `/admin/broadcasts/${made.json<{ id: number }>().id}/send/`, {});
      while ((await t.app.ctx.queue.runDue(50)) > 0) {
        // drain
      }
      const mail = received.find((m) => m.to.includes(student.email));
      expect(mail).toBeDefined();
      const head = mail!.raw.split('\r\n\r\n')[0]!.replace(/\r\n[ \t]+/g, ' ');
      const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1];
      expect(header('List-Unsubscribe')).toMatch(
        new RegExp(
          `^<${t.config.publicUrl}/api/v1/email-preferences/unsubscribe/\\?token=\\d+\\.\\d+\\.[A-Za-z0-9_-]{43}>, <mailto:${admin.user.email}\\?subject=Unsubscribe>$`,
        ),
      );
      expect(header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
      expect(header('Content-Type')).toMatch(/^multipart\/alternative/);
      expect(mail!.raw).toMatch(/Content-Type: text\/plain/);
      expect(mail!.raw).toMatch(/Content-Type: text\/html/);

      const reset = await t.app.inject({
        method: 'POST',
        url: '/api/v1/forget-password-request/',
        payload: { normalizedEmail: student.email },
        remoteAddress: freshIp(),
      });
      expect(reset.statusCode, reset.body).toBe(200);
      while ((await t.app.ctx.queue.runDue(50)) > 0) {
        // drain
      }
      const account = received.filter((m) => m.to.includes(student.email)).at(-1)!;
      expect(account).not.toBe(mail);
      expect(account.raw.split('\r\n\r\n')[0]).not.toMatch(/List-Unsubscribe/i);
    } finally {
      await t.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
