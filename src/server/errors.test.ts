import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrorsOf } from './errors.js';

describe('fieldErrorsOf', () => {
  it('gives one list of messages per form field, nested issues under their top-level field, whole-input issues under non_field_errors', () => {
    const schema = z.object({
      email: z.email('Enter a valid email.').max(5, 'Too long.'),
      courses: z.array(z.number('Pick a course.')).min(1, 'Choose at least one course.'),
    });
    const parsed = schema.safeParse({ email: 'not-an-email-at-all', courses: ['x', 'y'] });
    expect(parsed.success).toBe(false);
    expect(fieldErrorsOf(parsed.error!.issues)).toEqual({ email: ['Enter a valid email.', 'Too long.'], courses: ['Pick a course.', 'Pick a course.'] });
    expect(fieldErrorsOf(z.object({}).safeParse('text').error!.issues)).toEqual({ non_field_errors: [expect.any(String)] });
  });
});
