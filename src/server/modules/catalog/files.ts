import { createReadStream, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FileStorage, StoredFile } from '../../integrations/storage/index.js';
import { isValidKey } from '../../integrations/storage/index.js';

// path.resolve drops the trailing separator, so the containment check below can match.
const seedFilesDir = path.resolve(fileURLToPath(new URL('../../db/seed/files/', import.meta.url)));

/**
 * Opens a lesson resource: from the uploads storage (local disk or S3), else from the demo files
 * shipped with the seed. Paths that are not valid keys or try to leave those places open nothing.
 */
export async function openResourceFile(storage: FileStorage, storagePath: string): Promise<StoredFile | undefined> {
  if (!isValidKey(storagePath)) return undefined;
  const stored = await storage.get(storagePath);
  if (stored) return stored;
  const candidate = path.resolve(seedFilesDir, storagePath);
  if (!candidate.startsWith(seedFilesDir) || !existsSync(candidate)) return undefined;
  return { body: createReadStream(candidate), contentType: 'application/octet-stream', size: undefined };
}
