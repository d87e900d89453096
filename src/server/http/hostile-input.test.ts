import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../db/schema/index.js';
import { MAX_JSON_DEPTH } from './hostile-input.js';
import { createTestApp, createVerifiedUser, loginAs, multipart, type TestApp } from '../../../test/helpers.js';

/**
 * Every registered route, from Fastify's own radix tree (printRoutes: a route's path is the
 * concatenation of its node and its ancestors), so a route added later is walked too without
 * anyone remembering to list it here.
 */
type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

function registeredRoutes(tree: string): { url: string; methods: Method[] }[] {
  const routes: { url: string; methods: Method[] }[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│├└─\s]*?)(?:[├└]── )(\S+)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    if (match[3]) routes.push({ url: stack.join(''), methods: match[3].split(', ') as Method[] });
  }
  return routes;
}

/** Already percent-encoded, as they arrive on the wire. */
const hostileSegments = [
  '%00',
  'intro%00.md',
  '..',
  '%2e%2e',
  '..%2f..%2f.jwt-secret',
  '%C0%AF',
  '%FF',
  '%E2%82',
  '%',
  '%zz',
  'a'.repeat(201),
  'a'.repeat(5000),
  "x'%20OR%201=1--",
  '%3Cscript%3Ealert(1)%3C%2Fscript%3E',
  'x%0d%0aSet-Cookie:%20a=1',
  '%24%7Bjndi:ldap://x%7D',
  '-1',
  '1e309',
  '99999999999999999999999',
  '%F0%9F%92%A9',
];

const hostileQuery =
  '?search=%00&ip=%00&order_id=%00&cart_items=1%00&course_status=%00&token=%00&email=a%00@b.c&uid=%00&session_id=%00&course_slug=%00&type=%FF%';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  const admin = await createVerifiedUser(t, { isAdmin: true });
  adminToken = (await loginAs(t, admin.email, admin.password)).access;
});
afterAll(() => t.close());

/** Dot segments that an HTTP client would resolve away: sent only over a raw socket (below). */
const dotSegments = new Set(['..', '%2e%2e']);

/** One request written byte for byte on a socket, as an attacker's client sends it (no URL normalising). */
function rawGet(port: number, target: string): Promise<{ status: number; response: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`));
    let response = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (response += chunk));
    socket.on('error', reject);
    socket.on('end', () => resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(response)?.[1] ?? 0), response }));
  });
}

function urlsFor(route: string): string[] {
  const params = route.match(/:\w+|\*/g) ?? [];
  if (params.length === 0) return [`${route}/%00`, `${route}/%C0%AF`, `${route}${hostileQuery}`];
  const urls: string[] = [];
  for (const target of params) {
    for (const segment of hostileSegments.filter((v) => !dotSegments.has(v))) {
      urls.push(route.replace(/:\w+|\*/g, (name) => (name === target ? segment : '1')));
    }
  }
  return urls;
}

describe('hostile path and query input on every route', () => {
  it('finds the routes in the tree', () => {
    const routes = registeredRoutes(t.app.printRoutes()).map((r) => r.url);
    expect(routes.length).toBeGreaterThan(60);
    expect(routes).toEqual(
      expect.arrayContaining(['/api/v1/courses/:slug', '/api/v1/orders/:orderNumber/invoice.pdf', '/api/v1/verify-email/:uid/:token', '/uploads/*']),
    );
  });

  it('answers 400 or 404, never a 5xx, to visitors and to an admin alike', async () => {
    const failures: string[] = [];
    let examined = 0;
    for (const { url: route, methods } of registeredRoutes(t.app.printRoutes())) {
      for (const method of methods.filter((m) => m !== 'HEAD')) {
        for (const url of urlsFor(route)) {
          for (const authorization of [undefined, `Bearer ${adminToken}`]) {
            const headers: Record<string, string> = authorization ? { authorization } : {};
            const res =
              method === 'GET'
                ? await t.app.inject({ method, url, headers })
                : await t.app.inject({ method, url, headers: { ...headers, 'content-type': 'application/json' }, payload: '{}' });
            const status = res.statusCode;
            // 401/403: refused before the input was read (a visitor; the fake providers' APIs want their own key).
            // A link a browser follows (the verification email's) may redirect, to a fixed page of ours.
            const ok =
              status === 400 ||
              status === 404 ||
              ((status === 401 || status === 403) && (!authorization || !route.startsWith('/api/v1/'))) ||
              (status === 302 && /^\/[a-z/-]*\/\?status=[a-z-]+$/.test(String(res.headers.location)));
            if (authorization && route.startsWith('/api/v1/')) examined++;
            if (!ok) failures.push(`${status} ${method} ${url.slice(0, 80)} ${authorization ? '(admin)' : ''} ${res.body.slice(0, 120)}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(examined).toBeGreaterThan(400);
  }, 240_000);

  it('dot segments sent raw never leave a route or reach a file outside its folder', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const failures: string[] = [];
    const targets = registeredRoutes(t.app.printRoutes())
      .filter((r) => r.methods.includes('GET') && /:\w+|\*/.test(r.url))
      .flatMap((r) => [...dotSegments, '../../.jwt-secret', '..%2f..%2f.jwt-secret'].map((segment) => r.url.replace(/:\w+|\*/g, segment)));
    for (const target of targets) {
      const { status, response } = await rawGet(port, target);
      if (![400, 401, 403, 404].includes(status) && !(status === 302 && /location: \/login\/\?status=invalid-link/i.test(response)))
        failures.push(`${status} ${target} ${response.slice(0, 300)}`);
      if (response.includes(t.config.jwtSecret)) failures.push(`secret leaked by ${target}`);
    }
    expect(targets.length).toBeGreaterThan(50);
    expect(failures).toEqual([]);
  });

  it('never echoes the hostile address back in the error', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/courses/%3Cscript%3E%FF/' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'The request could not be read.' });
  });
});

