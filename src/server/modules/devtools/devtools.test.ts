import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the development mailbox', () => {
  it('lists what the dev mailer sent, newest first, as JSON and as a page that never runs the mail', async () => {
    await t.app.ctx.mailer.send({ to: 'first@example.com', subject: 'First', html: '<p>one</p>', text: 'one' });
    await t.app.ctx.mailer.send({ to: 'second@example.com', subject: 'Second <b>', html: '<script>alert(1)</script>', text: 'two' });
    const { messages } = (await t.app.inject({ url: '/api/v1/dev/mailbox/' })).json<{ messages: { to: string; subject: string }[] }>();
    expect(messages.slice(0, 2).map((m) => m.to)).toEqual(['second@example.com', 'first@example.com']);

    const page = await t.app.inject({ url: '/dev/mailbox' });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Second &lt;b&gt;');
    expect(page.body).not.toContain('<script>alert(1)</script>');
    expect(page.body).toContain('sandbox=""');
  });
});
