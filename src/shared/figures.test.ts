import { describe, expect, it } from 'vitest';
import { computedFigures, demoFigures, ratingFigure, roundedCount } from './figures';

describe('roundedCount: a count as the spec writes it, never above the truth', () => {
  it.each([
    [0, null],
    [-3, null],
    [Number.NaN, null],
    [1, '1'],
    [9, '9'],
    [10, '10+'],
    [13, '10+'],
    [99, '90+'],
    [250, '200+'],
    [999, '900+'],
    [1000, '1000+'],
    [2034, '2000+'],
    [9999, '9900+'],
    [10_000, '10K+'],
    [75_123, '75K+'],
    [999_999, '999K+'],
    [1_234_567, '1.2M+'],
    [12.9, '10+'],
  ] as [number, string | null][])('%s → %s', (value, shown) => {
    expect(roundedCount(value)).toBe(shown);
  });

  it("writes thousands as the page does: 'K' on the home page, 'k' on /subscribe", () => {
    expect(roundedCount(75_500, 'k')).toBe('75k+');
  });
});

describe('ratingFigure', () => {
  it("is 'at least' on the home page (down to a tenth, with its plus) and the nearest tenth on /subscribe", () => {
    expect(ratingFigure(4.86, 'at-least')).toBe('4.8+');
    expect(ratingFigure(4.8, 'at-least')).toBe('4.8+');
    expect(ratingFigure(4.86, 'nearest')).toBe('4.9');
    expect(ratingFigure(5, 'at-least')).toBe('5.0');
    expect(ratingFigure(4.99, 'nearest')).toBe('5.0');
  });
  it('says nothing without ratings', () => {
    expect(ratingFigure(null, 'at-least')).toBeNull();
    expect(ratingFigure(0, 'nearest')).toBeNull();
  });
});

describe('computedFigures', () => {
  it("gives the spec's strings for the spec's facts, and no success rate (nothing in the database says one)", () => {
    const shown = computedFigures({ published_courses: 13, average_rating: 4.86, ratings: 120, students: 75_310, letters: 2040, hours: 134 });
    expect(shown).toEqual({
      home_stat_courses: '10+',
      home_stat_rating: '4.8+',
      home_stat_students: '75K+',
      home_stat_letters: '2000+',
      subscribe_stat_students: '75k+',
      subscribe_stat_courses: '10+',
      subscribe_stat_hours: '100+',
      subscribe_stat_rating: '4.9',
      subscribe_stat_success: null,
    });
    expect(Object.keys(demoFigures)).toEqual(Object.keys(shown));
  });
  it('hides what a new site has none of', () => {
    expect(
      Object.values(computedFigures({ published_courses: 0, average_rating: null, ratings: 0, students: 0, letters: 0, hours: 0 })).every((v) => v === null),
    ).toBe(true);
  });
});
