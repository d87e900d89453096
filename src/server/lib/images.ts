import type { Sharp } from 'sharp';
import { keyOfPublicUploadPath, newKey, publicUploadPath, type FileStorage } from '../integrations/storage/index.js';

/** sharp, loaded by the first picture: a start that handles none never pays for importing it. */
export const loadSharp = () => import('sharp').then((module) => module.default);

const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

/**
 * Re-encodes an uploaded picture: the content must decode as an image (its name and declared type
 * are ignored), it is resized to fit `width`×`height` and written as WebP without metadata.
 * Returns undefined when the bytes are not an image.
 */
export async function reencodeImage(bytes: Buffer, size: { width: number; height: number; fit: 'cover' | 'inside' }): Promise<Buffer | undefined> {
  const sharp = await loadSharp();
  try {
    const image = sharp(bytes, { limitInputPixels: 40_000_000, failOn: 'error' });
    const meta = await image.metadata();
    if (!meta.format || !ACCEPTED.has(meta.format)) return undefined;
    return await image
      .rotate()
      .resize(size.width, size.height, { fit: size.fit, position: 'attention', withoutEnlargement: size.fit === 'inside' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    return undefined;
  }
}

/**
 * Stores a re-encoded image in a public upload folder and returns the path it is served at
 * (`/uploads/<folder>/<random>.webp`), or undefined when the bytes are not an image.
 */
export async function storePublicImage(
  storage: FileStorage,
  bytes: Buffer,
  options: { folder: 'avatars' | 'images'; width: number; height: number; fit: 'cover' | 'inside' },
): Promise<string | undefined> {
  const output = await reencodeImage(bytes, options);
  if (!output) return undefined;
  const key = newKey(options.folder, 'webp');
  await storage.put(key, output, { contentType: 'image/webp' });
  return publicUploadPath(key);
}

/** A 400 px square WebP profile picture. */
export function storeProfilePicture(storage: FileStorage, bytes: Buffer): Promise<string | undefined> {
  return storePublicImage(storage, bytes, { folder: 'avatars', width: 400, height: 400, fit: 'cover' });
}

/** Removes an image stored by `storePublicImage`; paths that are not ours (seed media, URLs) are left alone. */
export async function deletePublicImage(storage: FileStorage, publicPath: string | null | undefined): Promise<void> {
  const key = keyOfPublicUploadPath(publicPath);
  if (key) await storage.delete(key);
}

/**
 * A course image: a 1280×720 WebP for the storefront (its cards and side card show 640×360, so
 * this is sharp on 2× screens) and a JPEG of the same picture beside it, for link previews on
 * sites that do not read WebP (see `imageFallbackPath`). Returns the WebP's path, or undefined
 * when the bytes are not an image. Nothing is stored unless both encodings succeed.
 */
export async function storeCourseImage(storage: FileStorage, bytes: Buffer, size: { width: number; height: number }): Promise<string | undefined> {
  const webp = await reencodeImage(bytes, { ...size, fit: 'cover' });
  if (!webp) return undefined;
  const jpeg = await previewJpeg((await loadSharp())(webp));
  const key = newKey('images', 'webp');
  await storage.put(key, webp, { contentType: 'image/webp' });
  try {
    await storage.put(key.replace(/\.webp$/, '.jpg'), jpeg, { contentType: 'image/jpeg' });
  } catch (error) {
    await storage.delete(key);
    throw error;
  }
  return publicUploadPath(key);
}

/** A picture as link previews read it: a JPEG (share previews read no SVG, and not all of them WebP). */
export function previewJpeg(image: Sharp): Promise<Buffer> {
  return image.flatten({ background: '#ffffff' }).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
}

/**
 * The picture a course's link preview (og:image) shows: the JPEG stored beside an uploaded course image, or rendered
 * beside a demo cover (public/media/courses/*.svg, `npm run media:previews`); any other path as it is.
 */
export function imageFallbackPath(publicPath: string): string {
  if (keyOfPublicUploadPath(publicPath)?.startsWith('images/') && publicPath.endsWith('.webp')) return publicPath.replace(/\.webp$/, '.jpg');
  if (/^\/media\/courses\/[\w-]+\.svg$/.test(publicPath)) return publicPath.replace(/\.svg$/, '.jpg');
  return publicPath;
}

/** Removes an uploaded course image and its JPEG; seed media and other paths are left alone. */
export async function deleteCourseImage(storage: FileStorage, publicPath: string | null | undefined): Promise<void> {
  if (!publicPath || !keyOfPublicUploadPath(publicPath)) return;
  await Promise.all([deletePublicImage(storage, publicPath), deletePublicImage(storage, imageFallbackPath(publicPath))]);
}
