import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LessonQuiz, QuizAttemptResult, QuizAttempts } from '../../../shared/quizzes';
import { catalogKeys } from '../../api/catalog';
import { respond } from './fixtures';
import { QuizStage } from './QuizStage';

const uuid = '00000000-0000-4000-8000-000000000001';
const quiz: LessonQuiz = {
  pass_percent: 60,
  max_attempts: 2,
  attempts_used: 0,
  questions: [
    {
      id: 1,
      prompt: 'Which keyword defines a function?',
      kind: 'single',
      options: [
        { id: 11, text: 'def' },
        { id: 12, text: 'fun' },
      ],
    },
    {
      id: 2,
      prompt: 'Which are sequences?',
      kind: 'multiple',
      options: [
        { id: 21, text: 'list' },
        { id: 22, text: 'tuple' },
        { id: 23, text: 'int' },
      ],
    },
  ],
};

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
let answers: QuizAttemptResult[];
let sent: unknown[];
const noAttempts: QuizAttempts = { attempts_used: 0, attempts_left: 2, passed: false, attempts: [] };
/** What GET attempts answers (the attempts made so far). */
let attemptsNow: QuizAttempts;
/** When set, POST answers this status and body instead of a graded attempt. */
let refusal: { status: number; body: unknown } | null;

