import type { AdminInstructor, AdminReview, InstructorBody, ReviewBody, ReviewOrder } from '../../../shared/site-content.js';
import { uploadMessages } from '../../../shared/uploads.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import type { Upload } from '../../http/upload.js';
import { deletePublicImage, storePublicImage } from '../../lib/images.js';
import * as catalog from '../catalog/index.js';
import type { Actor } from './audit.js';
import { catalogChange } from './courses.service.js';
import { keepOnlyIfCommitted } from './media.service.js';

const notImage = () => new AppError('unsupported_type', uploadMessages.notImage, { image: [uploadMessages.notImage] });
const author = (actor: Actor) => ({ name: actor.name, email: actor.email });

export async function readInstructor(ctx: AppContext): Promise<AdminInstructor | null> {
  return catalog.getStudioInstructor(ctx.db);
}

export async function saveInstructor(ctx: AppContext, actor: Actor, body: InstructorBody): Promise<AdminInstructor> {
  return catalogChange(ctx, actor, async (tx) => {
    const { before, after } = await catalog.updateInstructorProfile(tx, body, author(actor));
    return {
      result: after,
      audit: { action: 'instructor.update', entityType: 'instructor', summary: `Instructor profile: ${Object.keys(body).join(', ')}`, before, after },
    };
  });
}

/** A 600×600 WebP portrait; the previous upload is deleted once the change is committed. */
export async function uploadInstructorPhoto(ctx: AppContext, actor: Actor, upload: Upload): Promise<AdminInstructor> {
  const photo = await storePublicImage(ctx.storage, upload.bytes, { folder: 'images', width: 600, height: 600, fit: 'cover' });
  if (!photo) throw notImage();
  const { before, after } = await keepOnlyIfCommitted(
    () => deletePublicImage(ctx.storage, photo),
    () =>
      catalogChange(ctx, actor, async (tx) => {
        const change = await catalog.setInstructorPhoto(tx, photo, author(actor));
        return {
          result: change,
          audit: {
            action: 'instructor.photo',
            entityType: 'instructor',
            summary: 'New instructor photo',
            before: { profile_picture: change.before.profile_picture },
            after: { profile_picture: change.after.profile_picture },
          },
        };
      }),
  );
  await deletePublicImage(ctx.storage, before.profile_picture);
  return after;
}

export function listReviews(ctx: AppContext): Promise<AdminReview[]> {
  return catalog.listStudioReviews(ctx.db);
}

export async function addReview(ctx: AppContext, actor: Actor, body: ReviewBody): Promise<AdminReview> {
  return catalogChange(ctx, actor, async (tx) => {
    const review = await catalog.createReview(tx, body);
    return {
      result: review,
      audit: { action: 'review.create', entityType: 'review', entityId: review.id, summary: `Added a review by ${review.name}`, after: review },
    };
  });
}

export async function editReview(ctx: AppContext, actor: Actor, id: number, body: ReviewBody): Promise<AdminReview> {
  return catalogChange(ctx, actor, async (tx) => {
    const { before, after } = await catalog.updateReview(tx, id, body);
    return {
      result: after,
      audit: { action: 'review.update', entityType: 'review', entityId: id, summary: `Edited the review by ${after.name}`, before, after },
    };
  });
}

/** A 256×256 WebP thumbnail for a review; the previous upload is deleted once committed. */
export async function uploadReviewThumb(ctx: AppContext, actor: Actor, id: number, upload: Upload): Promise<AdminReview> {
  const thumb = await storePublicImage(ctx.storage, upload.bytes, { folder: 'images', width: 256, height: 256, fit: 'cover' });
  if (!thumb) throw notImage();
  const { before, after } = await keepOnlyIfCommitted(
    () => deletePublicImage(ctx.storage, thumb),
    () =>
      catalogChange(ctx, actor, async (tx) => {
        const change = await catalog.setReviewThumb(tx, id, thumb);
        return {
          result: change,
          audit: {
            action: 'review.thumb',
            entityType: 'review',
            entityId: id,
            summary: `New picture for the review by ${change.after.name}`,
            before: { client_thumb: change.before.client_thumb },
            after: { client_thumb: change.after.client_thumb },
          },
        };
      }),
  );
  await deletePublicImage(ctx.storage, before.client_thumb);
  return after;
}

export async function removeReview(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  const removed = await catalogChange(ctx, actor, async (tx) => {
    const before = await catalog.deleteReview(tx, id);
    return { result: before, audit: { action: 'review.delete', entityType: 'review', entityId: id, summary: `Removed the review by ${before.name}`, before } };
  });
  await deletePublicImage(ctx.storage, removed.client_thumb);
}

export async function orderReviews(ctx: AppContext, actor: Actor, order: ReviewOrder): Promise<AdminReview[]> {
  return catalogChange(ctx, actor, async (tx) => {
    const { before, after } = await catalog.reorderReviews(tx, order);
    return {
      result: await catalog.listStudioReviews(tx),
      audit: { action: 'review.reorder', entityType: 'review', summary: 'Reordered the reviews', before, after },
    };
  });
}
