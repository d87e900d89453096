import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../../../test/admin.js';
import { createTestApp, freshIp, multipart, type TestApp } from '../../../test/helpers.js';
import { viewerOf } from './auth.js';

/** Issue 20 item 10: the OpenAPI document says what each route takes, who may call it and every status it answers. */

type Schema = Record<string, unknown> & { properties?: Record<string, Schema>; $ref?: string; anyOf?: Schema[] };
interface Operation {
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: Schema }> }>;
}
interface Doc {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

let t: TestApp;
let doc: Doc;
const operations: { method: string; path: string; op: Operation }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  doc = (await t.app.inject({ url: '/api/docs/json' })).json<Doc>();
  for (const [path, methods] of Object.entries(doc.paths)) for (const [method, op] of Object.entries(methods)) operations.push({ method, path, op });
});
afterAll(async () => {
  await t.close();
});

const op = (method: string, path: string): Operation => {
  const found = doc.paths[path]?.[method];
  if (!found) throw new Error(`${method} ${path} is not in the document`);
  return found;
};
const statuses = (operation: Operation) => Object.keys(operation.responses);
const readsBearer = (operation: Operation) => Boolean(operation.security?.some((s) => 'bearerAuth' in s));
const bodySchema = (operation: Operation, mediaType: string): Schema => {
  const schema = operation.requestBody?.content[mediaType]?.schema;
  if (!schema) throw new Error(`no ${mediaType} body`);
  return schema.$ref ? doc.components.schemas[schema.$ref.split('/').pop()!]! : schema;
};

describe('the OpenAPI document', () => {
  it('lists only the API (and the JWKS that verifies credentials): no sandbox, fake provider, dev mailbox, sitemap or robots routes', () => {
    expect(operations.length).toBeGreaterThan(100);
    expect(operations.filter(({ path }) => !path.startsWith('/api/v1/')).map(({ method, path }) => `${method} ${path}`)).toEqual([
      'get /.well-known/jwks.json',
    ]);
    expect(operations.filter(({ path }) => path.includes('/dev/'))).toEqual([]);
  });

  it('derives the refusals from what each route does: 400 everywhere, 401 with a bearer token, 413/415 with a body, 404 with a path id, 429 with a rate limit', () => {
    for (const { method, path, op: operation } of operations) {
      const name = `${method} ${path}`;
      expect(statuses(operation), name).toContain('400');
      expect(statuses(operation).includes('401'), `${name}: 401 exactly when it reads the bearer token`).toBe(
        readsBearer(operation) || path === '/api/v1/token/' || path.endsWith('/token/refresh/') || path.endsWith('/rest-auth/google/'),
      );
      if (['post', 'put', 'patch', 'delete'].includes(method)) expect(statuses(operation), name).toEqual(expect.arrayContaining(['413', '415']));
      if (path.includes('{')) expect(statuses(operation), name).toContain('404');
      expect(
        statuses(operation).some((s) => s.startsWith('2') || s.startsWith('3')),
        `${name} documents its success`,
      ).toBe(true);
    }
    expect(statuses(op('post', '/api/v1/token/'))).toEqual(expect.arrayContaining(['401', '403', '429']));
    expect(statuses(op('post', '/api/v1/contact/'))).toContain('429');
    expect(op('post', '/api/v1/contact/').responses['429']!.content!['application/json']!.schema.$ref).toBe('#/components/schemas/RateLimited');
  });

  it('declares bearerAuth on every call that reads the token: required for the account, orders and certificates, optional for the cart and checkout', () => {
    for (const [method, path] of [
      ['get', '/api/v1/user-details/'],
      ['put', '/api/v1/edit-user-details/'],
      ['get', '/api/v1/orders/{orderNumber}/'],
      ['get', '/api/v1/order-history/{userId}/'],
      ['get', '/api/v1/certificates/'],
      ['get', '/api/v1/certificates/{certificate_id}/download/'],
      ['get', '/api/v1/student/dashboard/'],
      ['post', '/api/v1/cancel-subscription/'],
      ['get', '/api/v1/admin/me/'],
    ] as const) {
      expect(op(method, path).security, `${method} ${path}`).toEqual([{ bearerAuth: [] }]);
    }
    for (const [method, path] of [
      ['post', '/api/v1/add-to-cart/'],
      ['post', '/api/v1/create-order/'],
      ['get', '/api/v1/courses/{slug}/'],
    ] as const) {
      expect(op(method, path).security, `${method} ${path}`).toEqual([{}, { bearerAuth: [] }]);
    }
    expect(op('get', '/api/v1/courses/').security).toBeUndefined();
    expect(op('get', '/api/v1/certificates/{certificate_id}/').security).toBeUndefined();
    // Admin calls: the gate's 401 and 403.
    expect(statuses(op('get', '/api/v1/admin/me/'))).toEqual(expect.arrayContaining(['401', '403']));
  });

  it('documents answers without a body as such: analytics events and deletions are 204, the verification link a redirect', () => {
    expect(op('post', '/api/v1/analytics/events/').responses['204']).toEqual({ description: 'Recorded' });
    expect(statuses(op('post', '/api/v1/analytics/events/'))).not.toContain('200');
    expect(op('delete', '/api/v1/admin/coupons/{couponId}/').responses['204']).toEqual({ description: 'Deleted' });
    expect(op('delete', '/api/v1/admin/reviews/{reviewId}/').responses['204']!.content).toBeUndefined();
    expect(op('get', '/api/v1/verify-email/{uid}/{token}/').responses['302']!.content).toBeUndefined();
    expect(Object.keys(op('get', '/api/v1/orders/{orderNumber}/invoice.pdf').responses['200']!.content!)).toEqual(['application/pdf']);
    expect(Object.keys(op('get', '/api/v1/admin/orders/export.csv').responses['200']!.content!)).toEqual(['text/csv']);
  });

  it('documents the bodies read by hand: the checkout form as JSON or multipart, the profile and the four uploads as multipart with their file fields', () => {
    const order = op('post', '/api/v1/create-order/');
    expect(Object.keys(order.requestBody!.content).sort()).toEqual(['application/json', 'multipart/form-data']);
    const orderBody = bodySchema(order, 'application/json');
    expect(orderBody.required).toEqual(expect.arrayContaining(['email', 'total', 'payment_method']));
    // Courses, bundles or both (a bundle-only order sends no courses).
    expect(Object.keys(orderBody.properties!)).toEqual(expect.arrayContaining(['courses', 'bundles']));
    expect(orderBody.properties!.payment_method!.enum).toEqual(['Stripe', 'RazorPay', 'Full_Discount']);
    expect(orderBody.properties!.email!.format).toBe('email');

    const profile = bodySchema(op('put', '/api/v1/edit-user-details/'), 'multipart/form-data');
    expect(profile.properties!.profile_picture).toMatchObject({ type: 'string', format: 'binary' });
    expect(profile.properties!.full_name).toMatchObject({ type: 'string' });

    for (const [path, field] of [
      ['/api/v1/admin/courses/{courseId}/image/', 'image'],
      ['/api/v1/admin/lessons/{lessonId}/resource/', 'file'],
      ['/api/v1/admin/instructor/photo/', 'image'],
      ['/api/v1/admin/reviews/{reviewId}/thumb/', 'image'],
    ] as const) {
      const upload = op('post', path);
      expect(Object.keys(upload.requestBody!.content), path).toEqual(['multipart/form-data']);
      const form = bodySchema(upload, 'multipart/form-data');
      expect(form.properties![field], path).toMatchObject({ type: 'string', format: 'binary' });
      expect(form.required, path).toEqual([field]);
    }
  });

  it('states the formats and choices the server checks: emails, the membership payment method, the contact role', () => {
    for (const path of ['/api/v1/register/', '/api/v1/token/', '/api/v1/resend-verification/', '/api/v1/contact/', '/api/v1/emails/create-abandoned-email/']) {
      expect(bodySchema(op('post', path), 'application/json').properties!.email!.format, path).toBe('email');
    }
    expect(bodySchema(op('post', '/api/v1/forget-password-request/'), 'application/json').properties!.normalizedEmail!.format).toBe('email');
    expect(bodySchema(op('post', '/api/v1/membership-subscription-api/'), 'application/json').properties!.payment_method!.enum).toEqual(
      expect.arrayContaining(['stripe', 'razorpay']),
    );
    expect(bodySchema(op('post', '/api/v1/contact/'), 'application/json').properties!.role!.enum).toEqual(['student', 'client', 'other']);
  });
});

