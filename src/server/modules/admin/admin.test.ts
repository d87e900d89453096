import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, visitorCall } from '../../../../test/admin.js';
import { createTestApp, latestEmail, STRONG_PASSWORD, type TestApp } from '../../../../test/helpers.js';
import { accountMessages } from '../../../shared/accounts.js';
import { auditLog, users } from '../../db/schema/index.js';
import { setupLink } from './setup.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;
const auditRows = (action: string) => t.handle.db.select().from(auditLog).where(eq(auditLog.action, action));

describe('first-run setup', () => {
  it('a link from the log creates the one admin, signs them in, and then no link works', async () => {
    expect((await visitorCall(t, 'GET', '/setup/?token=made-up')).json()).toEqual({ state: 'invalid' });
    const link = (await setupLink(t.handle.db, t.config.publicUrl))!;
    expect(link).toMatch(/^http:\/\/lectern\.test\/admin\/setup\?token=/);
    const other = tokenOf((await setupLink(t.handle.db, t.config.publicUrl))!);
    const token = tokenOf(link);
    expect((await visitorCall(t, 'GET', `/setup/?token=${encodeURIComponent(token)}`)).json()).toEqual({ state: 'open' });

    const invalid = await visitorCall(t, 'POST', '/setup/', { token, full_name: 'Asha', email: 'not-an-email', password: 'short' });
    expect(invalid.statusCode).toBe(400);
    expect(Object.keys(invalid.json()).sort()).toEqual(['email', 'full_name', 'password']);

    const wrong = await visitorCall(t, 'POST', '/setup/', { token: 'forged', full_name: 'Asha Rao', email: 'asha@example.com', password: STRONG_PASSWORD });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().detail).toBe(accountMessages.setupLinkDead);

    const created = await visitorCall(t, 'POST', '/setup/', { token, full_name: 'Asha  Rao', email: 'Asha@Example.com', password: STRONG_PASSWORD });
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body.user).toMatchObject({ email: 'asha@example.com', full_name: 'Asha Rao', is_admin: true, is_verified: true });
    const me = await t.app.inject({ url: '/api/v1/admin/me/', headers: { authorization: `Bearer ${body.access}` } });
    expect(me.json()).toMatchObject({ email: 'asha@example.com', full_name: 'Asha Rao' });

    // Every other link is dead now, and no new one is made.
    expect((await visitorCall(t, 'GET', `/setup/?token=${encodeURIComponent(other)}`)).json()).toEqual({ state: 'done' });
    const second = await visitorCall(t, 'POST', '/setup/', { token: other, full_name: 'Eve Intruder', email: 'eve@example.com', password: STRONG_PASSWORD });
    expect(second.statusCode).toBe(403);
    expect(await t.handle.db.select().from(users).where(eq(users.email, 'eve@example.com'))).toHaveLength(0);
    expect(await setupLink(t.handle.db, t.config.publicUrl)).toBeUndefined();

    const [row] = await auditRows('admin.setup');
    expect(row).toMatchObject({ actorEmail: 'asha@example.com', entityType: 'user', entityId: String(body.user.user_id) });
  });
});

describe('the role is checked before anything else', () => {
  it('a visitor gets 401 and a student 403 before the body is read, even a body past the size limit', async () => {
    const huge = { body: 'x'.repeat(2 * 1024 * 1024) };
    const visitor = await visitorCall(t, 'POST', '/admin/questions/1/answers/', huge);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().code).toBe('not_authenticated');
    const student = await signedIn(t);
    const refused = await student.call('POST', '/admin/questions/1/answers/', huge);
    expect(refused.statusCode).toBe(403);
    expect(
      (await student.call('POST', '/admin/questions/1/answers/', '{not json', { headers: { ...student.headers, 'content-type': 'application/json' } }))
        .statusCode,
    ).toBe(403);
    const admin = await signedIn(t, { isAdmin: true });
    expect((await admin.call('POST', '/admin/questions/1/answers/', huge)).statusCode).toBe(413);
  });

  it('an admin demoted while signed in loses access at once (the role is read from the database)', async () => {
    const admin = await signedIn(t, { isAdmin: true });
    expect((await admin.call('GET', '/admin/me/')).statusCode).toBe(200);
    await t.handle.db.update(users).set({ isAdmin: false }).where(eq(users.id, admin.user.id));
    expect((await admin.call('GET', '/admin/me/')).statusCode).toBe(403);
  });

  it('every /api/v1/admin/ route in the OpenAPI document answers 401 to a visitor and 403 to a student', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json<{ paths: Record<string, Record<string, { security?: unknown }>> }>();
    const adminPaths = Object.entries(doc.paths).filter(([p]) => p.startsWith('/api/v1/admin/'));
    expect(adminPaths.length).toBeGreaterThan(2);
    const student = await signedIn(t);
    for (const [template, methods] of adminPaths) {
      const url = template.replace('/api/v1', '').replace(/\{[^}]+\}/g, '1');
      for (const [method, operation] of Object.entries(methods)) {
        expect(operation.security, `${method} ${template} documents its bearer token`).toEqual([{ bearerAuth: [] }]);
        const verb = method.toUpperCase() as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
        expect((await visitorCall(t, verb, url, {})).statusCode, `${verb} ${template} (visitor)`).toBe(401);
        expect((await student.call(verb, url, {})).statusCode, `${verb} ${template} (student)`).toBe(403);
      }
    }
  });

  it('path junk answers 4xx, never 5xx', async () => {
    const admin = await signedIn(t, { isAdmin: true });
    for (const junk of ['%00', '..', '-1', '0', '99999999999999999999', '1e3', 'abc', "1'or'1'='1", '%']) {
      const res = await admin.call('POST', `/admin/questions/${junk}/answers/`, { body: 'An answer' });
      expect(res.statusCode, junk).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, junk).toBeLessThan(500);
    }
  });
});

