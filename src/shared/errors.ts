import { z } from 'zod';

/**
 * The shapes of the API's refusals (4xx), as the OpenAPI document states them and as the server
 * sends them (every route's error answers are serialised through these schemas).
 */

/** A form's errors: { field: [messages] }, with non_field_errors for the input as a whole. */
export const fieldErrorsSchema = z
  .record(z.string(), z.array(z.string()))
  .meta({ id: 'FieldErrors', description: 'Field errors: { "field": ["message"] }; non_field_errors for the input as a whole' });

/** A refusal in words, { detail }, with a machine-readable code where the client acts on it. */
export const detailErrorSchema = z.looseObject({ detail: z.string(), code: z.string().optional() });

/** The spec's older calls (free enrolment, password reset, captcha check) answer { error } instead. */
export const errorMessageSchema = z.looseObject({ error: z.string() });

/** Any refusal: a message ({ detail } or { error }) or field errors. */
export const apiErrorSchema = z.union([detailErrorSchema, errorMessageSchema, fieldErrorsSchema]).meta({ id: 'ApiError' });

/** 401: no credentials, or a token that is invalid, expired or belongs to a blocked account (the client refreshes and retries). */
export const unauthorizedErrorSchema = z
  .looseObject({
    detail: z.string(),
    code: z.enum(['not_authenticated', 'token_not_valid', 'no_active_account']).optional(),
  })
  .meta({ id: 'Unauthorized' });

/** 429: the wait in words and in seconds (also in the Retry-After header). */
export const rateLimitedErrorSchema = z.looseObject({ detail: z.string(), retry_after_seconds: z.number().int() }).meta({ id: 'RateLimited' });

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 429 | 503;

/** The documented answer of each refusal status: what it means, and its body. */
export const errorResponses: Record<ErrorStatus, { description: string; schema: z.ZodType }> = {
  400: { description: 'Bad request: field errors, or a malformed request in words', schema: apiErrorSchema },
  401: { description: 'Not signed in, or the access token is invalid, expired or of a blocked account', schema: unauthorizedErrorSchema },
  403: { description: 'Signed in, but not allowed', schema: apiErrorSchema },
  404: { description: 'Not found', schema: apiErrorSchema },
  409: { description: 'Conflicts with the current state', schema: apiErrorSchema },
  410: { description: 'Gone: it existed and was withdrawn (a revoked letter)', schema: apiErrorSchema },
  413: { description: 'The body (or the uploaded file) is too large', schema: apiErrorSchema },
  415: { description: 'The body is not of a type this call takes', schema: apiErrorSchema },
  429: { description: 'Too many attempts: try again after retry_after_seconds (also in Retry-After)', schema: rateLimitedErrorSchema },
  503: { description: 'A service this call needs (payment provider, captcha) did not answer: try again later', schema: apiErrorSchema },
};
