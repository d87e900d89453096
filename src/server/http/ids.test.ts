import { count } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ID } from '../../shared/ids.js';
import { abandonedEmails, cartItems, carts, enrolments, jobs, orders, questions, subscriptions } from '../db/schema/index.js';
import { createTestApp, createVerifiedUser, freshIp, loginAs, type TestApp } from '../../../test/helpers.js';

/**
 * Ids reach int4 columns: one above 2,147,483,647 used to answer 500 ("out of range for type
 * integer") on the database. Every id a client sends goes through the contract's one id schema
 * (src/shared/ids.ts) and is refused there with a field error, before anything is read or written.
 */
const OVER = MAX_ID + 1;
const HUGE = '99999999999999999999';

let t: TestApp;
let student: { access: string };
let admin: { access: string };
let slug: string;
let courseId: number;
beforeAll(async () => {
  t = await createTestApp();
  const user = await createVerifiedUser(t);
  student = await loginAs(t, user.email, user.password);
  const boss = await createVerifiedUser(t, { isAdmin: true });
  admin = await loginAs(t, boss.email, boss.password);
  const list = await t.app.inject({ method: 'GET', url: '/api/v1/courses/' });
  const first = list.json<{ results?: { slug: string; id: number }[] } | { slug: string; id: number }[]>();
  const course = Array.isArray(first) ? first[0]! : first.results![0]!;
  slug = course.slug;
  courseId = course.id;
});
afterAll(() => t.close());

async function rowCounts() {
  const tables = { carts, cartItems, abandonedEmails, enrolments, jobs, orders, questions, subscriptions };
  const out: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) out[name] = (await t.handle.db.select({ n: count() }).from(table))[0]!.n;
  return out;
}

const billing = {
  full_name: 'Asha Rao',
  email: 'asha-ids@example.com',
  phone_number: '+91 98765 43210',
  address_line_1: '1 Lake Road',
  country: 'India',
  state: 'Karnataka',
  city: 'Bengaluru',
  pin_code: '560001',
  password: 'Sturdy#Pass42',
  total: 10,
  payment_method: 'Stripe',
};

/** Every call of the issue that took an id, with the id out of range; `field` is where the 400 says so. */
function cases(id: number | string) {
  const bearer = { authorization: `Bearer ${student.access}` };
  return [
    { name: 'add-to-cart', method: 'POST', url: '/api/v1/add-to-cart/', payload: { course_id: id, cart_id: randomUUID() }, field: 'course_id' },
    {
      name: 'create-abandoned-email',
      method: 'POST',
      url: '/api/v1/emails/create-abandoned-email/',
      payload: { email: 'someone@example.com', sending_reason: 'add_to_cart', course_items: [{ course_id: id }] },
      field: 'course_items',
    },
    {
      name: 'delete-abandoned-emails',
      method: 'DELETE',
      url: '/api/v1/emails/delete-abandoned-emails/',
      payload: { email: 'someone@example.com', course_id: id },
      field: 'course_id',
    },
    { name: 'check-enrollment', method: 'GET', url: `/api/v1/check-enrollment/${id}/`, headers: bearer, field: 'courseId' },
    { name: 'free-enroll', method: 'POST', url: `/api/v1/free-enroll/${id}/`, headers: bearer, field: 'courseId' },
    { name: 'course-complete', method: 'POST', url: `/api/v1/course-complete/${slug}/${id}/`, headers: bearer, field: 'courseId' },
    { name: 'course-restart', method: 'POST', url: `/api/v1/course-restart/${slug}/${id}/`, headers: bearer, field: 'courseId' },
    { name: 'questions list', method: 'GET', url: `/api/v1/questions/?course_id=${id}`, headers: bearer, field: 'course_id' },
    {
      name: 'ask on course',
      method: 'POST',
      url: '/api/v1/questions/',
      headers: bearer,
      payload: { course_id: id, title: 'A fair question', body: 'What does this lesson cover?' },
      field: 'course_id',
    },
    {
      name: 'ask on lesson',
      method: 'POST',
      url: '/api/v1/questions/',
      headers: bearer,
      payload: { course_id: courseId, lesson_id: id, title: 'A fair question', body: 'What does this lesson cover?' },
      field: 'lesson_id',
    },
    {
      name: 'cancel-subscription',
      method: 'POST',
      url: '/api/v1/cancel-subscription/',
      headers: bearer,
      payload: { subscription_id: id },
      field: 'subscription_id',
    },
    {
      name: 'membership-subscription-api',
      method: 'POST',
      url: '/api/v1/membership-subscription-api/',
      headers: bearer,
      payload: { plan_id: id, payment_method: 'stripe' },
      field: 'plan_id',
    },
    {
      name: 'change-plan',
      method: 'POST',
      url: '/api/v1/subscription/change-plan/',
      headers: bearer,
      payload: { subscription_id: 1, plan_id: id },
      field: 'plan_id',
    },
    { name: 'create-order', method: 'POST', url: '/api/v1/create-order/', payload: { ...billing, courses: [id] }, field: 'courses' },
    { name: 'student courses', method: 'GET', url: `/api/v1/student/courses/${id}/`, headers: bearer, field: 'userId' },
    { name: 'order history', method: 'GET', url: `/api/v1/order-history/${id}/`, headers: bearer, field: 'userId' },
    { name: 'resource download', method: 'GET', url: `/api/v1/resources/${id}/download/?expires=1&signature=x`, field: 'id' },
    {
      name: 'audit log actor',
      method: 'GET',
      url: `/api/v1/admin/audit-log/?actor_id=${id}`,
      headers: { authorization: `Bearer ${admin.access}` },
      field: 'actor_id',
    },
  ] as const;
}

