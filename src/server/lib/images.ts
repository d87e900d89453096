import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { randomToken } from './tokens.js';

const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

/**
 * Re-encodes an uploaded picture: the content must decode as an image (its name and declared type
 * are ignored), it is resized to a 400 px square and written as WebP without metadata.
 * Returns undefined when the bytes are not an image.
 */
export async function storeProfilePicture(uploadsDir: string, bytes: Buffer): Promise<string | undefined> {
  let output: Buffer;
  try {
    const image = sharp(bytes, { limitInputPixels: 40_000_000, failOn: 'error' });
    const meta = await image.metadata();
    if (!meta.format || !ACCEPTED.has(meta.format)) return undefined;
    output = await image.rotate().resize(400, 400, { fit: 'cover', position: 'attention' }).webp({ quality: 82 }).toBuffer();
  } catch {
    return undefined;
  }
  const dir = path.join(uploadsDir, 'avatars');
  await mkdir(dir, { recursive: true });
  const name = `${randomToken(12)}.webp`;
  await writeFile(path.join(dir, name), output);
  return `/uploads/avatars/${name}`;
}

export async function deleteProfilePicture(uploadsDir: string, publicPath: string | null): Promise<void> {
  if (!publicPath?.startsWith('/uploads/avatars/')) return;
  const name = path.basename(publicPath);
  await rm(path.join(uploadsDir, 'avatars', name), { force: true });
}
