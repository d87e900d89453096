import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import fc from 'fast-check';
import sharp from 'sharp';
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, createVerifiedUser, freshIp, loginAs, type TestApp } from '../../test/helpers.js';
import { startFakeProviders } from '../../test/payments.js';

/**
 * The API as its OpenAPI document describes it, walked by a property-based fuzzer (issue 20):
 * every operation of /api/docs/json, as a visitor, a student and an admin, with values generated
 * from the operation's own schemas mixed with boundary and hostile ones (huge and negative ids,
 * empty and huge strings, wrong types, deep nesting, odd Unicode with lone surrogates, bodies of
 * the wrong type). It fails on any 5xx, any status the document does not list for the operation,
 * and any answer whose body (or media type) is not the documented one.
 *
 * FUZZ_RUNS: requests per operation and role (default 4, about 1,700 requests, within a minute);
 * FUZZ_SEED: the base seed (fixed by default, so a run is reproducible).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 4);
const SEED = Number(process.env.FUZZ_SEED ?? 20_2611);

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Schema = Record<string, unknown>;
interface Operation {
  method: string;
  path: string;
  op: {
    parameters?: { in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema: Schema }[];
    requestBody?: { content: Record<string, { schema: Schema }> };
    responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
    security?: Record<string, string[]>[];
  };
}
type Role = 'visitor' | 'student' | 'admin';

interface FuzzRequest {
  url: string;
  body?: { contentType: string; payload: string | Buffer } | undefined;
  label: string;
}

/** OpenAPI 3.0 schema → JSON Schema draft 7 (what ajv reads): nullable and the boolean exclusive bounds. */
function toJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toJsonSchema);
  if (!node || typeof node !== 'object') return node;
  const out: Schema = {};
  for (const [key, value] of Object.entries(node)) out[key] = key === 'enum' || key === 'required' ? value : toJsonSchema(value);
  if (out.exclusiveMinimum === true) {
    out.exclusiveMinimum = out.minimum;
    delete out.minimum;
  }
  if (out.exclusiveMaximum === true) {
    out.exclusiveMaximum = out.maximum;
    delete out.maximum;
  }
  if (out.exclusiveMinimum === false) delete out.exclusiveMinimum;
  if (out.exclusiveMaximum === false) delete out.exclusiveMaximum;
  if (out.nullable === true) {
    delete out.nullable;
    if (typeof out.type === 'string') {
      out.type = [out.type, 'null'];
      if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...(out.enum as unknown[]), null];
    } else {
      const rest = { ...out };
      for (const key of Object.keys(out)) delete out[key];
      out.anyOf = [rest, { type: 'null' }];
    }
  }
  return out;
}

// ---------------------------------------------------------------- values

const LONE_SURROGATES = ['\ud800', '\udfff', 'a\ud83d', '\ude00b'];
const ODD_TEXT = [
  '',
  ' ',
  '\u202e\u0644\u0627',
  '👩🏽‍💻',
  'ﬀ\u0301\u200b',
  'Ω'.repeat(300),
  'x'.repeat(10_001),
  '%00',
  '../../etc/passwd',
  "' or 1=1 --",
  '<script>alert(1)</script>',
  ...LONE_SURROGATES,
];
const ODD_NUMBERS = [0, -1, -2_147_483_649, 2_147_483_647, 2_147_483_648, 9_007_199_254_740_992, 1e20, 1e308, -1e308, 0.5];

function deepNesting(levels: number): Json {
  let value: Json = [];
  for (let i = 0; i < levels; i++) value = [value];
  return value;
}

/** Anything at all, for a value of the wrong type. */
const wrongType: fc.Arbitrary<Json> = fc.oneof(
  fc.constantFrom<Json>(null, true, false, [], {}, '', 'null', '1', -1, 2_147_483_648, 1.5, { $gt: '' }, [1, 2, 3]),
  fc.constantFrom(...ODD_TEXT),
  fc.constantFrom(...ODD_NUMBERS),
  fc.constant(deepNesting(40)),
);

interface Known {
  integers: number[];
  strings: string[];
  uuids: string[];
}

/** A value for a JSON schema: mostly valid, sometimes at or past its bounds, sometimes of the wrong type. */
function valueOf(schema: Schema, doc: Schema, known: Known, depth = 0): fc.Arbitrary<Json> {
  if (typeof schema.$ref === 'string') return valueOf(resolveRef(doc, schema.$ref), doc, known, depth);
  const valid = validValue(schema, doc, known, depth);
  if (depth > 4) return valid;
  return fc.oneof({ arbitrary: valid, weight: 6 }, { arbitrary: wrongType, weight: 1 });
}

