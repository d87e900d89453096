import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, fieldErrorsOf } from '../errors.js';
import { wellFormedText } from '../lib/text.js';
import { nulFieldError } from './hostile-input.js';

/** Parses a form read by hand (multipart) with the contract's schema; bad input is a 400 with field errors. */
export function parseForm<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw AppError.fields(fieldErrorsOf(parsed.error.issues));
  return parsed.data;
}

/**
 * Reads a form sent as multipart (the spec's checkout) or JSON into a plain object. Fields named
 * in `arrays` collect every value (`courses` once per cart line; `courses[]` and comma lists too).
 */
export async function readForm(request: FastifyRequest, options: { arrays?: string[] } = {}): Promise<Record<string, unknown>> {
  const arrays = new Set(options.arrays ?? []);
  const out: Record<string, unknown> = {};
  const put = (rawName: string, rawValue: string) => {
    const name = wellFormedText(rawName.replace(/\[\]$/, ''));
    if (name.includes('\u0000') || rawValue.includes('\u0000')) throw nulFieldError(name);
    const value = wellFormedText(rawValue);
    if (arrays.has(name)) {
      const list = (out[name] as string[] | undefined) ?? [];
      list.push(
        ...value
          .split(',')
          .map((v) => v.trim())
          .filter(Boolean),
      );
      out[name] = list;
    } else {
      out[name] = value;
    }
  };
  if (request.isMultipart()) {
    try {
      for await (const part of request.parts({ limits: { files: 0, fields: 60, fieldSize: 10_000 } })) {
        if (part.type === 'field') put(part.fieldname, String(part.value));
      }
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw AppError.fields({ non_field_errors: [(error as Error).message] });
    }
    return out;
  }
  const body = request.body;
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw AppError.fields({ non_field_errors: ['Send the form as multipart/form-data or a JSON object.'] });
  for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
    if (Array.isArray(value)) for (const v of value) put(name, String(v));
    else if (value !== undefined && value !== null) put(name, String(value));
  }
  return out;
}
