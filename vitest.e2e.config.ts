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
    fileParallelism: false,
    retry: 0,
  },
});