function validValue(schema: Schema, doc: Schema, known: Known, depth: number): fc.Arbitrary<Json> {
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as Json[]));
  const alternatives = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (alternatives) return fc.oneof(...alternatives.map((s) => valueOf(s, doc, known, depth + 1)));
  const nullable = schema.nullable === true;
  const base = typedValue(schema, doc, known, depth);
  return nullable ? fc.oneof({ arbitrary: base, weight: 4 }, { arbitrary: fc.constant(null), weight: 1 }) : base;
}

function typedValue(schema: Schema, doc: Schema, known: Known, depth: number): fc.Arbitrary<Json> {
  const type = Array.isArray(schema.type) ? (schema.type as string[])[0] : (schema.type as string | undefined);
  switch (type) {
    case 'integer':
    case 'number': {
      const min = typeof schema.minimum === 'number' ? schema.minimum : -1e6;
      const max = typeof schema.maximum === 'number' ? schema.maximum : 1e6;
      const low = Math.max(min, -1e9);
      const high = Math.min(max, 1e9);
      const inRange = type === 'integer' ? fc.integer({ min: Math.ceil(low), max: Math.floor(high) }) : fc.double({ min: low, max: high, noNaN: true });
      return fc.oneof(
        { arbitrary: inRange, weight: 3 },
        { arbitrary: fc.constantFrom(...known.integers), weight: 3 },
        { arbitrary: fc.constantFrom(...ODD_NUMBERS, min, max), weight: 2 },
      );
    }
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const items = (schema.items as Schema | undefined) ?? {};
      const maxLength = Math.min(typeof schema.maxItems === 'number' ? schema.maxItems : 4, 4);
      return fc.oneof(
        { arbitrary: fc.array(valueOf(items, doc, known, depth + 1), { maxLength }), weight: 5 },
        { arbitrary: fc.array(valueOf(items, doc, known, depth + 1), { minLength: 60, maxLength: 70 }), weight: 1 },
      );
    }
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const required = new Set((schema.required as string[] | undefined) ?? []);
      const names = Object.keys(properties);
      if (!names.length) return fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(fc.string({ maxLength: 8 }), fc.integer()), { maxKeys: 3 });
      const record = fc.record(Object.fromEntries(names.map((name) => [name, valueOf(properties[name]!, doc, known, depth + 1)])), {
        requiredKeys: names.filter((name) => required.has(name)),
      }) as fc.Arbitrary<Json>;
      // Sometimes a required field goes missing, or an unknown one comes along.
      return fc.oneof(
        { arbitrary: record, weight: 8 },
        { arbitrary: record.map((value) => ({ ...(value as object), unexpected: 'field' }) as Json), weight: 1 },
        { arbitrary: fc.constant({} as Json), weight: 1 },
      );
    }
    default:
      return stringValue(schema, known);
  }
}

function stringValue(schema: Schema, known: Known): fc.Arbitrary<Json> {
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : 300;
  let valid: fc.Arbitrary<string>;
  switch (schema.format) {
    case 'email':
      valid = fc.emailAddress();
      break;
    case 'uuid':
      valid = fc.oneof(fc.uuid(), fc.constantFrom(...known.uuids));
      break;
    case 'date-time':
      valid = fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
      break;
    case 'date':
      valid = fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
      break;
    default:
      valid =
        typeof schema.pattern === 'string'
          ? fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= maxLength)
          : fc.string({ minLength, maxLength: Math.min(maxLength, 40), unit: 'grapheme' });
  }
  return fc.oneof(
    { arbitrary: valid, weight: 6 },
    { arbitrary: fc.constantFrom(...known.strings), weight: 2 },
    { arbitrary: fc.constantFrom(...ODD_TEXT, 'y'.repeat(Math.min(maxLength + 1, 100_000)), 'z'.repeat(minLength)), weight: 2 },
    { arbitrary: fc.string({ unit: 'binary', maxLength: 30 }), weight: 1 },
  );
}

function resolveRef(doc: Schema, ref: string): Schema {
  let node: unknown = doc;
  for (const part of ref.replace(/^#\//, '').split('/')) node = (node as Schema)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  return node as Schema;
}

// ---------------------------------------------------------------- requests

/** Percent-encodes text for a URL; a lone surrogate (not UTF-8 at all) goes as the bytes a careless encoder sends. */
function encode(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    out +=
      code >= 0xd800 && code <= 0xdfff
        ? `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 63)).toString(16)}%${(0x80 | (code & 63)).toString(16)}`
        : encodeURIComponent(char);
  }
  return out;
}

const asText = (value: Json): string =>
  typeof value === 'string' ? value : typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);