describe('what the document says is what the routes do', () => {
  it('a value the document offers is accepted: each payment_method and role spelling, an email in its format', async () => {
    for (const role of bodySchema(op('post', '/api/v1/contact/'), 'application/json').properties!.role!.enum as string[]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/contact/',
        payload: { name: 'Ada Lovelace', email: 'ada@example.com', role, specify: 'Teacher', message: 'Hello there' },
        remoteAddress: freshIp(),
      });
      expect(res.statusCode, `${role}: ${res.body}`).toBe(200);
    }
  });

  it('a route that reads the bearer token must declare it (an undeclared read is a programming error, never a silent 401)', async () => {
    const request = {
      method: 'GET',
      headers: { authorization: 'Bearer x' },
      routeOptions: { url: '/somewhere/', schema: { tags: ['x'] } },
    } as unknown as FastifyRequest;
    await expect(viewerOf(request, 'secret')).rejects.toThrow(/declare bearerAuth/);
  });

  it('a call that does not read the token ignores it, even a blocked account’s; calls that read it answer that account 401', async () => {
    const admin = await signedIn(t, { isAdmin: true });
    const student = await signedIn(t);
    expect((await admin.call('POST', `/admin/students/${student.user.id}/block/`)).statusCode).toBe(200);
    expect((await student.call('GET', '/courses/')).statusCode).toBe(200);
    expect((await student.call('GET', '/user-details/')).statusCode).toBe(401);
    expect((await student.call('POST', '/add-to-cart/', { course_id: 1, cart_id: crypto.randomUUID() })).statusCode).toBe(401);
  });

  it('error answers keep their shape through the documented schemas (field errors, details with codes, an upload refusal)', async () => {
    const fields = await t.app.inject({ method: 'POST', url: '/api/v1/token/', payload: { email: 'nope' }, remoteAddress: freshIp() });
    expect(fields.statusCode).toBe(400);
    expect(Object.values(fields.json<Record<string, unknown>>()).every((v) => Array.isArray(v))).toBe(true);
    const anonymous = await t.app.inject({ url: '/api/v1/user-details/', remoteAddress: freshIp() });
    expect(anonymous.json()).toEqual({ detail: 'Authentication credentials were not provided.', code: 'not_authenticated' });
    const admin = await signedIn(t, { isAdmin: true });
    const notMultipart = await admin.call('POST', '/admin/instructor/photo/', { image: 'x' });
    expect(notMultipart.statusCode).toBe(415);
    expect(Object.keys(notMultipart.json())).toEqual(['image']);
    const empty = multipart({ note: 'no file' });
    const missing = await admin.call('POST', '/admin/instructor/photo/', undefined, {
      payload: empty.payload,
      headers: { ...admin.headers, ...empty.headers },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toHaveProperty('image');
  });
});
