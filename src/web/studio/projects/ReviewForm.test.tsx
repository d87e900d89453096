import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { projectMessages, type AdminSubmission } from '../../../shared/projects';
import { respond } from '../../pages/lesson/fixtures';
import { ReviewForm } from './ReviewForm';

const submission = {
  id: 9,
  status: 'in_review',
  criteria: ['Has tests', 'Deployed'],
  rounds: [],
  timeline: [],
} as unknown as AdminSubmission;

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

function renderForm() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ReviewForm submission={submission} />
    </QueryClientProvider>,
  );
}

describe('ReviewForm', () => {
  beforeEach(() => {
    fetchMock = vi.fn<typeof fetch>(() => respond(200, { ...submission, status: 'approved', letter_id: 'abc' }));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('approves only when every criterion is met, and sends each criterion with its comment', async () => {
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(projectMessages.approvalNeedsEveryCriterion)).toBeInTheDocument();
    expect(posts()).toHaveLength(0);

    fireEvent.click(screen.getAllByLabelText(/Met/)[0]!);
    fireEvent.click(screen.getAllByLabelText(/Met/)[1]!);
    fireEvent.change(screen.getByLabelText('Comment on Has tests'), { target: { value: 'Good coverage.' } });
    fireEvent.change(screen.getByLabelText('Overall feedback'), { target: { value: 'Well done.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    const [url, init] = posts()[0]!;
    expect(String(url)).toContain('/api/v1/admin/project-submissions/9/review/');
    expect(JSON.parse(String(init?.body))).toEqual({
      decision: 'approved',
      feedback: 'Well done.',
      criteria: [
        { criterion: 'Has tests', met: true, comment: 'Good coverage.' },
        { criterion: 'Deployed', met: true, comment: '' },
      ],
    });
  });

  it('asks for feedback before requesting changes', async () => {
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Request changes' }));
    expect(await screen.findByText(projectMessages.feedbackRequired)).toBeInTheDocument();
    expect(posts()).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Overall feedback'), { target: { value: 'Add tests for the checkout.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Request changes' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(JSON.parse(String(posts()[0]![1]?.body)).decision).toBe('changes_requested');
  });

  it("shows the server's refusal (another reviewer decided first) above the form", async () => {
    fetchMock.mockImplementation(() => respond(409, { detail: projectMessages.alreadyDecided }));
    renderForm();
    fireEvent.change(screen.getByLabelText('Overall feedback'), { target: { value: 'Not this time.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Not approved' }));
    expect(await screen.findByText(projectMessages.alreadyDecided)).toBeInTheDocument();
  });
});