/** A path parameter as a segment: an empty one, '.' or '..' cannot be addressed (clients and URL parsers remove them), so 'x' instead. */
const pathSegment = (value: Json): string => {
  const text = asText(value);
  return text === '' || text === '.' || text === '..' ? 'x' : text;
};

function multipartBody(fields: [string, string][], files: { field: string; data: Buffer; type: string }[]): { contentType: string; payload: Buffer } {
  const boundary = '----lecternfuzz7d1a';
  const chunks: Buffer[] = [];
  for (const [name, value] of fields) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  for (const file of files) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="upload"\r\nContent-Type: ${file.type}\r\n\r\n`));
    chunks.push(file.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { contentType: `multipart/form-data; boundary=${boundary}`, payload: Buffer.concat(chunks) };
}

function requestFor(operation: Operation, doc: Schema, known: Known, files: Record<string, Buffer>): fc.Arbitrary<FuzzRequest> {
  const params = operation.op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const pathValues = fc.tuple(...pathParams.map((p) => valueOf(p.schema, doc, known).map(pathSegment)));
  const queryValues = fc.tuple(
    ...queryParams.map((p) =>
      p.required ? valueOf(p.schema, doc, known).map((v) => v as Json | undefined) : fc.option(valueOf(p.schema, doc, known), { nil: undefined }),
    ),
  );
  const content = operation.op.requestBody?.content ?? {};
  const bodies: fc.Arbitrary<FuzzRequest['body'] & { label: string }>[] = [];
  for (const [mediaType, { schema }] of Object.entries(content)) {
    const resolved = typeof schema.$ref === 'string' ? resolveRef(doc, schema.$ref) : schema;
    if (mediaType === 'application/json') {
      bodies.push(valueOf(resolved, doc, known).map((value) => ({ contentType: 'application/json', payload: JSON.stringify(value), label: 'json' })));
    } else if (mediaType === 'multipart/form-data') {
      const properties = (resolved.properties ?? {}) as Record<string, Schema>;
      const fileFields = Object.keys(properties).filter((name) => properties[name]!.format === 'binary');
      const fieldSchema = { ...resolved, properties: Object.fromEntries(Object.entries(properties).filter(([name]) => !fileFields.includes(name))) };
      bodies.push(
        fc
          .tuple(
            validValue(fieldSchema, doc, known, 0),
            fc.array(fc.tuple(fc.constantFrom(...fileFields, 'other'), fc.constantFrom(...Object.keys(files))), { maxLength: fileFields.length ? 2 : 0 }),
          )
          .map(([value, chosen]) => {
            const fields: [string, string][] = [];
            for (const [name, v] of Object.entries((value ?? {}) as Record<string, Json>)) {
              for (const item of Array.isArray(v) ? v : [v]) fields.push([name, asText(item)]);
            }
            const sent = chosen.map(([field, kind]) => ({
              field,
              data: files[kind]!,
              type: kind === 'png' ? 'image/png' : kind === 'pdf' ? 'application/pdf' : 'application/octet-stream',
            }));
            return { ...multipartBody(fields, sent), label: 'multipart' };
          }),
      );
    }
  }
  const takesBody = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(operation.method);
  // What a careless or hostile client sends instead: another type, broken JSON, deep nesting, nothing.
  const oddBodies = fc.constantFrom<FuzzRequest['body'] & { label: string }>(
    { contentType: 'text/plain', payload: 'hello', label: 'text/plain' },
    { contentType: 'application/json', payload: '{"broken":', label: 'broken json' },
    { contentType: 'application/json', payload: `${'['.repeat(6000)}${']'.repeat(6000)}`, label: 'deep json array' },
    { contentType: 'application/json', payload: `${'{"a":'.repeat(6000)}1${'}'.repeat(6000)}`, label: 'deep json object' },
    { contentType: 'application/json', payload: '"\\ud800"', label: 'json lone surrogate' },
    { contentType: 'application/xml', payload: '<a/>', label: 'xml' },
  );
  const body: fc.Arbitrary<(FuzzRequest['body'] & { label: string }) | undefined> = !takesBody
    ? fc.constant(undefined)
    : bodies.length
      ? fc.oneof({ arbitrary: fc.oneof(...bodies), weight: 5 }, { arbitrary: oddBodies, weight: 1 }, { arbitrary: fc.constant(undefined), weight: 1 })
      : fc.oneof({ arbitrary: fc.constant(undefined), weight: 4 }, { arbitrary: oddBodies, weight: 1 });
  return fc.tuple(pathValues, queryValues, body).map(([path, query, chosen]) => {
    let url = operation.path;
    pathParams.forEach((p, i) => (url = url.replace(`{${p.name}}`, encode(path[i]!))));
    const search = queryParams.flatMap((p, i) => {
      const value = query[i];
      if (value === undefined) return [];
      return (Array.isArray(value) ? value : [value]).map((v) => `${encodeURIComponent(p.name)}=${encode(asText(v))}`);
    });
    if (search.length) url += `?${search.join('&')}`;
    return { url, body: chosen && { contentType: chosen.contentType, payload: chosen.payload }, label: chosen?.label ?? 'no body' };
  });
}

// ---------------------------------------------------------------- the run

let t: TestApp;
let fake: Awaited<ReturnType<typeof startFakeProviders>> | undefined;
let doc: Schema;
let ajv: Ajv;
const tokens: Partial<Record<Role, string>> = {};
const known: Known = { integers: [1, 2, 3], strings: ['x'], uuids: [] };
const files: Record<string, Buffer> = {};
const stats = { operations: 0, requests: 0, byStatus: new Map<number, number>() };
/** What the server logged with console.error (it does for every 500 in tests) while the current request ran. */
const logged: string[] = [];
/** One example per operation and kind of problem. */
const failures = new Map<string, string>();
const validators = new Map<string, ValidateFunction>();

function validatorFor(pointer: string): ValidateFunction {
  let validate = validators.get(pointer);
  if (!validate) {
    validate = ajv.compile({ $ref: `openapi.json#${pointer}` });
    validators.set(pointer, validate);
  }
  return validate;
}

