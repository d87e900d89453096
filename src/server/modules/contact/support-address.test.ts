/** Issue 9 item 14: contact mail goes to the configured support address, else the first admin, never a seeded demo address. */
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { signedIn } from '../../../../test/admin.js';
import { createTestApp, type TestApp } from '../../../../test/helpers.js';
import { contactMessages, devMailbox, jobs, siteSettings } from '../../db/schema/index.js';

const apps: TestApp[] = [];
afterAll(() => Promise.all(apps.map((a) => a.close())));
const open = async (env: Record<string, string> = {}) => {
  const t = await createTestApp({ env });
  apps.push(t);
  return t;
};

let ip = 0;
const message = { name: 'Asha Rao', email: 'asha@example.com', role: 'student', specify: '', message: 'When does the Django course start?' };
async function contactAndDeliver(t: TestApp) {
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/contact/', payload: message, remoteAddress: `203.0.113.${++ip % 250}` });
  expect(res.statusCode).toBe(200);
  while ((await t.app.ctx.queue.runDue()) > 0) {
    // drain
  }
  return t.handle.db.select().from(devMailbox);
}

describe('where contact messages go', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await open();
  });

  it('with nothing configured and no admin yet: kept for the inbox, mailed to nobody (not the demo instructor)', async () => {
    expect(await contactAndDeliver(t)).toEqual([]);
    expect(await t.handle.db.select().from(contactMessages)).toHaveLength(1);
    expect((await t.app.inject({ url: '/api/v1/site-config/' })).json().support_email).toBe('');
  });

  it("to the first admin's address, then to the studio's support address once it is set", async () => {
    const admin = await signedIn(t, { isAdmin: true, email: 'owner@school.test' });
    const mails = await contactAndDeliver(t);
    expect(mails.map((m) => m.to)).toEqual(['owner@school.test']);

    expect((await admin.call('PATCH', '/admin/settings/', { support_email: 'Help@School.test' })).statusCode).toBe(200);
    await t.handle.db.delete(devMailbox);
    await t.handle.db.delete(jobs);
    expect((await contactAndDeliver(t)).map((m) => m.to)).toEqual(['help@school.test']);
    expect((await t.app.inject({ url: '/api/v1/site-config/' })).json().support_email).toBe('help@school.test');
  });
});

describe('SUPPORT_EMAIL', () => {
  it('is used when the studio has not set an address, and the studio overrides it', async () => {
    const t = await open({ SUPPORT_EMAIL: 'support@school.test' });
    await signedIn(t, { isAdmin: true });
    expect((await contactAndDeliver(t)).map((m) => m.to)).toEqual(['support@school.test']);
    await t.handle.db.insert(siteSettings).values({ key: 'support_email', value: 'desk@school.test' });
    await t.handle.db.delete(devMailbox);
    expect((await contactAndDeliver(t)).map((m) => m.to)).toEqual(['desk@school.test']);
  });
});
