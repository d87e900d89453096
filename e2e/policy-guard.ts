// Runs around every e2e spec (vitest.e2e.config.ts `setupFiles`): the pages run under the server's real
// Content-Security-Policy, and a test during which any page of ours hit a violation fails, naming it.
// Where tests run side by side (the page checks' two widths), the test that fails may be the other
// lane's: the violation names the page it happened on.
import { afterAll, afterEach, expect } from 'vitest';
import { takeCspViolations } from './browser';

afterEach(() => {
  expect(takeCspViolations(), 'Content-Security-Policy violations').toEqual([]);
});
afterAll(() => {
  expect(takeCspViolations(), 'Content-Security-Policy violations').toEqual([]);
});