const pointerPart = (part: string) => part.replace(/~/g, '~0').replace(/\//g, '~1');

/** The problem with this answer, or undefined when it is what the document says. */
function problemWith(operation: Operation, status: number, contentType: string | undefined, body: string): string | undefined {
  if (status >= 500) return `server error ${status}: ${body.slice(0, 300)}`;
  const documented = operation.op.responses[String(status)] ?? operation.op.responses.default;
  if (!documented) return `undocumented status ${status} (documented: ${Object.keys(operation.op.responses).join(', ')}): ${body.slice(0, 300)}`;
  if (!documented.content) return body.length ? `status ${status} is documented without content, answered ${body.length} bytes` : undefined;
  const mediaType = (contentType ?? '').split(';')[0]!.trim();
  if (!documented.content[mediaType])
    return `status ${status} answered ${mediaType || 'no media type'}, documented ${Object.keys(documented.content).join(', ')}`;
  if (mediaType !== 'application/json') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return `status ${status}: body is not JSON: ${body.slice(0, 200)}`;
  }
  const pointer = `/paths/${pointerPart(operation.path)}/${operation.method.toLowerCase()}/responses/${status}/content/${pointerPart(mediaType)}/schema`;
  const validate = validatorFor(pointer);
  if (!validate(parsed)) return `status ${status}: body off its schema: ${ajv.errorsText(validate.errors)}; body ${body.slice(0, 300)}`;
  return undefined;
}

async function send(role: Role, operation: Operation, request: FuzzRequest) {
  const headers: Record<string, string> = {};
  const token = role === 'visitor' ? undefined : tokens[role];
  if (token) headers.authorization = `Bearer ${token}`;
  if (request.body) headers['content-type'] = request.body.contentType;
  return t.app.inject({
    method: operation.method as 'GET',
    url: request.url,
    headers,
    ...(request.body ? { payload: request.body.payload } : {}),
    remoteAddress: freshIp(),
  });
}

function seedOf(text: string): number {
  let hash = SEED | 0;
  for (let i = 0; i < text.length; i++) hash = (Math.imul(hash, 31) + text.charCodeAt(i)) | 0;
  return hash;
}

