import { afterEach, vi } from 'vitest';

// A test that logs console.error fails: errors are either expected (and asserted) or bugs.
const errors: unknown[][] = [];
vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  errors.push(args);
});

afterEach(() => {
  if (errors.length) {
    const logged = errors
      .splice(0)
      .map((args) => args.map(String).join(' '))
      .join('\n');
    throw new Error(`console.error was called during the test:\n${logged}`);
  }
});
