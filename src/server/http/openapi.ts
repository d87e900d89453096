import type { FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, type ErrorStatus } from '../../shared/errors.js';

/**
 * What the OpenAPI document (/api/docs/json) says about each call comes from the route itself:
 * its zod schemas, its security, and the answers derived here from what the route can do. A
 * route declares only what is its own (an owner check's 403, a conflict's 409); the rest is
 * derived once, in `documentAnswers`:
 *
 * - every call: 400 (the input guard refuses hostile input on every route, and schemas refuse bad input);
 * - a call that takes a body (POST, PUT, PATCH, DELETE): 413 (body limit) and 415 (a content type it does not parse);
 * - a path with parameters: 404;
 * - security with bearerAuth: 401 (no token where one is required, an invalid or expired one anywhere);
 * - a rate limit: 429.
 *
 * The answers are attached to the route's response schemas, so the error bodies are serialised
 * through the same schemas the document shows.
 */

declare module 'fastify' {
  interface FastifySchema {
    /** Documentation of a body the handler reads itself (multipart forms): its media types and the zod schema its fields are parsed with. */
    form?: DocumentedForm;
  }
}

export interface DocumentedForm {
  consumes: string[];
  schema: z.ZodType;
}

/** A call that requires the bearer token (401 without it). */
export const bearerAuth = { security: [{ bearerAuth: [] }] } as const satisfies Pick<FastifySchema, 'security'>;
/** A call open to anyone that reads the bearer token when one is sent (its answer depends on the viewer; an invalid token is 401). */
export const optionalBearerAuth = { security: [{}, { bearerAuth: [] }] } as const satisfies Pick<FastifySchema, 'security'>;

/** Whether the route's schema declares that it reads the bearer token. */
export function readsBearer(schema: FastifySchema | undefined): boolean {
  return Boolean(schema?.security?.some((requirement) => 'bearerAuth' in requirement));
}

type DocumentedResponse = { description: string; content: Record<string, { schema: z.ZodType }> };

const errorResponse = (status: ErrorStatus): DocumentedResponse => ({
  description: errorResponses[status].description,
  content: { 'application/json': { schema: errorResponses[status].schema } },
});

/** The documented refusals a route answers beyond those derived from what it does: `response: { 200: x, ...errors(403, 409) }`. */
export function errors(...statuses: ErrorStatus[]): Record<number, DocumentedResponse> {
  return Object.fromEntries(statuses.map((status) => [status, errorResponse(status)]));
}

/** Adds refusals to a route's documented (and serialised) answers, leaving those the route declared itself. */
export function addAnswers(route: RouteOptions, statuses: Iterable<ErrorStatus>): void {
  const schema = route.schema ?? {};
  const response: Record<string, unknown> = { ...(schema.response as Record<string, unknown> | undefined) };
  for (const status of statuses) response[status] ??= errorResponse(status);
  route.schema = { ...schema, response };
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** onRoute hook of the API: derives the refusals every route can give from what it does (see above). */
export function documentAnswers(route: RouteOptions): void {
  if (route.schema?.hide) return;
  const statuses: ErrorStatus[] = [400];
  if (readsBearer(route.schema)) statuses.push(401);
  if ([route.method].flat().some((method) => BODY_METHODS.has(method))) statuses.push(413, 415);
  if (route.url.includes(':')) statuses.push(404);
  if ((route.config as { rateLimit?: unknown } | undefined)?.rateLimit) statuses.push(429);
  addAnswers(route, statuses);
}

/** onRoute hook of a context whose routes are development tools (sandboxes, fakes, the dev mailbox): kept out of the document. */
export function hideFromDocument(route: RouteOptions): void {
  route.schema = { ...route.schema, hide: true };
}

/** A file in a multipart form (documentation). */
export const fileField = (description: string) => z.string().meta({ format: 'binary', description });

/** A success without a body (204), or a redirect: documented without content. */
export const noContent = (description: string) => z.null().meta({ description, 'x-no-content': true });

/** A file or page answered instead of JSON (PDF, CSV, HTML), in any of the given media types. */
export function fileResponse(mediaTypes: string | string[], description: string): DocumentedResponse {
  const content: DocumentedResponse['content'] = {};
  for (const mediaType of [mediaTypes].flat()) content[mediaType] = { schema: z.string().meta(mediaType.startsWith('text/') ? {} : { format: 'binary' }) };
  return { description, content };
}

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/**
 * The swagger transform: zod schemas to JSON Schema (fastify-type-provider-zod), plus the
 * documented form of a body read by hand (multipart) and answers without content (204, redirects).
 */
export function documentTransform(input: TransformInput): ReturnType<typeof jsonSchemaTransform> {
  const { form, ...schema } = (input.schema ?? {}) as FastifySchema;
  const out = jsonSchemaTransform({ ...input, schema: form ? { ...schema, body: form.schema, consumes: form.consumes } : schema } as TransformInput);
  const responses = (schema.response ?? {}) as Record<string, unknown>;
  const documented = (out.schema as { response?: Record<string, unknown> }).response;
  for (const [status, response] of Object.entries(responses)) {
    const meta = response instanceof z.ZodType ? (z.globalRegistry.get(response) as { description?: string; 'x-no-content'?: boolean } | undefined) : undefined;
    if (documented && meta?.['x-no-content']) documented[status] = { type: 'null', description: meta.description };
  }
  return out;
}
