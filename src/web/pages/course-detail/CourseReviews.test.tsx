import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CourseReview, CourseReviewPage, MyReview } from '../../../shared/reviews';
import { clearTokens, setTokens } from '../../lib/auth';
import { CourseReviews } from './CourseReviews';

const hostile = '<img src=x onerror="alert(1)"><script>alert(2)</script> & <b>bold</b>';

const review = (id: number, extra: Partial<CourseReview> = {}): CourseReview => ({
  id,
  rating: 5,
  review: 'Clear and practical.',
  student_name: 'Priya Nair',
  created_at: '2026-03-14T10:00:00.000Z',
  updated_at: '2026-03-14T10:00:00.000Z',
  verified_student: true,
  reply: null,
  course: { slug: 'django-rest-framework', title: 'Django REST Framework' },
  ...extra,
});

function respond(status: number, body: unknown) {
  return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
}

let page: CourseReviewPage;
let mine: MyReview;
let posted: unknown[];
let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

function renderSection(figures = { ratings: 4.5, ratings_count: 2 }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <CourseReviews course={{ slug: 'django-rest-framework', ...figures }} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  posted = [];
  page = {
    count: 2,
    next: null,
    previous: null,
    results: [
      review(1),
      review(2, { rating: 4, student_name: '<b>Mallory</b>', review: hostile, reply: { text: '<i>Thanks</i>', created_at: '2026-03-15T10:00:00.000Z' } }),
    ],
  };
  mine = { may_review: false, reason: 'Only students of this course can rate it.', review: null };
  fetchMock = vi.fn<typeof fetch>((input, init) => {
    const url = new URL(String(input));
    if (url.pathname.endsWith('/reviews/mine/')) return respond(200, mine);
    if (url.pathname.endsWith('/reviews/') && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as { rating: number; review?: string };
      posted.push(body);
      return respond(201, {
        created: true,
        review: {
          id: 9,
          rating: body.rating,
          review: body.review ?? '',
          created_at: '2026-04-01T00:00:00.000Z',
          updated_at: '2026-04-01T00:00:00.000Z',
          hidden: false,
        },
        course: { slug: 'django-rest-framework', ratings: 4.3, ratings_count: 3 },
      });
    }
    if (url.pathname.endsWith('/reviews/')) {
      const stars = url.searchParams.get('stars');
      return respond(200, stars ? { ...page, count: 1, results: page.results.filter((r) => String(r.rating) === stars) } : page);
    }
    return respond(404, { detail: 'Not found.' });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  clearTokens();
});

describe('CourseReviews', () => {
  it("shows each review with the student's name, the date, 'Verified student' and the reply", async () => {
    renderSection();
    expect(await screen.findByText('Clear and practical.')).toBeInTheDocument();
    expect(screen.getByText('Priya Nair')).toBeInTheDocument();
    expect(screen.getAllByText('Verified student')).toHaveLength(2);
    expect(screen.getAllByText('Mar 14, 2026')).toHaveLength(2);
    expect(screen.getByText('Reply from the instructor')).toBeInTheDocument();
    expect(screen.getByText('4.5/5.0')).toBeInTheDocument();
    expect(screen.getByText('from 2 reviews')).toBeInTheDocument();
  });

  it('shows HTML in a review, a name or a reply as the characters typed, never as markup', async () => {
    const { container } = renderSection();
    expect(await screen.findByText(hostile)).toBeInTheDocument();
    expect(screen.getByText('<b>Mallory</b>')).toBeInTheDocument();
    expect(screen.getByText('<i>Thanks</i>')).toBeInTheDocument();
    expect(container.querySelector('img, script, b, i:not(.bi)')).toBeNull();
  });

  it('filters by stars', async () => {
    renderSection();
    await screen.findByText('Clear and practical.');
    fireEvent.change(screen.getByLabelText('Rating'), { target: { value: '4' } });
    await waitFor(() => expect(screen.queryByText('Clear and practical.')).not.toBeInTheDocument());
    expect(fetchMock.mock.calls.some(([input]) => new URL(String(input)).searchParams.get('stars') === '4')).toBe(true);
  });

  it("shows 'New' and no 0.0 for a course without reviews", async () => {
    page = { count: 0, next: null, previous: null, results: [] };
    renderSection({ ratings: 0, ratings_count: 0 });
    expect(await screen.findByText('Be the first of its students to review this course.')).toBeInTheDocument();
    expect(screen.getByText('New')).toBeInTheDocument();
    expect(screen.queryByText(/0\.0/)).not.toBeInTheDocument();
  });

  it('shows no form to a visitor, nor to a viewer who may not rate', async () => {
    renderSection();
    await screen.findByText('Clear and practical.');
    expect(screen.queryByRole('form', { name: /Rate this course/ })).not.toBeInTheDocument();
    await act(async () => setTokens({ access: 'token', refresh: 'refresh' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/reviews/mine/'))).toBe(true));
    expect(screen.queryByRole('form', { name: /Rate this course/ })).not.toBeInTheDocument();
  });

  it("lets a student rate: the stars are required, the review's length is the contract's, and the saved answer is shown", async () => {
    mine = { may_review: true, reason: null, review: null };
    setTokens({ access: 'token', refresh: 'refresh' });
    renderSection();
    const form = await screen.findByRole('form', { name: 'Rate this course' });
    fireEvent.click(screen.getByRole('button', { name: 'Post review' }));
    expect(await screen.findByText('Choose from 1 to 5 stars.')).toBeInTheDocument();
    fireEvent.click(screen.getByLabelText('4 stars'));
    fireEvent.change(screen.getByLabelText(/Your review/), { target: { value: 'x'.repeat(2001) } });
    fireEvent.click(screen.getByRole('button', { name: 'Post review' }));
    expect(await screen.findByText('Keep the review under 2,000 characters.')).toBeInTheDocument();
    expect(posted).toEqual([]);
    fireEvent.change(screen.getByLabelText(/Your review/), { target: { value: 'Solid course.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post review' }));
    expect(await screen.findByText('Thank you: your review is saved.')).toBeInTheDocument();
    expect(posted).toEqual([{ rating: 4, review: 'Solid course.' }]);
    expect(form).toBeInTheDocument();
  });
});
