import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { respond } from '../../pages/lesson/fixtures';
import { CouponDialog } from './CouponDialog';

const course = (id: number, title: string) => ({
  id,
  slug: `course-${id}`,
  title,
  course_type: 'paid',
  complexity: 'Beginner',
  category: { id: 1, category_name: 'Python' },
  state: 'published',
  total_lessons: 3,
  enrolled: 0,
  prices: [],
  position: id,
  updated_at: '2026-01-02T10:00:00.000Z',
});

beforeEach(() => {
  window.localStorage.setItem('accessToken', 'token');
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>((input) => {
      const url = new URL(String(input));
      if (url.pathname === '/api/v1/admin/courses/')
        return respond(200, { count: 2, next: null, previous: null, results: [course(1, 'Python Foundations'), course(2, 'Django for Beginners')] });
      return respond(404, { detail: 'Not found.' });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('CouponDialog', () => {
  it('says which ticked courses get the discount, in agreement with how many', async () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <CouponDialog target="new" onHide={() => undefined} />
      </QueryClientProvider>,
    );
    const courses = await screen.findByRole('group', { name: 'Courses' });
    expect(courses).toHaveAccessibleDescription('None ticked: every course.');

    await userEvent.click(await screen.findByRole('checkbox', { name: 'Python Foundations' }));
    expect(courses).toHaveAccessibleDescription('Only the ticked course gets the discount.');

    await userEvent.click(screen.getByRole('checkbox', { name: 'Django for Beginners' }));
    expect(courses).toHaveAccessibleDescription('Only the 2 ticked courses get the discount.');
  });
});
