import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Question } from '../../../shared/learning';
import { makeCourse, respond } from '../lesson/fixtures';
import QuestionAnswerPage from './QuestionAnswerPage';

const question: Question = {
  id: 1,
  title: 'Why does my loop never stop?',
  body: 'I wrote <b>while True</b> and it runs forever.',
  created_at: '2025-03-02T10:00:00.000Z',
  course: { id: 7, title: 'Python Foundations', slug: 'python-foundations' },
  lesson: { id: 3, title: 'while loops and when to use them' },
  asked_by: 'priya natarajan',
  answers: [{ id: 9, body: 'Add a break when the condition is met.', created_at: '2025-03-03T10:00:00.000Z', author: 'RAVI sharma', is_instructor: true }],
};

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

function renderPage(path = '/question-answer/') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <QuestionAnswerPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('QuestionAnswerPage', () => {
  beforeEach(() => {
    document.cookie = 'user_ip=203.0.113.9; path=/';
    window.localStorage.setItem('accessToken', 'token');
    window.localStorage.setItem('userId', '5');
    fetchMock = vi.fn<typeof fetch>((input, init) => {
      const url = new URL(String(input));
      if (url.pathname === '/api/v1/questions/' && init?.method === 'POST')
        return respond(201, { ...question, id: 2, ...(JSON.parse(String(init.body)) as object), answers: [] });
      if (url.pathname === '/api/v1/questions/') return respond(200, [question]);
      if (url.pathname === '/api/v1/user-details/') return respond(200, { user_id: 5, full_name: 'Priya Natarajan', email: 'p@example.com' });
      if (url.pathname === '/api/v1/student/courses/5/')
        return respond(200, [
          {
            id: 1,
            course_status: 'in_progress',
            enrolled_at: '2025-01-01T00:00:00.000Z',
            course: {
              id: 7,
              title: 'Python Foundations',
              slug: 'python-foundations',
              course_image: '',
              currency_code: 'USD',
              total_lessons: 4,
              completed_total_lessons: 1,
              student_progress: 25,
            },
          },
        ]);
      if (url.pathname === '/api/v1/courses/python-foundations/') return respond(200, makeCourse());
      return respond(404, { detail: 'Not found.' });
    });
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    document.cookie = 'user_ip=; Max-Age=0; path=/';
  });

  it('lists questions as plain text with the instructor answer highlighted', async () => {
    renderPage();
    const card = (await screen.findByRole('heading', { name: question.title })).closest('li')!;
    expect(within(card).getByText(question.body)).toBeInTheDocument();
    expect(card.querySelector('b')).toBeNull();
    expect(within(card).getByText('Instructor')).toBeInTheDocument();
    expect(within(card).getByText('Add a break when the condition is met.').closest('li')).toHaveClass('bg-primary-subtle');
    // The lesson title in Title Case as the player shows it; names capitalised per word.
    expect(within(card).getByText(/While Loops and When to Use Them/)).toBeInTheDocument();
    expect(within(card).getByText('Ravi Sharma')).toBeInTheDocument();
  });

  it('validates with the contract messages, then posts the question with the chosen lesson', async () => {
    renderPage('/question-answer/?course=7&lesson=3');
    await screen.findByRole('option', { name: 'Python Foundations' });
    await screen.findByRole('option', { name: 'Lesson 3: Making Decisions with If, Elif and Else' });
    await waitFor(() => expect(screen.getByLabelText(/Lesson/)).toHaveValue('3'));
    expect(screen.getByLabelText('Course')).toHaveValue('7');

    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Hm' } });
    fireEvent.change(screen.getByLabelText('Your question'), { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post question' }));
    expect(await screen.findByText('Give your question a title of at least 5 characters.')).toBeInTheDocument();
    expect(screen.getByText('Describe your question in at least 10 characters.')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'How do elif chains end?' } });
    fireEvent.change(screen.getByLabelText('Your question'), { target: { value: 'Does the else branch always run last?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post question' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({
      course_id: 7,
      lesson_id: 3,
      title: 'How do elif chains end?',
      body: 'Does the else branch always run last?',
    });
  });

  it('asks for a course first', async () => {
    renderPage();
    await screen.findByRole('option', { name: 'Python Foundations' });
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'A good title' } });
    fireEvent.change(screen.getByLabelText('Your question'), { target: { value: 'A long enough question body.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post question' }));
    expect(await screen.findByText('Choose a course.')).toBeInTheDocument();
  });

  it('shows a long question collapsed with Show more, and a short one whole (issue 21 item 4)', async () => {
    const long = { ...question, id: 3, title: 'A long traceback', body: `Traceback (most recent call last):\n${'  File "app.py", line 1\n'.repeat(60)}` };
    const others = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation((input, init) =>
      new URL(String(input)).pathname === '/api/v1/questions/' ? respond(200, [long, question]) : others(input, init),
    );
    renderPage();
    const card = (await screen.findByRole('heading', { name: 'A long traceback' })).closest('li')!;
    const more = within(card).getByRole('button', { name: 'Show more' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(card.querySelector('[data-collapsed]')).not.toBeNull();
    fireEvent.click(more);
    expect(within(card).getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true');
    expect(card.querySelector('[data-collapsed]')).toBeNull();
    const short = (await screen.findByRole('heading', { name: question.title })).closest('li')!;
    expect(within(short).queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('counts the question against its 5,000-character limit and never cuts it (issue 21 item 4)', async () => {
    renderPage('/question-answer/?course=7');
    const box = (await screen.findByLabelText('Your question')) as HTMLTextAreaElement;
    expect(box).not.toHaveAttribute('maxlength');
    fireEvent.change(box, { target: { value: 'x'.repeat(3999) } });
    expect(screen.queryByText(/left of 5000/)).toBeNull();
    fireEvent.change(box, { target: { value: 'x'.repeat(4500) } });
    expect(screen.getByText('500 characters left of 5000')).toBeInTheDocument();
    fireEvent.change(box, { target: { value: 'x'.repeat(5001) } });
    expect(box.value).toHaveLength(5001);
    expect(screen.getByText('1 character over the 5000-character limit')).toBeInTheDocument();
  });
});
