import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The usual summary, then the ten slowest files (test/slowest-files.ts).
    reporters: ['default', './test/slowest-files.ts'],
    // Vitest's default is one worker fewer than the cores: on the two-core machines we run on,
    // that is a single worker and every file in series. Each file has its own database, so two
    // run side by side safely.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          // Not isolated either: the app's modules are imported once per worker, not once per file
          // (272 s → 201 s for npm test, measured). Each file still opens its own database and app
          // (test/helpers.ts); what a module keeps at its top level is keyed by app, request or
          // config, or never changes (fonts, countries, verified tokens' claims).
          isolate: false,
          include: ['src/server/**/*.test.ts', 'src/shared/**/*.test.ts', 'scripts/**/*.test.ts', 'eslint/**/*.test.ts'],
          globalSetup: ['./test/global-setup.ts'],
          setupFiles: ['./test/fail-on-console-error.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          // Not isolated: a worker imports React, the router and the pages once for all its files
          // instead of once per file (a third of the CPU time of the web suite, measured). Each
          // test renders into a cleaned document with empty storage and no toast left (test/web-setup.ts)
          // and restores the globals it stubs.
          isolate: false,
          include: ['src/web/**/*.test.{ts,tsx}'],
          setupFiles: ['./test/web-setup.ts', './test/fail-on-console-error.ts'],
          css: false,
          // jsdom renders slowly on a busy two-core machine; a slow first render is not a failure.
          testTimeout: 15_000,
        },
      },
    ],
  },
});
