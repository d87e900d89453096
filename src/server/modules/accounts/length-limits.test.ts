/**
 * Issue 21 item 4: a name longer than 120 characters and a question longer than 5,000 are refused
 * with the spec's field error (400), never cut silently; at the limit they are kept whole.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FULL_NAME_MAX } from '../../../shared/accounts.js';
import type { CourseListItem } from '../../../shared/catalog.js';
import { QUESTION_BODY_MAX } from '../../../shared/learning.js';
import { createTestApp, createVerifiedUser, freshIp, loginAs, multipart, STRONG_PASSWORD, type TestApp } from '../../../../test/helpers.js';
import { users } from '../../db/schema/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A name of exactly `length` characters, in words. */
const nameOf = (length: number) =>
  `Meera ${'Krishnamurthy '.repeat(20)}`
    .slice(0, length - 1)
    .trimEnd()
    .padEnd(length - 1, 'a') + 'n';

async function signedIn() {
  const user = await createVerifiedUser(t);
  const { access } = await loginAs(t, user.email);
  return { user, headers: { authorization: `Bearer ${access}` } };
}

describe('a full name', () => {
  const register = (full_name: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/register/',
      payload: { full_name, email: `long${Date.now()}${Math.random()}@example.com`, password: STRONG_PASSWORD },
      remoteAddress: freshIp(),
    });

  it(`of ${FULL_NAME_MAX + 1} characters is refused at registration with the field error; ${FULL_NAME_MAX} are kept whole`, async () => {
    expect(FULL_NAME_MAX).toBe(120);
    const tooLong = await register(nameOf(121));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ full_name: ['Ensure this field has no more than 120 characters.'] });

    const name = nameOf(120);
    expect(name).toHaveLength(120);
    const ok = await register(name);
    expect(ok.statusCode).toBe(201);
    const [row] = await t.handle.db.select().from(users).where(eq(users.email, ok.json().email));
    expect(row!.fullName).toBe(name);
  });

  it('of 121 characters is refused by the profile with the same field error, and the saved name stays', async () => {
    const { user, headers } = await signedIn();
    const put = (full_name: string) => {
      const body = multipart({ full_name });
      return t.app.inject({ method: 'PUT', url: '/api/v1/edit-user-details/', payload: body.payload, headers: { ...headers, ...body.headers } });
    };
    const tooLong = await put(nameOf(121));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ full_name: ['Ensure this field has no more than 120 characters.'] });
    const [row] = await t.handle.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.fullName).toBe(user.fullName);

    expect((await put(nameOf(120))).statusCode).toBe(200);
    const [saved] = await t.handle.db.select().from(users).where(eq(users.id, user.id));
    expect(saved!.fullName).toHaveLength(120);
  });
});

describe('a question', () => {
  it(`of ${QUESTION_BODY_MAX + 1} characters is refused with the field error; ${QUESTION_BODY_MAX} are kept whole`, async () => {
    expect(QUESTION_BODY_MAX).toBe(5000);
    const free = (await t.app.inject({ url: '/api/v1/courses/' })).json<CourseListItem[]>().find((c) => c.course_type === 'free')!;
    const { headers } = await signedIn();
    const call = (method: 'POST' | 'GET', url: string, payload?: object) =>
      t.app.inject({ method, url: `/api/v1${url}`, payload, headers, remoteAddress: freshIp() });
    expect((await call('POST', `/free-enroll/${free.id}/`)).statusCode).toBeLessThan(300);

    const tooLong = await call('POST', '/questions/', { course_id: free.id, title: 'A very long question', body: 'x'.repeat(5001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ body: ['Ensure this field has no more than 5000 characters.'] });

    const ok = await call('POST', '/questions/', { course_id: free.id, title: 'A long question', body: 'y'.repeat(5000) });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().body).toHaveLength(5000);
  });
});
