import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatAvailableOn, releaseSummary } from './release';

const speaks = (...languages: string[]) => vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(languages);
afterEach(() => vi.restoreAllMocks());

describe("dates in the viewer's locale", () => {
  it("writes when a dripped lesson opens the viewer's way", () => {
    speaks('en-US');
    expect(formatAvailableOn('2030-03-05T10:00:00.000Z')).toBe('Mar 5, 2030');
    speaks('en-GB', 'en');
    expect(formatAvailableOn('2030-03-05T10:00:00.000Z')).toBe('5 Mar 2030');
    speaks('de-DE');
    expect(formatAvailableOn('2030-03-05T10:00:00.000Z')).toBe('5. März 2030');
    expect(formatAvailableOn('not a date')).toBe('not a date');
  });

  it("falls back to the site's way for a language tag it cannot read", () => {
    speaks('not_a_tag!!');
    expect(formatAvailableOn('2030-03-05T10:00:00.000Z')).toBe('Mar 5, 2030');
  });

  it("sums a studio schedule up as 'Day N' or 'From {date}' (the year only when it is not this one), nothing when it opens at once", () => {
    speaks('en-GB');
    const today = new Date('2030-06-01T12:00:00Z');
    expect(releaseSummary({ available_after_days: 7, available_from: null }, today)).toEqual({
      label: 'Day 7',
      description: "Opens 7 days after the student's access began",
    });
    expect(releaseSummary({ available_after_days: 1, available_from: null }, today)?.description).toBe("Opens 1 day after the student's access began");
    // A fixed date opens at 00:00 UTC: the same day whatever the instructor's time zone.
    expect(releaseSummary({ available_after_days: null, available_from: '2030-01-03' }, today)).toEqual({
      label: 'From 3 Jan',
      description: 'Opens on 3 January 2030 (00:00 UTC)',
    });
    expect(releaseSummary({ available_after_days: null, available_from: '2031-01-03' }, today)?.label).toBe('From 3 Jan 2031');
    expect(releaseSummary({ available_after_days: 0, available_from: null }, today)).toBeNull();
    expect(releaseSummary({ available_after_days: null, available_from: null }, today)).toBeNull();
  });
});
