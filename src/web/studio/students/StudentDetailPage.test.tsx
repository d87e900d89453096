import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminStudentDetail } from '../../../shared/admin';
import { respond } from '../../pages/lesson/fixtures';
import StudentDetailPage from '../pages/StudentDetailPage';

const enrolment = {
  course_id: 7,
  title: 'Python Foundations',
  slug: 'python-foundations',
  source: 'purchase',
  course_status: 'in_progress',
  enrolled_at: '2026-01-02T10:00:00.000Z',
  total_lessons: 8,
  completed_lessons: 2,
  progress: 25,
  held_back_lessons: [],
};
const student: AdminStudentDetail = {
  id: 5,
  email: 'asha@example.com',
  full_name: 'Asha Verma',
  country: 'India',
  is_verified: true,
  is_admin: false,
  blocked: false,
  blocked_at: null,
  created_at: '2026-01-01T10:00:00.000Z',
  phone_number: '',
  orders: [],
  enrolments: [enrolment],
  memberships: [],
  questions: [],
  quiz_attempts: [
    {
      course: { id: 3, title: 'Python Foundations' },
      lesson: { id: 40, title: 'Quiz: control flow' },
      attempt_number: 2,
      score_percent: 67,
      passed: true,
      created_at: '2026-01-03T10:00:00.000Z',
    },
  ],
};

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
const calls = (method: string) => fetchMock.mock.calls.filter(([, init]) => init?.method === method);

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/admin/students/5']}>
        <Routes>
          <Route path="/admin/students/:userId" element={<StudentDetailPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('StudentDetailPage', () => {
  beforeEach(() => {
    window.localStorage.setItem('accessToken', 'token');
    // The server's state: a write changes what the next read answers.
    let current = student;
    fetchMock = vi.fn<typeof fetch>((input, init) => {
      const url = new URL(String(input));
      if (url.pathname === '/api/v1/admin/students/5/enrolments/7/' && init?.method === 'DELETE') {
        current = { ...student, enrolments: [] };
        return respond(200, current);
      }
      if (url.pathname === '/api/v1/admin/students/5/comp/' && init?.method === 'POST') return respond(200, current);
      if (url.pathname === '/api/v1/admin/students/5/unlocks/' && init?.method === 'POST') {
        current = { ...current, enrolments: current.enrolments.map((e) => ({ ...e, held_back_lessons: [] })) };
        return respond(201, current);
      }
      if (url.pathname === '/api/v1/admin/students/5/') return respond(200, current);
      return respond(404, { detail: 'Not found.' });
    });
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => vi.unstubAllGlobals());

  it('shows the enrolment with its progress, and revokes it only once confirmed', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: /Asha Verma/ })).toBeInTheDocument();
    expect(screen.getByText('Quiz: control flow · attempt 2')).toBeInTheDocument();
    expect(screen.getByText('67% · Passed')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Progress in Python Foundations' })).toHaveAttribute('aria-valuenow', '25');
    expect(screen.getByText(/2\/8 lessons · 25%/)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Revoke access to Python Foundations' }));
    const dialog = await screen.findByRole('dialog');
    expect(calls('DELETE')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke access' }));
    expect(await screen.findByText('Not enrolled in any course.')).toBeInTheDocument();
    expect(calls('DELETE')).toHaveLength(1);
  });

  it("opens a dripped lesson early for the student with 'Open early'", async () => {
    const held = { id: 91, lesson_title: 'Deploying Flask', available_at: '2030-03-05T10:00:00.000Z' };
    fetchMock.mockImplementationOnce(() => respond(200, { ...student, enrolments: [{ ...enrolment, held_back_lessons: [held] }] }));
    renderPage();
    expect(await screen.findByText('Available on Mar 5, 2030')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Open early: Deploying Flask' }));
    await waitFor(() => expect(calls('POST')).toHaveLength(1));
    expect(new URL(String(calls('POST')[0]![0])).pathname).toBe('/api/v1/admin/students/5/unlocks/');
    expect(JSON.parse(String(calls('POST')[0]![1]!.body))).toEqual({ lesson_id: 91 });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Open early: Deploying Flask' })).not.toBeInTheDocument());
  });

  it("validates the months with the contract's messages before giving a membership", async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /Give membership/ }));
    const dialog = await screen.findByRole('dialog');
    const months = within(dialog).getByLabelText('Months');
    fireEvent.change(months, { target: { value: '0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Give membership' }));
    expect(await within(dialog).findByText('Give between 1 and 60 months.')).toBeInTheDocument();
    expect(calls('POST')).toHaveLength(0);

    fireEvent.change(months, { target: { value: '3' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Give membership' }));
    await waitFor(() => expect(calls('POST')).toHaveLength(1));
    expect(JSON.parse(String(calls('POST')[0]![1]!.body))).toEqual({ months: 3 });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
