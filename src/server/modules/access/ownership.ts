import { AppError } from '../../errors.js';
import type { Viewer } from '../../http/auth.js';

/**
 * Whether a user's own thing (an order, a cart, a certificate, a membership, a user's lists) is the
 * viewer's: the one rule every module asks. Only its owner holds it. An admin is no exception here:
 * the studio reads other people's orders, enrolments and memberships through its own routes under
 * /admin/ (modules/admin, behind the admin gate), never through a student's.
 */
export function isOwnedBy(ownerId: number | null | undefined, viewer: Pick<Viewer, 'userId'> | undefined): boolean {
  return viewer !== undefined && ownerId !== null && ownerId !== undefined && ownerId === viewer.userId;
}

/** The resource's own not-found message (answered as `{ detail }`), or its own 404 error when its body has more fields. */
export type NotFound = string | (() => AppError);

/**
 * The thing when it is the viewer's. Anything else, missing or someone else's, gets one answer:
 * 404 with the resource's not-found message, the same as for an id that does not exist, so ids
 * cannot be probed.
 */
export function ownedBy<T extends { userId: number | null }>(thing: T | null | undefined, viewer: Pick<Viewer, 'userId'> | undefined, notFound: NotFound): T {
  if (thing && isOwnedBy(thing.userId, viewer)) return thing;
  throw typeof notFound === 'string' ? AppError.notFound(notFound) : notFound();
}
