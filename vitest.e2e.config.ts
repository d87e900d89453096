import { defineConfig } from 'vitest/config';

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
    // Two spec files at a time, each with its own browser, on the one server (and the servers some start
    // for themselves): one file at a time kept about one of the two cores busy (measured); two keep both.
    // Specs share the server's data, so each makes its own users and reads only what it made or what no
    // other spec changes.
    fileParallelism: true,
    maxWorkers: 2,
    retry: 0,
  },
});
