/**
 * The instructor and the reviews as the studio edits them. Writes take the caller's transaction
 * (audited in the same one) and return before and after; the caller invalidates 'catalog' once
 * committed, so the home page, course pages and /course-reviews show the change at once.
 */
import type { AdminInstructor, AdminReview, InstructorBody, ReviewBody, ReviewOrder } from '../../../shared/site-content.js';
import { reviewMessages } from '../../../shared/site-content.js';
import type { Tx, Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { sanitizeRichText } from '../../lib/html.js';
import * as q from './queries/site-content.js';
import type { InstructorRow, ReviewRow } from './queries/site-content.js';

const toAdminInstructor = (r: InstructorRow): AdminInstructor => ({
  name: r.name,
  designation: r.designation,
  email: r.email,
  bio: r.bio,
  profile_picture: r.profilePicture,
  facebook_link: r.facebookLink,
  linkedin_link: r.linkedinLink,
  github_link: r.githubLink,
  youtube_link: r.youtubeLink,
  instagram_link: r.instagramLink,
});

const toAdminReview = (r: ReviewRow): AdminReview => ({
  id: r.id,
  name: r.name,
  company: r.company,
  client_thumb: r.clientThumb,
  rating: r.rating,
  review: r.review,
  position: r.position,
});

/** The site's instructor (the first one: every course is taught by them); made from the admin on a site with none. */
async function instructorRow(tx: Tx, fallback: { name: string; email: string }): Promise<InstructorRow> {
  return (
    (await q.selectFirstInstructor(tx, true)) ??
    (await q.insertInstructor(tx, { name: fallback.name, designation: 'Instructor', email: fallback.email, bio: '', profilePicture: '/media/instructor.svg' }))
  );
}

export async function getStudioInstructor(db: Db): Promise<AdminInstructor | null> {
  const row = await q.selectFirstInstructor(db);
  return row ? toAdminInstructor(row) : null;
}

export async function updateInstructorProfile(tx: Tx, body: InstructorBody, fallback: { name: string; email: string }) {
  const current = await instructorRow(tx, fallback);
  // Saved in the studio, the profile is the instructor's own: no longer the demo's placeholder.
  const row = await q.updateInstructor(tx, current.id, {
    isDemo: false,
    ...(body.name !== undefined ? { name: body.name } : {}),
    ...(body.designation !== undefined ? { designation: body.designation } : {}),
    ...(body.email !== undefined ? { email: body.email } : {}),
    ...(body.bio !== undefined ? { bio: sanitizeRichText(body.bio) } : {}),
    ...(body.facebook_link !== undefined ? { facebookLink: body.facebook_link } : {}),
    ...(body.linkedin_link !== undefined ? { linkedinLink: body.linkedin_link } : {}),
    ...(body.github_link !== undefined ? { githubLink: body.github_link } : {}),
    ...(body.youtube_link !== undefined ? { youtubeLink: body.youtube_link } : {}),
    ...(body.instagram_link !== undefined ? { instagramLink: body.instagram_link } : {}),
  });
  return { before: toAdminInstructor(current), after: toAdminInstructor(row) };
}

export async function setInstructorPhoto(tx: Tx, photoPath: string, fallback: { name: string; email: string }) {
  const current = await instructorRow(tx, fallback);
  const row = await q.updateInstructor(tx, current.id, { profilePicture: photoPath, isDemo: false });
  return { before: toAdminInstructor(current), after: toAdminInstructor(row) };
}

export async function listStudioReviews(db: Db): Promise<AdminReview[]> {
  return (await q.selectAllReviews(db)).map(toAdminReview);
}

async function reviewOrThrow(tx: Tx, id: number): Promise<ReviewRow> {
  const row = await q.selectReview(tx, id, true);
  if (!row) throw AppError.notFound(reviewMessages.notFound);
  return row;
}

export async function createReview(tx: Tx, body: ReviewBody): Promise<AdminReview> {
  return toAdminReview(await q.insertReview(tx, { name: body.name, company: body.company, rating: body.rating, review: body.review, clientThumb: '' }));
}

export async function updateReview(tx: Tx, id: number, body: ReviewBody) {
  const before = toAdminReview(await reviewOrThrow(tx, id));
  const after = toAdminReview(await q.updateReview(tx, id, { name: body.name, company: body.company, rating: body.rating, review: body.review }));
  return { before, after };
}

export async function setReviewThumb(tx: Tx, id: number, thumbPath: string) {
  const before = toAdminReview(await reviewOrThrow(tx, id));
  const after = toAdminReview(await q.updateReview(tx, id, { clientThumb: thumbPath }));
  return { before, after };
}

export async function deleteReview(tx: Tx, id: number): Promise<AdminReview> {
  const before = toAdminReview(await reviewOrThrow(tx, id));
  await q.deleteReview(tx, id);
  return before;
}

/** The order must name every review exactly once. */
export async function reorderReviews(tx: Tx, order: ReviewOrder) {
  const current = (await q.lockReviews(tx)).map((r) => r.id);
  const same = order.ids.length === current.length && new Set(order.ids).size === current.length && order.ids.every((id) => current.includes(id));
  if (!same) throw AppError.fields({ ids: [reviewMessages.orderMismatch] });
  for (const [index, id] of order.ids.entries()) await q.updateReview(tx, id, { position: index + 1 });
  return { before: current, after: order.ids };
}
