import sharp from 'sharp';
import { keyOfPublicUploadPath, newKey, publicUploadPath, type FileStorage } from '../integrations/storage/index.js';

const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

/**
 * Re-encodes an uploaded picture: the content must decode as an image (its name and declared type
 * are ignored), it is resized to fit `width`×`height` and written as WebP without metadata.
 * Returns undefined when the bytes are not an image.
 */
export async function reencodeImage(bytes: Buffer, size: { width: number; height: number; fit: 'cover' | 'inside' }): Promise<Buffer | undefined> {
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