beforeEach(() => {
  sent = [];
  attemptsNow = noAttempts;
  refusal = null;
  fetchMock = vi.fn<typeof fetch>((input, init) => {
    const url = new URL(String(input));
    if (url.pathname === `/api/v1/quizzes/${uuid}/attempts/` && init?.method === 'POST') {
      sent.push(JSON.parse(String(init.body)));
      if (refusal) return respond(refusal.status, refusal.body);
      return respond(200, answers.shift());
    }
    if (url.pathname === `/api/v1/quizzes/${uuid}/attempts/`) return respond(200, attemptsNow);
    return respond(404, { detail: 'Not found.' });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const renderStage = (props: Partial<Parameters<typeof QuizStage>[0]> = {}) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <QuizStage slug="python" lessonUuid={uuid} quiz={quiz} canAttempt {...props} />
    </QueryClientProvider>,
  );

describe('QuizStage', () => {
  it('sends the chosen options, shows which were wrong without the answers, then after a pass the answers and explanations', async () => {
    answers = [
      {
        attempt_number: 1,
        score_percent: 50,
        passed: false,
        attempts_left: 1,
        results: [
          { question_id: 1, correct: true },
          { question_id: 2, correct: false },
        ],
      },
      {
        attempt_number: 2,
        score_percent: 100,
        passed: true,
        attempts_left: 0,
        results: [
          { question_id: 1, correct: true, correct_option_ids: [11], explanation: 'def starts a function.' },
          { question_id: 2, correct: true, correct_option_ids: [21, 22], explanation: null },
        ],
      },
    ];
    renderStage();
    fireEvent.click(screen.getByLabelText('def'));
    fireEvent.click(screen.getByLabelText('list'));
    fireEvent.click(screen.getByRole('button', { name: /Submit answers/ }));
    expect(await screen.findByText(/You scored 50%; 60% passes\. 1 wrong\. 1 attempt left\./)).toBeTruthy();
    expect(sent[0]).toEqual({
      answers: [
        { question_id: 1, option_ids: [11] },
        { question_id: 2, option_ids: [21] },
      ],
    });
    expect(screen.getAllByText('Wrong')).toHaveLength(1);
    expect(screen.queryByText('Right answer')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: /Try again/ }));
    fireEvent.click(screen.getByLabelText('tuple'));
    fireEvent.click(screen.getByRole('button', { name: /Submit answers/ }));
    expect(await screen.findByText(/Passed with 100%/)).toBeTruthy();
    expect(sent[1]).toEqual({
      answers: [
        { question_id: 1, option_ids: [11] },
        { question_id: 2, option_ids: [21, 22] },
      ],
    });
    expect(screen.getAllByText('Right answer')).toHaveLength(3);
    expect(screen.getByText('def starts a function.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Submit answers|Try again/ })).toBeNull();
  });

  it("keeps 'Try again' once pressed while the course is still reloading after the grade (a slow network)", async () => {
    answers = [{ attempt_number: 1, score_percent: 0, passed: false, attempts_left: 1, results: [{ question_id: 1, correct: false }] }];
    // The player's course detail is on screen too; after an attempt it reloads, slowly here.
    let reloads = 0;
    let finishReload: () => void = () => undefined;
    function CourseDetail() {
      useQuery({
        queryKey: catalogKeys.course('python'),
        queryFn: () => (reloads++ === 0 ? Promise.resolve({}) : new Promise<object>((resolve) => (finishReload = () => resolve({})))),
      });
      return null;
    }
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <CourseDetail />
        <QuizStage slug="python" lessonUuid={uuid} quiz={quiz} canAttempt />
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByLabelText('fun'));
    attemptsNow = {
      attempts_used: 1,
      attempts_left: 1,
      passed: false,
      attempts: [
        {
          attempt_number: 1,
          score_percent: 0,
          passed: false,
          created_at: '2026-05-01T10:00:00.000Z',
          answers: [{ question_id: 1, option_ids: [12] }],
          results: [{ question_id: 1, correct: false }],
        },
      ],
    } as QuizAttempts;
    fireEvent.click(screen.getByRole('button', { name: /Submit answers/ }));
    await screen.findByText(/You scored 0%/);
    fireEvent.click(await screen.findByRole('button', { name: /Try again/ }));
    expect(screen.getByLabelText('def')).toBeEnabled();
    // The course arrives after the student chose to try again: the questions stay open.
    finishReload();
    await waitFor(() => expect(reloads).toBe(2));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByLabelText('def')).toBeEnabled();
    expect(screen.getByRole('button', { name: /Submit answers/ })).toBeTruthy();
  });

  it('says so when the server refuses the attempt (409: no attempts left), and shows the attempts as the server has them', async () => {
    renderStage();
    fireEvent.click(screen.getByLabelText('fun'));
    fireEvent.click(screen.getByLabelText('list'));
    expect(screen.getByLabelText('list')).toBeChecked();
    // Meanwhile the last attempt was used elsewhere (another tab): the server refuses this one.
    refusal = { status: 409, body: { detail: 'You have no attempts left at this quiz.' } };
    attemptsNow = {
      attempts_used: 2,
      attempts_left: 0,
      passed: false,
      attempts: [
        {
          attempt_number: 2,
          score_percent: 50,
          passed: false,
          created_at: '2026-05-01T10:00:00.000Z',
          answers: [
            { question_id: 1, option_ids: [11] },
            { question_id: 2, option_ids: [23] },
          ],
          results: [
            { question_id: 1, correct: true, correct_option_ids: [11], explanation: null },
            { question_id: 2, correct: false, correct_option_ids: [21, 22], explanation: null },
          ],
        },
      ],
    } as QuizAttempts;
    fireEvent.click(screen.getByRole('button', { name: /Submit answers/ }));

    const alert = await screen.findByText(/Your answers were not graded: You have no attempts left at this quiz\./);
    expect(alert.closest('[role="alert"]')).not.toBeNull();
    // The boxes now show the attempt the server graded (not picks it never took), with its answers told.
    await waitFor(() => expect(screen.getByLabelText(/^int/)).toBeChecked());
    expect(screen.getByLabelText(/^list/)).not.toBeChecked();
    expect(screen.getByLabelText(/^fun/)).not.toBeChecked();
    expect(screen.getAllByText('Right answer')).toHaveLength(3);
    expect(screen.getByText(/No attempts left: the answers and explanations are below\./)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Submit answers|Try again/ })).toBeNull();
  });

  it('keeps the picks and says why when the attempt could not be sent at all', async () => {
    renderStage();
    fireEvent.click(screen.getByLabelText('def'));
    refusal = { status: 503, body: { detail: 'Service unavailable.' } };
    fireEvent.click(screen.getByRole('button', { name: /Submit answers/ }));
    expect(await screen.findByText(/Service unavailable\./)).toBeTruthy();
    expect(screen.getByLabelText('def')).toBeChecked();
    expect(screen.getByRole('button', { name: /Submit answers/ })).toBeEnabled();
  });

  it('the studio preview sends nothing', async () => {
    renderStage({ preview: true, canAttempt: false });
    fireEvent.click(screen.getByLabelText('def'));
    const submit = screen.getByRole('button', { name: /Submit answers/ });
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(fetchMock).not.toHaveBeenCalled());
  });
});
