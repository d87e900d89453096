// The studio's bundles: the catalog's edits, audited in their transaction, with how many sold (orders).
import type { AdminBundle, AdminBundleQuery, BundleBody, BundlePatch } from '../../../shared/bundles.js';
import type { Page } from '../../../shared/admin.js';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import * as catalog from '../catalog/index.js';
import { bundleSales } from '../orders/index.js';
import { courseImageSize, uploadMessages } from '../../../shared/uploads.js';
import { AppError } from '../../errors.js';
import type { Upload } from '../../http/upload.js';
import { deleteCourseImage, storeCourseImage } from '../../lib/images.js';
import type { Actor } from './audit.js';
import { catalogChange } from './courses.service.js';
import { keepOnlyIfCommitted } from './media.service.js';
import { pageWindow } from './paging.js';

async function withSold(db: Db, bundles: catalog.CatalogStudioBundle[]): Promise<AdminBundle[]> {
  const sold = await bundleSales(
    db,
    bundles.map((b) => b.id),
  );
  return bundles.map((b) => ({ ...b, sold: sold.get(b.id) ?? 0 }));
}

export async function studioBundle(db: Db, id: number): Promise<AdminBundle> {
  return (await withSold(db, [await catalog.getStudioBundle(db, id)]))[0]!;
}

export async function listBundles(ctx: AppContext, query: AdminBundleQuery): Promise<Page<AdminBundle>> {
  const { limit, offset } = pageWindow(query);
  const { rows, total } = await catalog.listStudioBundles(ctx.db, { search: query.search, state: query.state }, limit, offset);
  return { count: total, page: query.page, page_size: query.page_size, results: await withSold(ctx.db, rows) };
}

export async function createBundle(ctx: AppContext, actor: Actor, body: BundleBody): Promise<AdminBundle> {
  return catalogChange(ctx, actor, async (tx) => {
    const bundle = await catalog.createBundle(tx, body);
    return {
      result: (await withSold(tx, [bundle]))[0]!,
      audit: { action: 'bundle.create', entityType: 'bundle', entityId: bundle.id, summary: `Created bundle "${bundle.title}"`, after: bundle },
    };
  });
}

export async function updateBundle(ctx: AppContext, actor: Actor, id: number, patch: BundlePatch): Promise<AdminBundle> {
  return catalogChange(ctx, actor, async (tx) => {
    const { before, after } = await catalog.updateBundle(tx, id, patch);
    return {
      result: (await withSold(tx, [after]))[0]!,
      audit: { action: 'bundle.update', entityType: 'bundle', entityId: id, summary: `Edited bundle "${after.title}"`, before, after },
    };
  });
}

export async function transitionBundle(ctx: AppContext, actor: Actor, id: number, transition: catalog.BundleTransition): Promise<AdminBundle> {
  return catalogChange(ctx, actor, async (tx) => {
    const { before, after } = await catalog.transitionBundle(tx, id, transition);
    const bundle = await studioBundle(tx, id);
    return {
      result: bundle,
      audit: {
        action: `bundle.${transition}`,
        entityType: 'bundle',
        entityId: id,
        summary: `${before.state} → ${after.state}: bundle "${bundle.title}"`,
        before,
        after,
      },
    };
  });
}

/**
 * A new cover: decoded by content, cropped to 16:9 and re-encoded as a course image is; the old
 * upload is deleted once the change is committed, and a refused change leaves nothing stored.
 */
export async function uploadBundleCover(ctx: AppContext, actor: Actor, id: number, upload: Upload): Promise<AdminBundle> {
  await catalog.getStudioBundle(ctx.db, id); // 404 before anything is stored
  const imagePath = await storeCourseImage(ctx.storage, upload.bytes, courseImageSize);
  if (!imagePath) throw new AppError('unsupported_type', uploadMessages.notImage, { image: [uploadMessages.notImage] });
  const { bundle, before } = await keepOnlyIfCommitted(
    () => deleteCourseImage(ctx.storage, imagePath),
    () =>
      catalogChange(ctx, actor, async (tx) => {
        const change = await catalog.setBundleCover(tx, id, imagePath);
        const result = { bundle: await studioBundle(tx, id), before: change.before.cover_image };
        return {
          result,
          audit: { action: 'bundle.cover', entityType: 'bundle', entityId: id, summary: `New cover for bundle "${result.bundle.title}"`, ...change },
        };
      }),
  );
  await deleteCourseImage(ctx.storage, before);
  return bundle;
}
