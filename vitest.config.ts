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
