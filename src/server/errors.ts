/** Typed errors thrown by services; the error handler maps each code to an HTTP status. */
export type ErrorCode =
  | 'bad_request'
  | 'validation'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'gone'
  | 'too_large'
  | 'unsupported_type'
  | 'rate_limited'
  | 'unavailable';

export const statusByCode: Record<ErrorCode, number> = {
  bad_request: 400,
  validation: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  too_large: 413,
  unsupported_type: 415,
  rate_limited: 429,
  unavailable: 503,
};

export type FieldErrors = Record<string, string[]>;

/**
 * The one place validation issues become the spec's field errors, { "field": ["message"] }: one
 * list per top-level field (the form field the client shows it under); an issue about the whole
 * input goes to non_field_errors. Used for zod's issues and Fastify's schema validation alike.
 */
export function fieldErrorsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) (out[issue.path.length ? String(issue.path[0]) : 'non_field_errors'] ??= []).push(issue.message);
  return out;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  /** The response body; defaults to { detail: message }. */
  readonly body: Record<string, unknown>;

  constructor(code: ErrorCode, message: string, body?: Record<string, unknown>) {
    super(message);
    this.code = code;
    this.body = body ?? { detail: message };
  }

  static fields(fields: FieldErrors): AppError {
    const first = Object.values(fields)[0]?.[0] ?? 'Invalid input.';
    return new AppError('validation', first, fields);
  }

  static notFound(what = 'Not found.'): AppError {
    return new AppError('not_found', what);
  }
}
