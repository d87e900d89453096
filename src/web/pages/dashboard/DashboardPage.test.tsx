import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Enrolment } from '../../../shared/learning';
import { respond } from '../lesson/fixtures';
import DashboardPage from './DashboardPage';

const user = { user_id: 5, username: 'priya', email: 'priya@example.com', full_name: 'priya NATARAJAN', profile_picture: null };

function enrolment(id: number, title: string, status: Enrolment['course_status'], done: number, total: number): Enrolment {
  return {
    id,
    course_status: status,
    enrolled_at: '2025-01-05T12:00:00.000Z',
    course: {
      id,
      title,
      slug: title.toLowerCase().replace(/\s+/g, '-'),
      course_image: '/media/c.svg',
      currency_code: 'USD',
      total_lessons: total,
      completed_total_lessons: done,
      student_progress: Math.round((done / total) * 100),
    },
  };
}

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
let list: Enrolment[];

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/dashboard/']}>
        <DashboardPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('DashboardPage', () => {
  beforeEach(() => {
    window.localStorage.setItem('accessToken', 'token');
    window.localStorage.setItem('userId', '5');
    list = [enrolment(1, 'Python Foundations', 'in_progress', 3, 32), enrolment(2, 'Django Basics', 'completed', 20, 20)];
    fetchMock = vi.fn<typeof fetch>((input, init) => {
      const url = new URL(String(input));
      if (url.pathname === '/api/v1/user-details/') return respond(200, user);
      if (url.pathname === '/api/v1/student/dashboard/')
        return respond(200, { total_courses: 2, completed_courses: 1, completed_lessons: 23, certificates: 1, letters: 2 });
      if (url.pathname === '/api/v1/student/courses/5/') {
        const search = (url.searchParams.get('search') ?? '').toLowerCase();
        return respond(
          200,
          list.filter((e) => e.course.title.toLowerCase().includes(search)),
        );
      }
      if (url.pathname === '/api/v1/course-restart/django-basics/2/' && init?.method === 'POST') return respond(200, { course_status: 'in_progress' });
      return respond(404, { detail: 'Not found.' });
    });
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => vi.unstubAllGlobals());

  it('shows the profile block, the real counters and the course list', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Priya Natarajan' })).toBeInTheDocument();
    expect(screen.getByText('PN')).toBeInTheDocument();
    expect(screen.getByText('Pro')).toBeInTheDocument();
    expect(screen.getByText('priya@example.com')).toBeInTheDocument();
    expect(await screen.findByText('1 Course Completed')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /View my courses/ })).toHaveAttribute('href', '/enrolled-courses/');
    expect(screen.getByText('Completed Lessons').previousElementSibling).toHaveTextContent('23');
    expect(screen.getByText('Achieved Certificates').previousElementSibling).toHaveTextContent('1');
    // The server's count of letters issued and not revoked.
    expect(screen.getByText('Pre-experience Letters').previousElementSibling).toHaveTextContent('2');
    expect(screen.getByText('Total Courses').previousElementSibling).toHaveTextContent('2');

    const table = screen.getByRole('table');
    for (const name of ['Course Title', 'Total Lectures', 'Completed Lecture', 'Action'])
      expect(within(table).getByRole('columnheader', { name })).toBeInTheDocument();
    const python = (await within(table).findByRole('link', { name: 'Python Foundations' })).closest('tr')!;
    expect(within(python).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '9');
    expect(within(python).getByRole('link', { name: 'Continue Python Foundations' })).toHaveAttribute('href', '/lesson/python-foundations/');
    const django = within(table).getByRole('link', { name: 'Django Basics' }).closest('tr')!;
    expect(within(django).getByText('Completed')).toBeInTheDocument();
    expect(within(django).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');

    fireEvent.click(within(django).getByRole('button', { name: 'Restart Django Basics' }));
    await waitFor(() => expect(within(django).getByRole('link', { name: 'Continue Django Basics' })).toBeInTheDocument());
    expect(within(django).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
  });

  it('filters as you type and shows the empty text', async () => {
    renderPage();
    await screen.findByRole('link', { name: 'Python Foundations' });
    const searches = () => fetchMock.mock.calls.map(([url]) => new URL(String(url)).searchParams.get('search')).filter((term) => term !== null);
    const before = searches().length;
    // Typed letter by letter: the server is asked once, for the whole word.
    for (const typed of ['d', 'dj', 'dja', 'djan']) fireEvent.change(screen.getByLabelText('Search your courses'), { target: { value: typed } });
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Python Foundations' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Django Basics' })).toBeInTheDocument();
    expect(searches().slice(before)).toEqual(['djan']);
  });

  it("says 'You have not enrolled in any course yet' with a way to browse", async () => {
    list = [];
    renderPage();
    expect(await screen.findByText('You have not enrolled in any course yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse courses' })).toHaveAttribute('href', '/courses');
  });
});