describe('answering a question', () => {
  it('is audited in the same transaction, and a missing question writes nothing', async () => {
    const courses = (await t.app.inject({ url: '/api/v1/courses/' })).json<{ id: number; course_type: string }[]>();
    const free = courses.find((c) => c.course_type === 'free')!;
    const learner = await signedIn(t);
    await learner.call('POST', `/free-enroll/${free.id}/`);
    const question = (await learner.call('POST', '/questions/', { course_id: free.id, title: 'Which Python version?', body: 'Does 3.12 work?' })).json();
    const admin = await signedIn(t, { isAdmin: true });

    expect((await admin.call('POST', `/admin/questions/${question.id}/answers/`, { body: '' })).json()).toHaveProperty('body');
    const missing = await admin.call('POST', '/admin/questions/2147483647/answers/', { body: 'Nobody asked' });
    expect(missing.statusCode).toBe(404);

    const answered = await admin.call('POST', `/admin/questions/${question.id}/answers/`, { body: 'Yes, 3.12 works.' });
    expect(answered.statusCode).toBe(201);
    expect((await latestEmail(t, learner.user.email))!.subject).toContain('Which Python version?');
    const rows = await auditRows('question.answer');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorId: admin.user.id, entityId: String(question.id), after: { answer: 'Yes, 3.12 works.' } });

    const log = await admin.call('GET', '/admin/audit-log/?action=question.answer');
    expect(log.json()).toMatchObject({ count: 1, page: 1, results: [{ action: 'question.answer', actor_email: admin.user.email }] });
    expect((await admin.call('GET', '/admin/audit-log/?page=0')).statusCode).toBe(400);
    expect((await admin.call('GET', '/admin/audit-log/?page=9999&page_size=100')).statusCode).toBe(400);
    expect((await admin.call('GET', '/admin/audit-log/?from=2026-02-01&to=2026-01-01')).json()).toHaveProperty('to');
  });
});

describe('site settings', () => {
  it('validates each field, refuses unknown ones, and audits a save with its before and after', async () => {
    const admin = await signedIn(t, { isAdmin: true });
    const bad = await admin.call('PATCH', '/admin/settings/', {
      support_email: 'nope',
      seller_legal_name: 'x'.repeat(201),
      seller_address: '<script>alert(1)</script>',
      seller_tax_id: "29AB'; drop table orders;--",
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['seller_address', 'seller_legal_name', 'seller_tax_id', 'support_email']);
    expect((await admin.call('PATCH', '/admin/settings/', { is_admin: true })).statusCode).toBe(400);
    expect((await admin.call('PATCH', '/admin/settings/', [1, 2])).statusCode).toBe(400);

    const saved = await admin.call('PATCH', '/admin/settings/', { seller_legal_name: 'Rao Learning LLP', seller_address: '12 MG Road\nBengaluru' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      seller_legal_name: 'Rao Learning LLP',
      seller_address: '12 MG Road\nBengaluru',
      sources: { seller_legal_name: 'studio' },
    });
    const cleared = await admin.call('PATCH', '/admin/settings/', { seller_address: '' });
    expect(cleared.json()).toMatchObject({ seller_address: '', sources: { seller_address: 'unset', seller_legal_name: 'studio' } });

    const rows = await auditRows('settings.update');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ actorId: admin.user.id, before: { seller_address: '12 MG Road\nBengaluru' }, after: { seller_address: '' } });
  });
});
