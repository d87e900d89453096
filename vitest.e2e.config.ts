import { defineConfig } from 'vitest/config';
import PageChecksFirst from './e2e/sequencer';

export default defineConfig({
  test: {
    name: 'e2e',
    include: ['e2e/**/*.spec.ts'],
    environment: 'node',
    globalSetup: ['./e2e/server.ts'],
    // Fails any test during which a page of ours broke the Content-Security-Policy.
    setupFiles: ['./e2e/policy-guard.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Three files at a time, each with its own browser, against the one server: a file spends most
    // of its time waiting on pages, so three keep this two-core machine busy where one left it
    // half idle. Each file makes its own people and data (e2e/fixtures.ts, unique emails), so none
    // depends on another's running first or not at all.
    fileParallelism: true,
    maxWorkers: 3,
    sequence: { sequencer: PageChecksFirst },
    retry: 0,
  },
});
