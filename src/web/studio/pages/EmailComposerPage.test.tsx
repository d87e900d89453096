import type { Editor } from '@tiptap/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminBroadcastDetail } from '../../../shared/broadcasts';
import { respond } from '../../pages/lesson/fixtures';
import { toLocalInput } from '../emails/schedule';
import EmailComposerPage from './EmailComposerPage';

const courses = [
  { id: 7, title: 'Python Foundations', state: 'published' },
  { id: 9, title: 'Django APIs', state: 'draft' },
];

const draft = (over: Partial<AdminBroadcastDetail> = {}): AdminBroadcastDetail => ({
  id: 41,
  subject: 'A new course is out',
  audience: 'all',
  course_id: null,
  course_title: null,
  status: 'draft',
  scheduled_at: null,
  started_at: null,
  finished_at: null,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
  counts: { recipients: 0, queued: 0, sent: 0, failed: 0, unsubscribed: 0 },
  html: '<p>Hello</p>',
  text: 'Hello',
  ...over,
});

let editing: AdminBroadcastDetail;
let sendRefusals = 0;
type Call = { method: string; path: string; query: URLSearchParams; body: unknown };
let calls: Call[];

function api(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = new URL(String(input));
  const method = init?.method ?? 'GET';
  const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
  calls.push({ method, path: url.pathname, query: url.searchParams, body });
  const path = url.pathname.replace('/api/v1', '');
  if (path === '/admin/courses/') return respond(200, { count: courses.length, page: 1, page_size: 100, results: courses });
  if (path === '/admin/broadcasts/audience/') {
    const audience = url.searchParams.get('audience');
    if (audience === 'members_ended') return respond(200, { count: 0, unsubscribed: 0 });
    return respond(200, audience === 'course_students' ? { count: 3, unsubscribed: 0 } : { count: 12, unsubscribed: 2 });
  }
  if (path === '/admin/broadcasts/' && method === 'POST') {
    const sent = body as { subject: string; html: string; audience: AdminBroadcastDetail['audience']; course_id: number | null };
    return respond(201, draft({ ...sent }));
  }
  if (path === '/admin/broadcasts/41/send/' && sendRefusals > 0) {
    sendRefusals--;
    return respond(503, { detail: 'The server could not do this just now.' });
  }
  if (path === '/admin/broadcasts/41/send/') {
    const at = (body as { at?: string }).at;
    return respond(
      200,
      draft(at ? { status: 'scheduled', scheduled_at: at } : { status: 'sending', counts: { ...draft().counts, recipients: 12, queued: 12 } }),
    );
  }
  if (path === '/admin/broadcasts/41/test/') return respond(200, { to: 'nikhil@example.com' });
  if (path === '/admin/broadcasts/41/' && method === 'GET') return respond(200, editing);
  if (path === '/admin/broadcasts/41/' && method === 'PATCH') return respond(200, { ...editing, ...(body as object) });
  return respond(404, { detail: 'Not found.' });
}

