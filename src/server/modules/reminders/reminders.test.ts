import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseListItem } from '../../../shared/catalog.js';
import { abandonedEmails, devMailbox, enrolments, jobs } from '../../db/schema/index.js';
import { createTestApp, createVerifiedUser, freshIp, latestEmail, linkIn, type TestApp } from '../../../../test/helpers.js';

let t: TestApp;
let paid: CourseListItem[];
beforeAll(async () => {
  t = await createTestApp({ env: { ABANDONED_CART_DELAY_MINUTES: '30' } });
  paid = (await t.app.inject({ url: '/api/v1/courses/' })).json<CourseListItem[]>().filter((c) => c.course_type === 'paid');
});
afterAll(() => t.close());

const schedule = (email: string, courseIds: number[]) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/emails/create-abandoned-email/',
    payload: { email, sending_reason: 'checkout', course_items: courseIds.map((course_id) => ({ course_id })) },
    remoteAddress: freshIp(),
  });

/** Moves the reminder's time to now, as if the configured delay had passed. */
async function elapse(email: string) {
  await t.handle.db
    .update(abandonedEmails)
    .set({ sendAfter: new Date(Date.now() - 1000) })
    .where(eq(abandonedEmails.email, email));
  await t.handle.db
    .update(jobs)
    .set({ runAt: new Date(Date.now() - 1000) })
    .where(eq(jobs.status, 'queued'));
}

describe('abandoned-cart reminders', () => {
  it('waits for the delay, sends one reminder with a working unsubscribe link', async () => {
    expect((await schedule('lena@example.com', [paid[0]!.id])).statusCode).toBe(200);
    expect(await latestEmail(t, 'lena@example.com')).toBeUndefined();
    await elapse('lena@example.com');
    const mail = await latestEmail(t, 'lena@example.com');
    expect(mail!.text).toContain(paid[0]!.title);
    const link = linkIn(mail!.text, /http:\/\/lectern\.test\/api\/v1\/emails\/unsubscribe\/\S+/);
    const page = await t.app.inject({ url: link.replace('http://lectern.test', '') });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("You're unsubscribed");
    await schedule('lena@example.com', [paid[1]!.id]);
    await elapse('lena@example.com');
    expect(await t.handle.db.select().from(devMailbox).where(eq(devMailbox.to, 'lena@example.com'))).toHaveLength(1);
    const forged = await t.app.inject({ url: '/api/v1/emails/unsubscribe/?email=x@example.com&expires=99999999999999&signature=forged' });
    expect(forged.statusCode).toBe(400);
  });

  it('sends nothing when the courses were bought in the meantime, and can be cancelled', async () => {
    const buyer = await createVerifiedUser(t);
    await schedule(buyer.email, [paid[2]!.id]);
    await t.handle.db.insert(enrolments).values({ userId: buyer.id, courseId: paid[2]!.id, source: 'purchase' });
    await elapse(buyer.email);
    expect(await latestEmail(t, buyer.email)).toBeUndefined();

    await schedule('omar@example.com', [paid[3]!.id]);
    const del = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/emails/delete-abandoned-emails/',
      payload: { email: 'omar@example.com', sending_reason: 'checkout', course_id: paid[3]!.id },
      remoteAddress: freshIp(),
    });
    expect(del.statusCode).toBe(200);
    await elapse('omar@example.com');
    expect(await latestEmail(t, 'omar@example.com')).toBeUndefined();
  });

  it('refuses a malformed request', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/emails/create-abandoned-email/',
      payload: { email: 'nope', sending_reason: 'spam' },
      remoteAddress: freshIp(),
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json()).sort()).toEqual(['email', 'sending_reason']);
    // An issue deep inside a list is reported under its top-level field, as the forms show it.
    const nested = await schedule('nested@example.com', [0]);
    expect(nested.statusCode).toBe(400);
    expect(nested.json()).toEqual({ course_items: [expect.any(String)] });
  });
});
