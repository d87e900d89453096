import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contactMessages, devMailbox, jobs } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../../test/helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SUPPORT_EMAIL: 'instructor@lectern.test' } });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.handle.db.delete(contactMessages);
  await t.handle.db.delete(jobs);
  await t.handle.db.delete(devMailbox);
});

let ip = 0;
const post = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/v1/contact/', payload: payload as object, remoteAddress: `198.51.100.${++ip % 250}` });
const valid = { name: 'Asha Rao', email: 'asha@example.com', role: 'student', specify: '', message: 'When does the Django course start?' };

describe('POST /api/v1/contact/', () => {
  it('stores the message and emails the instructor through the job queue', async () => {
    const res = await post(valid);
    expect(res.statusCode).toBe(200);
    expect(await t.handle.db.select().from(contactMessages)).toHaveLength(1);
    expect(await t.app.ctx.queue.runDue()).toBe(1);
    const [mail] = await t.handle.db.select().from(devMailbox);
    expect(mail).toMatchObject({ to: 'instructor@lectern.test' });
    expect(mail!.html).toContain('When does the Django course start?');
    expect(mail!.text).toContain('Asha Rao');
  });

  it.each([
    [{ ...valid, name: ' ' }, 'name', 'Name is required'],
    [{ ...valid, email: '' }, 'email', 'Email is required'],
    [{ ...valid, email: 'not-an-email' }, 'email', 'Enter a valid email address'],
    [{ ...valid, role: '' }, 'role', 'Please select a role'],
    [{ ...valid, role: 'hacker' }, 'role', 'Please select a role'],
    [{ ...valid, message: '' }, 'message', 'Message is required'],
    [{ ...valid, role: 'client', message: '' }, 'message', 'Please describe your project or idea'],
    [{ ...valid, role: 'other', specify: '' }, 'specify', 'Please specify'],
  ])('refuses %j with the spec message and writes nothing', async (payload, field, message) => {
    const res = await post(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()[field]).toContain(message);
    expect(await t.handle.db.select().from(contactMessages)).toHaveLength(0);
    expect(await t.handle.db.select().from(jobs)).toHaveLength(0);
  });

  it('accepts the role in any case and keeps specify only for Other', async () => {
    expect((await post({ ...valid, role: 'Other', specify: 'Recruiter' })).statusCode).toBe(200);
    expect((await post({ ...valid, role: 'CLIENT', specify: 'ignored' })).statusCode).toBe(200);
    const rows = await t.handle.db.select().from(contactMessages);
    expect(rows.map((r) => [r.role, r.specify]).sort()).toEqual([
      ['client', ''],
      ['other', 'Recruiter'],
    ]);
  });

  it("takes the client option's label as the client role (the spec's second reading)", async () => {
    expect((await post({ ...valid, role: 'Client / Business Owner', message: '' })).json()).toEqual({ message: ['Please describe your project or idea'] });
    expect((await post({ ...valid, role: 'Client / Business Owner' })).statusCode).toBe(200);
    expect((await t.handle.db.select().from(contactMessages)).map((r) => r.role)).toEqual(['client']);
  });

  it('reports a missing role together with the missing message, as the form does', async () => {
    const res = await post({ ...valid, role: '', message: '' });
    expect(res.json()).toMatchObject({ role: ['Please select a role'], message: ['Message is required'] });
  });

  it('answers a malformed body with 400, never 500', async () => {
    const bad = await t.app.inject({ method: 'POST', url: '/api/v1/contact/', headers: { 'content-type': 'application/json' }, payload: '{"name": ' });
    expect(bad.statusCode).toBe(400);
    expect((await post([1, 2, 3])).statusCode).toBe(400);
    expect((await post({ ...valid, message: 'x'.repeat(6000) })).statusCode).toBe(400);
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/v1/contact/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ ...valid, message: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
  });

  it('rate-limits one address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push((await t.app.inject({ method: 'POST', url: '/api/v1/contact/', payload: valid, remoteAddress: '192.0.2.77' })).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[11]).toBe(429);
    expect(await t.handle.db.select().from(contactMessages).where(eq(contactMessages.email, valid.email))).toHaveLength(10);
  });
});

describe('rate limiting counts only well-formed requests', () => {
  it('does not spend the allowance on requests refused as malformed', async () => {
    for (let i = 0; i < 15; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/contact/', payload: { ...valid, name: '' }, remoteAddress: '192.0.2.99' });
      expect(res.statusCode).toBe(400);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/contact/', payload: valid, remoteAddress: '192.0.2.99' })).statusCode).toBe(200);
  });
});
