import { describe, expect, it } from 'vitest';
import { progressPercent } from './progress';

describe('progressPercent', () => {
  it('rounds completed over all lessons', () => {
    expect(progressPercent('in_progress', 1, 3)).toBe(33);
    expect(progressPercent('in_progress', 2, 3)).toBe(67);
    expect(progressPercent('enrolled', 0, 3)).toBe(0);
  });
  it('shows a completed course as 100 even after lessons were added', () => {
    expect(progressPercent('completed', 3, 4)).toBe(100);
  });
  it('never divides by zero nor passes 100', () => {
    expect(progressPercent('enrolled', 0, 0)).toBe(0);
    expect(progressPercent('in_progress', 5, 4)).toBe(100);
  });
});
