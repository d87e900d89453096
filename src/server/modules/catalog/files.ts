import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const seedFilesDir = fileURLToPath(new URL('../../db/seed/files/', import.meta.url));

/**
 * Resolves a resource's storage path inside the uploads folder, or the demo files shipped with
 * the seed. Paths that try to leave those folders resolve to nothing.
 */
export function resolveResourceFile(dataDir: string, storagePath: string): string | undefined {
  for (const root of [path.resolve(dataDir, 'uploads'), seedFilesDir]) {
    const candidate = path.resolve(root, storagePath);
    if (candidate.startsWith(root + path.sep) && existsSync(candidate)) return candidate;
  }
  return undefined;
}
