import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_PAGE_SIZE } from '../../shared/admin';
import { adminQueries } from './admin';

afterEach(() => vi.unstubAllGlobals());

describe('adminQueries.courseChoices', () => {
  it('lists every course, page after page, for the coupon picker and the questions filter', async () => {
    const total = MAX_PAGE_SIZE + 30;
    const requested: URL[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = new URL(String(input));
        requested.push(url);
        const page = Number(url.searchParams.get('page'));
        const size = Number(url.searchParams.get('page_size'));
        const ids = Array.from({ length: total }, (_, i) => i + 1).slice((page - 1) * size, page * size);
        const body = { count: total, page, page_size: size, results: ids.map((id) => ({ id, title: `Course ${id}` })) };
        return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
      }),
    );

    const courses = await new QueryClient().fetchQuery(adminQueries.courseChoices());

    expect(courses).toHaveLength(total);
    expect(courses.at(-1)).toMatchObject({ id: total, title: `Course ${total}` });
    expect(requested.map((url) => [url.pathname, url.searchParams.get('page'), url.searchParams.get('sort')])).toEqual([
      ['/api/v1/admin/courses/', '1', 'title'],
      ['/api/v1/admin/courses/', '2', 'title'],
    ]);
  });
});