describe('an id above the int4 range', () => {
  for (const id of [OVER, HUGE]) {
    it(`answers 400 with a field error and writes nothing (${id})`, async () => {
      const before = await rowCounts();
      const failures: string[] = [];
      for (const c of cases(id)) {
        const res = await t.app.inject({
          method: c.method,
          url: c.url,
          headers: 'headers' in c ? c.headers : {},
          remoteAddress: freshIp(),
          ...('payload' in c ? { payload: c.payload } : {}),
        });
        const body = res.json<Record<string, unknown>>();
        if (res.statusCode !== 400 || !Array.isArray(body[c.field])) failures.push(`${c.name}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
      expect(failures).toEqual([]);
      expect(await rowCounts()).toEqual(before);
    });
  }

  it('the largest id is still an id: it is looked up and simply not found', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/check-enrollment/${MAX_ID}/`, headers: { authorization: `Bearer ${student.access}` } });
    expect(res.statusCode).not.toBe(400);
    expect(res.statusCode).toBeLessThan(500);
  });

  it('the API document bounds every id it takes at 2147483647, in paths, queries and bodies', async () => {
    type Schema = { type?: string; maximum?: number; items?: Schema; properties?: Record<string, Schema>; anyOf?: Schema[] };
    type Operation = { parameters?: { name: string; schema: Schema }[]; requestBody?: { content: Record<string, { schema: Schema }> } };
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, Record<string, Operation>> }>();
    const isId = (name: string) => /(^id$|_id$|Id$|^ids$|_ids$|^courses$)/.test(name);
    const unbounded: string[] = [];
    let ids = 0;
    const check = (where: string, name: string, schema: Schema | undefined) => {
      if (!schema) return;
      for (const branch of schema.anyOf ?? []) check(where, name, branch);
      if (schema.type === 'array') return check(where, name, schema.items);
      if (schema.type === 'object') return Object.entries(schema.properties ?? {}).forEach(([key, value]) => check(`${where}.${key}`, key, value));
      if (schema.type !== 'integer' || !isId(name)) return;
      ids++;
      if (schema.maximum !== MAX_ID) unbounded.push(where);
    };
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        for (const parameter of operation.parameters ?? []) check(`${method} ${path} ${parameter.name}`, parameter.name, parameter.schema);
        for (const [type, content] of Object.entries(operation.requestBody?.content ?? {})) check(`${method} ${path} (${type})`, '', content.schema);
      }
    }
    expect(ids).toBeGreaterThan(40);
    expect(unbounded).toEqual([]);
  });
});
