import { describe, expect, it } from 'vitest';
import { adminStudentQuerySchema, providerEventQuerySchema } from '../../../shared/admin';
import { nextParams, readFilters, readPage } from './listParams';

const { search, verified, sort } = adminStudentQuerySchema.shape;

describe('the list filters in the URL', () => {
  it("keeps what the contract's schema accepts, as strings, and drops malformed or empty values", () => {
    const params = new URLSearchParams({ search: '  asha ', verified: 'yes', sort: 'full_name', extra: 'x' });
    expect(readFilters(params, { search, verified, sort })).toEqual({ search: 'asha', sort: 'full_name' });
    expect(readFilters(new URLSearchParams({ verified: 'false', search: '   ' }), { search, verified, sort })).toEqual({ verified: 'false' });
  });

  it('drops a date that is not one', () => {
    const { from, to } = providerEventQuerySchema.shape;
    expect(readFilters(new URLSearchParams({ from: '2026-01-31', to: 'yesterday' }), { from, to })).toEqual({ from: '2026-01-31' });
  });

  it('reads the page as a whole number from 1', () => {
    for (const [value, page] of [
      ['3', 3],
      ['0', 1],
      ['-2', 1],
      ['2.5', 1],
      ['abc', 1],
      [null, 1],
    ] as const)
      expect(readPage(new URLSearchParams(value === null ? {} : { page: value }))).toBe(page);
  });

  it('goes back to page 1 when a filter changes, and removes emptied filters', () => {
    const current = new URLSearchParams({ search: 'asha', state: 'active', page: '4' });
    expect(nextParams(current, { state: undefined }).toString()).toBe('search=asha');
    expect(nextParams(current, { search: ' rao ' }).toString()).toBe('search=rao&state=active');
    expect(nextParams(current, { page: '5' }).toString()).toBe('search=asha&state=active&page=5');
  });
});
