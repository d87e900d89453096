import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints the ten test files that took longest, after the usual summary: where a slow `npm test`
 * spends its time (issue 26). A file's time is its own: environment, setup, import and its tests.
 */
export default class SlowestFiles implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const timed = modules
      .map((module) => {
        const d = module.diagnostic();
        const total = d.environmentSetupDuration + d.prepareDuration + d.setupDuration + d.collectDuration + d.duration;
        return { file: relative(process.cwd(), module.moduleId), total, tests: d.duration };
      })
      .filter((row) => row.total > 0)
      .sort((a, b) => b.total - a.total)
      .slice(0, 10);
    if (!timed.length) return;
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`.padStart(8);
    const lines = timed.map((row) => `${seconds(row.total)} ${seconds(row.tests)}  ${row.file}`);
    process.stdout.write(`\n Slowest test files (total, of which tests):\n${lines.join('\n')}\n`);
  }
}
