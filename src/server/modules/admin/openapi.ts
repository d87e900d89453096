import { idSchema } from '../../../shared/ids.js';

/** OpenAPI: every studio call takes the admin's bearer token. */
export const adminDoc = { tags: ['admin'], security: [{ bearerAuth: [] }] };

/** A database id in a path: the contract's one id schema (junk, overflow: a 400, never a 500). */
export const idParam = idSchema();
