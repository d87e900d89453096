import type { AppContext } from '../../context.js';

/**
 * Deletes the stored files of lesson resources that are gone from the database (replaced, removed,
 * or their lesson deleted), after the change committed. Only files we stored (under resources/) are
 * deleted; the demo's bundled files are not ours to remove. A file that cannot be deleted now is
 * left behind rather than failing a change that already happened.
 */
export async function deleteStoredResources(ctx: AppContext, paths: string[]): Promise<void> {
  await Promise.all(paths.filter((p) => p.startsWith('resources/')).map((p) => ctx.storage.delete(p).catch(() => undefined)));
}
