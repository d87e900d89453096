import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminBroadcastDetail, BroadcastRecipient } from '../../../shared/broadcasts';
import { broadcastKeys } from '../../api/broadcasts';
import { respond } from '../../pages/lesson/fixtures';
import EmailDetailPage from './EmailDetailPage';
import EmailsPage from './EmailsPage';

const sent: AdminBroadcastDetail = {
  id: 41,
  subject: 'Live Q&A this Friday',
  audience: 'course_students',
  course_id: 7,
  course_title: 'Python Foundations',
  status: 'sent',
  scheduled_at: null,
  started_at: '2026-11-01T10:00:00.000Z',
  finished_at: '2026-11-01T10:02:00.000Z',
  created_at: '2026-11-01T09:00:00.000Z',
  updated_at: '2026-11-01T10:02:00.000Z',
  counts: { recipients: 3, queued: 0, sent: 2, failed: 1, unsubscribed: 1 },
  html: '<p>Bring your <strong>questions</strong>.</p>',
  text: 'Bring your QUESTIONS.',
};
const recipient = (over: Partial<BroadcastRecipient>): BroadcastRecipient => ({
  id: 1,
  user_id: 5,
  email: 'asha@example.com',
  full_name: 'Asha Verma',
  status: 'sent',
  sent_at: '2026-11-01T10:01:00.000Z',
  error: null,
  unsubscribed_at: null,
  ...over,
});
const recipients = [
  recipient({ id: 1, unsubscribed_at: '2026-11-02T08:00:00.000Z' }),
  recipient({ id: 2, email: 'rohan@example.com', full_name: 'Rohan Mehta' }),
  recipient({ id: 3, email: 'old@example.com', full_name: '', status: 'failed', sent_at: null, error: 'Mailbox unavailable' }),
];
let list: AdminBroadcastDetail[];
let queries: URLSearchParams[];
let client: QueryClient;

function api(input: RequestInfo | URL): Promise<Response> {
  const url = new URL(String(input));
  const path = url.pathname.replace('/api/v1', '');
  if (path === '/admin/broadcasts/') return respond(200, { count: list.length, page: 1, page_size: 25, results: list });
  if (path === '/admin/broadcasts/41/') return respond(200, sent);
  if (path === '/admin/broadcasts/41/recipients/') {
    queries.push(url.searchParams);
    const status = url.searchParams.get('status');
    const results = recipients.filter((r) => !status || r.status === status);
    return respond(200, { count: results.length, page: 1, page_size: 50, results });
  }
  return respond(404, { detail: 'Not found.' });
}

function renderAt(path: string) {
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/admin/emails" element={<EmailsPage />} />
          <Route path="/admin/emails/:broadcastId" element={<EmailDetailPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('Studio → Emails', () => {
  beforeEach(() => {
    list = [sent];
    queries = [];
    window.localStorage.setItem('accessToken', 'token');
    vi.stubGlobal('fetch', vi.fn<typeof fetch>(api));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists each email with its audience, status and delivery counts; none yet is a way to write one', async () => {
    const { unmount } = renderAt('/admin/emails');
    const row = (await screen.findByRole('link', { name: 'Live Q&A this Friday' })).closest('tr')!;
    expect(row).toHaveTextContent('Students of Python Foundations');
    expect(row).toHaveTextContent('Sent');
    expect(within(row).getByRole('list')).toHaveTextContent('2 sent0 queued1 failed1 unsubscribed');
    unmount();

    list = [];
    renderAt('/admin/emails');
    expect(await screen.findByRole('link', { name: 'Write your first email' })).toHaveAttribute('href', '/admin/emails/new');
  });

  it("shows an email's counts, the email itself, and each recipient's status, filtered on the server", async () => {
    const user = userEvent.setup();
    renderAt('/admin/emails/41');
    const counts = await screen.findByRole('region', { name: 'Delivery' });
    expect([...counts.querySelectorAll('dt')].map((dt) => `${dt.textContent}:${dt.nextElementSibling?.textContent}`)).toEqual([
      'Recipients:3',
      'Queued:0',
      'Sent:2',
      'Failed:1',
      'Unsubscribed:1',
    ]);
    expect(screen.getByText('questions').tagName).toBe('STRONG');
    await user.click(screen.getByRole('button', { name: 'Plain text' }));
    expect(screen.getByText('Bring your QUESTIONS.')).toBeInTheDocument();

    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent(/Unsubscribed through it/);
    expect(rows[2]).toHaveTextContent('old@example.com');
    expect(rows[2]).toHaveTextContent('FailedMailbox unavailable');
    // No edit, unschedule or delete once sent.
    expect(screen.queryByRole('link', { name: /Edit/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Status'), 'failed');
    await within(table).findByText('Mailbox unavailable');
    expect(queries.at(-1)?.get('status')).toBe('failed');
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2);
  });

  it('reads the recipients again as the counts of an email being sent move, the last batch included', async () => {
    renderAt('/admin/emails/41');
    await screen.findByRole('table');
    const before = queries.length;
    act(() => {
      client.setQueryData(broadcastKeys.one(41), { ...sent, status: 'sending', counts: { ...sent.counts, sent: 1, queued: 1 } });
    });
    await waitFor(() => expect(queries.length).toBe(before + 1));
    act(() => {
      client.setQueryData(broadcastKeys.one(41), sent);
    });
    await waitFor(() => expect(queries.length).toBe(before + 2));
  });
});
