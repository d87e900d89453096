import { Transform } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '../../shared/messages.js';
import { AppError, fieldErrorsOf } from '../errors.js';
import { makeWellFormed } from '../lib/text.js';

/**
 * The longest path parameter any route accepts (the contract's slugs are at most 200 characters);
 * the router refuses a longer one (400) before any route runs.
 */
export const MAX_PARAM_LENGTH = 200;

/**
 * The deepest a JSON body may nest arrays and objects. The contract's deepest body nests 3 levels;
 * recursion over a body thousands of levels deep (our walks, zod, String() of an array) overflowed
 * the stack and answered 500.
 */
export const MAX_JSON_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/**
 * Passes a JSON body through while counting how deep its arrays and objects nest (outside
 * strings, across chunks, without parsing: these bytes never occur inside a multi-byte UTF-8
 * character); past MAX_JSON_DEPTH the request fails with a 400 before the body is parsed, so
 * nothing recursive ever sees it.
 */
function jsonDepthGuard(): Transform {
  let depth = 0;
  let inString = false;
  let escaped = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      for (let i = 0; i < chunk.length; i++) {
        const byte = chunk[i]!;
        if (inString) {
          if (escaped) escaped = false;
          else if (byte === BACKSLASH) escaped = true;
          else if (byte === QUOTE) inString = false;
        } else if (byte === QUOTE) inString = true;
        else if (byte === OPEN_BRACKET || byte === OPEN_BRACE) {
          if (++depth > MAX_JSON_DEPTH) return callback(new AppError('bad_request', messages.http.tooDeep));
        } else if (byte === CLOSE_BRACKET || byte === CLOSE_BRACE) depth--;
      }
      callback(null, chunk);
    },
  });
}

/** application/json and the +json types: the bodies a JSON parser will read. */
function isJson(contentType: string | undefined): boolean {
  const essence = contentType?.split(';', 1)[0]!.trim().toLowerCase() ?? '';
  return essence === 'application/json' || essence.endsWith('+json');
}

/** C0 control characters and DEL: never part of an address we serve. */
function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

const hasNul = (text: string) => text.includes('\u0000');

/**
 * One pass over a parsed body (or query), without recursion: every string and key is made
 * well-formed text (`makeWellFormed`, lib/text.ts: a lone surrogate becomes U+FFFD), and the
 * first field (dotted path) holding a NUL character, which PostgreSQL cannot store in text, is
 * returned: left alone, it reaches a query and fails there as a 500.
 */
export function cleanInput(value: unknown): string | undefined {
  return makeWellFormed(value, hasNul);
}

/** Reported, like every validation issue, under its top-level field (fieldErrorsOf). */
export function nulFieldError(field: string): AppError {
  const path = field === 'non_field_errors' ? [] : field.split('.');
  return AppError.fields(fieldErrorsOf([{ path, message: messages.http.invalidCharacters }]));
}

const badRequest = (reply: FastifyReply) => reply.code(400).send({ detail: messages.http.badRequest });

/**
 * The router's own refusals (an address that is not valid percent-encoded UTF-8, a parameter
 * longer than any route accepts) in our error shape, without echoing the address back.
 */
export function frameworkErrors(_error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  void badRequest(reply);
}

/**
 * Hostile input is refused at the edge, for every route (including the 404 page renderer and
 * static files): an address whose decoded path holds control characters or is not valid UTF-8,
 * a query string with a NUL, a JSON body nested deeper than MAX_JSON_DEPTH (while it arrives,
 * before any parser, including the webhooks' raw ones), and a parsed body with a NUL in any key
 * or value. Every other string of a body or query is made well-formed text (cleanInput) before
 * any route sees it.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const url = request.raw.url ?? '/';
    const queryAt = url.indexOf('?');
    const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
    let decoded = pathname;
    if (pathname.includes('%')) {
      try {
        decoded = decodeURIComponent(pathname);
      } catch {
        return badRequest(reply);
      }
    }
    if (hasControlCharacter(decoded)) return badRequest(reply);
    if (queryAt !== -1 && (/%00/i.test(url.slice(queryAt)) || url.includes('\u0000', queryAt))) return badRequest(reply);
  });
  app.addHook('preParsing', async (request, _reply, payload) => (isJson(request.headers['content-type']) ? payload.pipe(jsonDepthGuard()) : payload));
  app.addHook('preValidation', async (request) => {
    const field = cleanInput(request.body);
    if (field) throw nulFieldError(field);
    cleanInput(request.query);
  });
}
