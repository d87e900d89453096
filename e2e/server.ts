import type { TestProject } from 'vitest/node';
import { startSandboxServer } from './sandbox';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The server's DATA_DIR: the admin CLI's socket is found from it. */
    dataDir: string;
  }
}

/** Starts the built app (production mode, embedded PostgreSQL in a temp folder, demo catalog). */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Generous: on a loaded machine (shared CI cores) the first start migrates and seeds for a while.
  const server = await startSandboxServer({ name: 'main', timeoutMs: 240_000 });
  project.provide('baseUrl', server.url);
  project.provide('dataDir', server.dataDir);
  return server.stop;
}