describe('the API answers as its OpenAPI document says', () => {
  beforeAll(async () => {
    t = await createTestApp({
      env: { ACCESS_TOKEN_TTL_MINUTES: '600' },
      // Payments reach local fakes of Stripe's and Razorpay's APIs, as in production they reach the providers.
      setup: async (handle) => {
        fake = await startFakeProviders(handle.db);
        return { stripe: fake.stripe, razorpay: fake.razorpay };
      },
    });
    const student = await createVerifiedUser(t, { fullName: 'Fuzz Student' });
    const admin = await createVerifiedUser(t, { fullName: 'Fuzz Admin', isAdmin: true });
    tokens.student = (await loginAs(t, student.email)).access;
    tokens.admin = (await loginAs(t, admin.email)).access;
    doc = (await t.app.inject({ url: '/api/docs/json' })).json();

    // Values that reach past "not found": the seeded catalog's ids, slugs and lesson ids, our users.
    const courses = (await t.app.inject({ url: '/api/v1/courses/' })).json<{ id: number; slug: string; course_type: string }[]>();
    // The student owns a course, so lesson, progress and question calls reach past "not enrolled".
    const free = courses.find((c) => c.course_type === 'free');
    if (free) {
      const enrolled = await t.app.inject({ method: 'POST', url: `/api/v1/free-enroll/${free.id}/`, headers: { authorization: `Bearer ${tokens.student}` } });
      expect(enrolled.statusCode, enrolled.body).toBe(200);
      known.integers.push(free.id);
      known.strings.push(free.slug);
    }
    known.integers.push(student.id, admin.id, ...courses.slice(0, 4).map((c) => c.id));
    known.strings.push(...courses.slice(0, 4).map((c) => c.slug));
    for (const course of [...(free ? [free] : []), ...courses.slice(0, 2)]) {
      const detail = (await t.app.inject({ url: `/api/v1/courses/${course.slug}/` })).json<{
        sections?: { lessons?: { lesson_uuid?: string; uuid?: string }[] }[];
      }>();
      for (const section of detail.sections ?? [])
        for (const lesson of section.lessons ?? []) known.uuids.push(...[lesson.lesson_uuid ?? lesson.uuid ?? []].flat());
    }
    if (!known.uuids.length) known.uuids.push('00000000-0000-4000-8000-000000000000');
    files.png = await sharp({ create: { width: 32, height: 18, channels: 3, background: '#3730a3' } })
      .png()
      .toBuffer();
    files.pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    files.junk = Buffer.from('not a picture at all');

    ajv = new Ajv({ strict: false, allErrors: false, validateFormats: true });
    addFormats(ajv);
    ajv.addFormat('binary', true);
    ajv.addSchema(toJsonSchema(doc) as Schema, 'openapi.json');
  });

  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it(`every operation, as a visitor, a student and an admin (${RUNS} requests each, seed ${SEED})`, { timeout: 30 * 60_000 }, async () => {
    const consoleError = vi.spyOn(console, 'error');
    const previous = consoleError.getMockImplementation();
    consoleError.mockImplementation(
      (...args: unknown[]) => void logged.push(args.map((a) => (typeof a === 'string' ? a : inspect(a, { depth: 4 }))).join(' ')),
    );
    const started = Date.now();
    const operations: Operation[] = [];
    for (const [path, methods] of Object.entries(doc.paths as Record<string, Record<string, Operation['op']>>)) {
      for (const [method, op] of Object.entries(methods)) operations.push({ method: method.toUpperCase(), path, op });
    }
    stats.operations = operations.length;
    for (const operation of operations) {
      for (const role of ['visitor', 'student', 'admin'] as const) {
        const name = `${operation.method} ${operation.path} as ${role}`;
        await fc.assert(
          fc.asyncProperty(requestFor(operation, doc, known, files), async (request) => {
            const res = await send(role, operation, request);
            stats.requests++;
            stats.byStatus.set(res.statusCode, (stats.byStatus.get(res.statusCode) ?? 0) + 1);
            const errorsLogged = logged.splice(0);
            const problem =
              problemWith(operation, res.statusCode, res.headers['content-type'] as string | undefined, res.body) ??
              (errorsLogged.length ? `the server logged an error: ${errorsLogged.join('\n').slice(0, 500)}` : undefined);
            if (problem) {
              const key = `${operation.method} ${operation.path} ${problem.slice(0, 40)}`;
              if (!failures.has(key))
                failures.set(key, `${name}: ${problem}\n    request: ${request.url} (${request.label}) ${String(request.body?.payload ?? '').slice(0, 200)}`);
            }
            return true;
          }),
          { seed: seedOf(name), numRuns: RUNS },
        );
      }
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const statuses = [...stats.byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s}×${n}`)
      .join(' ');
    consoleError.mockImplementation(previous ?? (() => undefined));
    console.info(`API fuzz: ${stats.operations} operations, ${stats.requests} requests in ${seconds} s (${statuses})`);
    expect([...failures.values()]).toEqual([]);
  });
});