function renderComposer(path = '/admin/emails/new') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/admin/emails/new" element={<EmailComposerPage />} />
          <Route path="/admin/emails/:broadcastId/edit" element={<EmailComposerPage />} />
          <Route path="/admin/emails/:broadcastId" element={<h1>The email&apos;s page</h1>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Types into the rich-text editor as the studio does (Tiptap keeps its editor on the editable element). */
async function writeBody(html: string) {
  const box = await screen.findByRole('textbox', { name: 'Email' });
  act(() => {
    (box as HTMLElement & { editor: Editor }).editor.commands.setContent(html, { emitUpdate: true });
  });
}

const writes = () => calls.filter((c) => c.method !== 'GET');

describe('EmailComposerPage', () => {
  beforeEach(() => {
    calls = [];
    editing = draft({ subject: 'Trying it out', html: '<p>Test</p>' });
    window.localStorage.setItem('accessToken', 'token');
    vi.stubGlobal('fetch', vi.fn<typeof fetch>(api));
  });
  afterEach(() => vi.unstubAllGlobals());

  it("refuses an empty email with the contract's messages and writes nothing", async () => {
    const user = userEvent.setup();
    renderComposer();
    await user.click(await screen.findByRole('button', { name: 'Send now…' }));
    expect(await screen.findByText('Write a subject.')).toBeInTheDocument();
    expect(screen.getByText('Write the email.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(writes()).toEqual([]);
  });

  it('counts the audience live, and a course audience asks for its course first', async () => {
    const user = userEvent.setup();
    renderComposer();
    const count = await screen.findByTestId('audience-count');
    await waitFor(() => expect(count).toHaveTextContent('12 people will receive this (2 people in it unsubscribed and are left out)'));
    await user.selectOptions(screen.getByLabelText('Audience'), 'course_students');
    expect(count).toHaveTextContent('Choose the course to see how many will receive it.');
    await user.type(screen.getByLabelText(/Subject/), 'Live session on Friday');
    await writeBody('<p>Join us.</p>');
    await user.click(screen.getByRole('button', { name: 'Send now…' }));
    expect(await screen.findByText('Choose the course.')).toBeInTheDocument();
    const course = screen.getByLabelText('Course');
    await waitFor(() => expect(within(course).getByRole('option', { name: 'Django APIs (draft)' })).toBeInTheDocument());
    await user.selectOptions(course, '7');
    await waitFor(() => expect(count).toHaveTextContent('3 people will receive this'));
    const asked = calls.filter((c) => c.path.endsWith('/audience/')).map((c) => Object.fromEntries(c.query));
    expect(asked).toContainEqual({ audience: 'course_students', course_id: '7' });
    expect(writes()).toEqual([]);
  });

  it('asks before sending; Send now creates the draft, sends it and opens its page', async () => {
    const user = userEvent.setup();
    renderComposer();
    await user.type(await screen.findByLabelText(/Subject/), 'A new course is out');
    await writeBody('<p>Hello <strong>everyone</strong></p>');
    await waitFor(() => expect(screen.getByTestId('audience-count')).toHaveTextContent('12 people will receive this'));
    await user.click(screen.getByRole('button', { name: 'Send now…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send to 12 people now?' });
    expect(writes()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Send now' }));
    expect(await screen.findByRole('heading', { name: "The email's page" })).toBeInTheDocument();
    expect(writes().map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      {
        method: 'POST',
        path: '/api/v1/admin/broadcasts/',
        body: { subject: 'A new course is out', html: '<p>Hello <strong>everyone</strong></p>', audience: 'all', course_id: null },
      },
      { method: 'POST', path: '/api/v1/admin/broadcasts/41/send/', body: {} },
    ]);
  });

  it('does not offer to send now to an empty audience', async () => {
    const user = userEvent.setup();
    renderComposer();
    await user.type(await screen.findByLabelText(/Subject/), 'We miss you');
    await writeBody('<p>Come back.</p>');
    await user.selectOptions(screen.getByLabelText('Audience'), 'members_ended');
    await waitFor(() => expect(screen.getByTestId('audience-count')).toHaveTextContent('Nobody is in this audience yet'));
    await user.click(screen.getByRole('button', { name: 'Send now…' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Nobody is in this audience yet. Choose another audience, or schedule it for later.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(writes()).toEqual([]);
  });

  it('schedules at the chosen time (sent as ISO), and refuses a time in the past', async () => {
    const user = userEvent.setup();
    renderComposer();
    await user.type(await screen.findByLabelText(/Subject/), 'Webinar tomorrow');
    await writeBody('<p>See you there.</p>');
    await user.click(screen.getByRole('radio', { name: 'Schedule for later' }));
    const at = screen.getByLabelText('Date and time');
    const past = toLocalInput(new Date(Date.now() - 2 * 60 * 60 * 1000));
    await user.clear(at);
    await user.type(at, past);
    await user.click(screen.getByRole('button', { name: 'Schedule…' }));
    expect(await screen.findByText('Choose a time in the future.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
    tomorrow.setSeconds(0, 0);
    await user.clear(at);
    await user.type(at, toLocalInput(tomorrow));
    await user.click(screen.getByRole('button', { name: 'Schedule…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule this email?' });
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    await screen.findByRole('heading', { name: "The email's page" });
    expect(writes().at(-1)).toMatchObject({ path: '/api/v1/admin/broadcasts/41/send/', body: { at: tomorrow.toISOString() } });
  });

  it('a test to oneself saves the draft first, then stays in the composer of that draft', async () => {
    const user = userEvent.setup();
    renderComposer();
    await user.type(await screen.findByLabelText(/Subject/), 'Trying it out');
    await writeBody('<p>Test</p>');
    await user.click(screen.getByRole('button', { name: 'Send a test to me' }));
    await waitFor(() => expect(writes().map((c) => c.path)).toEqual(['/api/v1/admin/broadcasts/', '/api/v1/admin/broadcasts/41/test/']));
    expect(await screen.findByRole('button', { name: 'Saved' })).toBeDisabled();
  });

  it('edits a draft of a course audience: its course shows as chosen, and Save changes sends the whole email', async () => {
    editing = draft({ audience: 'course_students', course_id: 9, course_title: 'Django APIs', subject: 'Week two', html: '<p>Old</p>' });
    const user = userEvent.setup();
    renderComposer('/admin/emails/41/edit');
    const course = await screen.findByLabelText('Course');
    await waitFor(() => expect(course).toHaveDisplayValue('Django APIs (draft)'));
    expect(screen.getByLabelText('Audience')).toHaveDisplayValue('Students of a course');
    expect(screen.getByRole('button', { name: 'Saved' })).toBeDisabled();
    await user.clear(screen.getByLabelText(/Subject/));
    await user.type(screen.getByLabelText(/Subject/), 'Week two is up');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() =>
      expect(writes()).toEqual([
        expect.objectContaining({
          method: 'PATCH',
          path: '/api/v1/admin/broadcasts/41/',
          body: { subject: 'Week two is up', html: '<p>Old</p>', audience: 'course_students', course_id: 9 },
        }),
      ]),
    );
  });

  it('a send that failed after the draft was saved is retried from the dialog with that draft, never a second one', async () => {
    sendRefusals = 1;
    const user = userEvent.setup();
    renderComposer();
    await user.type(await screen.findByLabelText(/Subject/), 'Once only');
    await writeBody('<p>Hello</p>');
    await waitFor(() => expect(screen.getByTestId('audience-count')).toHaveTextContent('12 people'));
    await user.click(screen.getByRole('button', { name: 'Send now…' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Send now' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The server could not do this just now.');
    await user.click(within(dialog).getByRole('button', { name: 'Send now' }));
    await screen.findByRole('heading', { name: "The email's page" });
    expect(writes().map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /api/v1/admin/broadcasts/',
      'POST /api/v1/admin/broadcasts/41/send/',
      'POST /api/v1/admin/broadcasts/41/send/',
    ]);
  });
});
