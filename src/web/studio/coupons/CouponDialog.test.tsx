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
      if (url.pathname === '/api/v1/admin/bundles/')
        return respond(200, { count: 1, page: 1, page_size: 25, results: [{ id: 5, title: 'Django Backend Bundle' }] });
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

  it('creates a fixed-amount coupon with an amount per currency, and asks for one before sending', async () => {
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>((input, init) => {
        const url = new URL(String(input));
        if (url.pathname === '/api/v1/admin/courses/') return respond(200, { count: 0, next: null, previous: null, results: [] });
        if (url.pathname === '/api/v1/admin/coupons/' && init?.method === 'POST') {
          sent.push(JSON.parse(String(init.body)));
          return respond(201, {});
        }
        return respond(404, { detail: 'Not found.' });
      }),
    );
    const onHide = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <CouponDialog target="new" onHide={onHide} />
      </QueryClientProvider>,
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'Code' }), 'launch10');
    await userEvent.click(screen.getByRole('radio', { name: 'A fixed amount' }));
    expect(screen.queryByRole('spinbutton', { name: 'Percentage off' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Create coupon' }));
    expect(await screen.findByText('Enter the amount off in at least one currency.')).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await userEvent.type(screen.getByRole('spinbutton', { name: 'Amount off in USD' }), '10');
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Amount off in INR' }), '800');
    await userEvent.click(screen.getByRole('button', { name: 'Create coupon' }));
    await vi.waitFor(() => expect(onHide).toHaveBeenCalled());
    expect(sent[0]).toMatchObject({ code: 'LAUNCH10', discount_type: 'fixed', amount_off: { USD: 10, INR: 800 } });
  });

  it('names bundles beside courses, says what each choice reaches, and sends bundle_ids', async () => {
    const sent: unknown[] = [];
    const api = vi.mocked(fetch).getMockImplementation()!;
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>((input, init) => {
        if (new URL(String(input)).pathname === '/api/v1/admin/coupons/' && init?.method === 'POST') {
          sent.push(JSON.parse(String(init.body)));
          return respond(201, {});
        }
        return api(input, init);
      }),
    );
    const onHide = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <CouponDialog target="new" onHide={onHide} />
      </QueryClientProvider>,
    );
    const courses = await screen.findByRole('group', { name: 'Courses' });
    const bundles = screen.getByRole('group', { name: 'Bundles' });
    expect(bundles).toHaveAccessibleDescription('None ticked: every bundle.');

    await userEvent.click(await screen.findByRole('checkbox', { name: 'Python Foundations' }));
    expect(bundles).toHaveAccessibleDescription('None ticked: no bundle (a coupon naming courses does not reach the bundles they are in).');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Python Foundations' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Django Backend Bundle' }));
    expect(bundles).toHaveAccessibleDescription('Only the ticked bundle gets the discount.');
    expect(courses).toHaveAccessibleDescription('None ticked: no course alone, only the ticked bundles.');

    await userEvent.type(screen.getByRole('textbox', { name: 'Code' }), 'bundle10');
    await userEvent.click(screen.getByRole('button', { name: 'Create coupon' }));
    await vi.waitFor(() => expect(onHide).toHaveBeenCalled());
    expect(sent[0]).toMatchObject({ code: 'BUNDLE10', course_ids: [], bundle_ids: [5] });
  });
});
