import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, contactMessages, devMailbox, jobs } from '../db/schema/index.js';
import { createTestApp, createVerifiedUser, freshIp, loginAs, type TestApp } from '../../../test/helpers.js';

/**
 * A lone surrogate ("\ud800", sent as a JSON escape) is not text PostgreSQL can store: in a text
 * column the driver's UTF-8 encoding turned it into U+FFFD, but in a jsonb value (a job's
 * payload, the audit log's before and after) PostgreSQL refused it and the call answered 500.
 * Every incoming string is made well-formed once, at the edge, the same way (U+FFFD).
 */
const LONE = '\ud800';
const REPLACED = '\ufffd';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  const admin = await createVerifiedUser(t, { isAdmin: true });
  adminToken = (await loginAs(t, admin.email, admin.password)).access;
});
afterAll(() => t.close());

describe('a lone surrogate in a body', () => {
  it('the contact form stores and mails the message with U+FFFD in its place', async () => {
    const payload = { name: `Asha ${LONE}Rao`, email: 'asha-surrogate@example.com', role: 'student', specify: '', message: `Hello ${LONE} there, and ${LONE}` };
    const body = JSON.stringify(payload);
    expect(body).toContain('\\ud800');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/contact/',
      headers: { 'content-type': 'application/json' },
      payload: body,
      remoteAddress: freshIp(),
    });
    expect(res.statusCode).toBe(200);
    const [stored] = await t.handle.db.select().from(contactMessages).where(eq(contactMessages.email, 'asha-surrogate@example.com'));
    expect(stored).toMatchObject({ name: `Asha ${REPLACED}Rao`, message: `Hello ${REPLACED} there, and ${REPLACED}` });
    const [job] = await t.handle.db.select().from(jobs).orderBy(desc(jobs.id)).limit(1);
    expect(JSON.stringify(job!.payload)).toContain(`Hello ${REPLACED} there`);
    while ((await t.app.ctx.queue.runDue()) > 0) {
      // deliver
    }
    const mails = await t.handle.db.select().from(devMailbox);
    expect(mails.some((mail) => mail.text.includes(`Hello ${REPLACED} there`))).toBe(true);
  });

  it("the studio's course editor stores it in a jsonb list (what you will learn) and the audit entry as U+FFFD", async () => {
    const [course] = (await t.app.inject({ method: 'GET', url: '/api/v1/courses/' })).json<{ id: number }[]>();
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/courses/${course!.id}/`,
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ what_you_will_learn: [`Models ${LONE}and views`], subtitle: `Sub ${LONE}` }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ what_you_will_learn: [`Models ${REPLACED}and views`], subtitle: `Sub ${REPLACED}` });
    const [entry] = await t.handle.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(JSON.stringify(entry!.after)).toContain(`Models ${REPLACED}and views`);
  });

  it('a lone surrogate in a key is replaced too, and well-formed text (emoji, accents) is left as sent', async () => {
    const message = 'Olá 👋 — naïve café 𝒳';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/contact/',
      headers: { 'content-type': 'application/json' },
      payload: `{"name":"Zoë","email":"zoe-surrogate@example.com","role":"student","specify":"","message":${JSON.stringify(message)},"x\\udc00":1}`,
      remoteAddress: freshIp(),
    });
    expect(res.statusCode).toBe(200);
    const [stored] = await t.handle.db.select().from(contactMessages).where(eq(contactMessages.email, 'zoe-surrogate@example.com'));
    expect(stored).toMatchObject({ name: 'Zoë', message });
  });
});
