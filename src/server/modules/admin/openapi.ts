import { z } from 'zod';

/** OpenAPI: every studio call takes the admin's bearer token. */
export const adminDoc = { tags: ['admin'], security: [{ bearerAuth: [] }] };

/** A database id in a path: anything else (junk, overflow) is a 400, never a 500. */
export const idParam = z.coerce.number().int().positive().max(2_147_483_647);