describe('hostile text in a body', () => {
  it('a JSON body with a NUL character gets a field error, not a 500, and nothing is stored', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/contact/',
      payload: { name: 'Asha Rao', email: 'asha@example.com', role: 'student', specify: '', message: 'Hello\u0000there' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: ['This value contains a character that is not allowed.'] });
    expect(await t.handle.db.select().from(contactMessages)).toHaveLength(0);
  });

  it('a multipart form with a NUL character gets a field error, not a 500', async () => {
    const form = multipart({ full_name: 'Nul\u0000 Byte', email: 'nul@example.com' });
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/create-order/', payload: form.payload, headers: form.headers });
    expect(res.statusCode).toBe(400);
    expect(res.json<Record<string, string[]>>()).toHaveProperty('full_name');
  });
});

describe('deeply nested JSON', () => {
  const arrays = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
  const objects = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
  const tooDeep = { detail: 'The request is nested too deeply.' };

  for (const depth of [5_000, 100_000]) {
    for (const [shape, make] of [
      ['arrays', arrays],
      ['objects', objects],
    ] as const) {
      it(`${depth.toLocaleString('en')} levels of ${shape} get a 400 before anything reads them, and nothing is stored`, async () => {
        const admin = { authorization: `Bearer ${adminToken}` };
        const json = { 'content-type': 'application/json' };
        const calls = [
          { method: 'POST', url: '/api/v1/contact/', payload: make(depth) },
          { method: 'POST', url: '/api/v1/contact/', payload: `{"name":"Asha","message":${make(depth)}}` },
          { method: 'POST', url: '/api/v1/create-order/', payload: `{"full_name":"Asha","courses":${make(depth)}}` },
          { method: 'POST', url: '/api/v1/token/', payload: `{"email":${make(depth)},"password":"x"}` },
          { method: 'PATCH', url: '/api/v1/admin/instructor/', payload: make(depth), headers: admin },
        ] as const;
        for (const call of calls) {
          const res = await t.app.inject({
            method: call.method,
            url: call.url,
            payload: call.payload,
            headers: { ...json, ...('headers' in call ? call.headers : {}) },
          });
          expect(`${call.url} ${res.statusCode} ${res.body.slice(0, 200)}`).toBe(`${call.url} 400 ${JSON.stringify(tooDeep)}`);
        }
        expect(await t.handle.db.select().from(contactMessages)).toHaveLength(0);
      });
    }
  }

  it('a body nested as deep as the limit is still read', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/contact/',
      headers: { 'content-type': 'application/json' },
      payload: `{"name":"Asha","extra":${arrays(MAX_JSON_DEPTH - 1)}}`,
    });
    // Read and refused by the contact form's own rules (missing fields), not as too deep.
    expect(res.statusCode).toBe(400);
    expect(res.json()).not.toEqual(tooDeep);
    expect(res.json()).toHaveProperty('email');
  });

  it('no route answers a 5xx to a deep body, for a visitor or an admin', async () => {
    const failures: string[] = [];
    for (const { url: route, methods } of registeredRoutes(t.app.printRoutes())) {
      for (const method of methods.filter((m) => m === 'POST' || m === 'PUT' || m === 'PATCH' || m === 'DELETE')) {
        for (const authorization of [undefined, `Bearer ${adminToken}`]) {
          const url = route.replace(/:\w+|\*/g, '1');
          const res = await t.app.inject({
            method,
            url,
            headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
            payload: arrays(5_000),
          });
          if (res.statusCode >= 500) failures.push(`${res.statusCode} ${method} ${url} ${res.body.slice(0, 120)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
