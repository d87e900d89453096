import { z } from 'zod';

/** The largest value of PostgreSQL's `integer` (int4), the type of every id column. */
export const MAX_ID = 2_147_483_647;

export const invalidIdMessage = 'Enter a valid id.';

/**
 * The one schema for a database id a client sends, in a path, a query string, a JSON body or a
 * form field: a whole number from 1 to MAX_ID, given as a number or as its digits. Anything else
 * (junk, 0, a fraction, an id past the int4 range) is a 400 field error here, before any query
 * runs, instead of a 500 from the database; the API document says `maximum: 2147483647`.
 * `message` is the field's own wording ('Choose a course.'); every rule stays here. Typed as taking
 * a number, as the forms built on the contract give it (a path or query gives its digits).
 */
export function idSchema(message: string = invalidIdMessage) {
  return z.coerce.number<number>(message).int(message).positive(message).max(MAX_ID, message);
}
