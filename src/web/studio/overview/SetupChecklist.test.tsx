/** Issue 25 item 8: the Overview's first-start checklist, and 'Remove the demo content' with its confirmation. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setupMessages, type DemoContent, type SetupChecklist as Checklist } from '../../../shared/setup';
import { respond } from '../../pages/lesson/fixtures';
import { SetupChecklist } from './SetupChecklist';

const provider = (p: 'stripe' | 'razorpay', mode: 'off' | 'sandbox' | 'test' | 'live' = 'sandbox') => ({
  provider: p,
  mode,
  webhook_secret: true,
  webhook_url: `https://school.test/api/v1/webhooks/${p}`,
  last_webhook_at: null,
  webhook_recent: false,
});

const firstStart: Checklist = {
  profile: { done: false, instructor: 'placeholder', instructor_name: 'Demo Instructor', site_name: '', logo: false },
  payments: { done: false, providers: [provider('stripe'), provider('razorpay', 'live')], invoice_details: false },
  first_course: { done: false, course: null },
  figures: { done: false, from_demo: 9 },
  demo_content: { done: false, to_remove: 42, kept: 1 },
  complete: false,
  dismissed: false,
};
const done = { done: true };
const complete: Checklist = {
  profile: { ...firstStart.profile, ...done, instructor: 'yours', instructor_name: 'Asha Kapoor', site_name: 'Kapoor Academy' },
  payments: { ...firstStart.payments, ...done, invoice_details: true },
  first_course: { done: true, course: { id: 31, title: 'Rust From Zero', state: 'published' } },
  figures: { done: true, from_demo: 0 },
  demo_content: { done: true, to_remove: 0, kept: 0 },
  complete: true,
  dismissed: false,
};

const preview = (token: string): DemoContent => ({
  token,
  empty: false,
  remove: {
    courses: [
      { id: 1, name: 'Python Foundations' },
      { id: 2, name: 'Django for Beginners' },
    ],
    categories: [{ id: 1, name: 'Programming' }],
    instructor: { name: 'Demo Instructor', action: 'delete' },
    testimonials: [{ id: 1, name: 'Priya S.' }],
    plans: [{ id: 1, name: 'Monthly' }],
    coupons: [{ id: 1, name: 'WELCOME10' }],
    roadmap_steps: 6,
    students: { accounts: 12, enrolments: 30, reviews: 20, submissions: 3, letters: 2 },
    figures: ['home_stat_students'],
  },
  keep: [{ kind: 'course', id: 3, name: 'Machine Learning A-Z', reason: 'Someone bought it.' }],
});

let checklist: Checklist;
let demo: DemoContent;
let removeAnswers: { status: number; body: unknown }[];
let posts: { path: string; body: unknown }[];

beforeEach(() => {
  checklist = firstStart;
  demo = preview('tok-1');
  removeAnswers = [];
  posts = [];
  window.localStorage.setItem('accessToken', 'token');
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>((input, init) => {
      const path = new URL(String(input)).pathname;
      if (init?.method === 'POST') posts.push({ path, body: init.body ? JSON.parse(String(init.body)) : null });
      if (path === '/api/v1/admin/setup-checklist/') return respond(200, checklist);
      if (path === '/api/v1/admin/setup-checklist/dismiss/') {
        checklist = { ...checklist, dismissed: true };
        return respond(200, checklist);
      }
      if (path === '/api/v1/admin/demo-content/') return respond(200, demo);
      if (path === '/api/v1/admin/demo-content/remove/') {
        const answer = removeAnswers.shift() ?? { status: 500, body: { detail: 'No answer.' } };
        return respond(answer.status, answer.body);
      }
      return respond(404, { detail: 'Not found.' });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderChecklist() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <SetupChecklist />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the first-start checklist', () => {
  it('shows each step from the server, linking to where it is done', async () => {
    renderChecklist();
    const card = await screen.findByRole('region', { name: 'Make the site yours' });
    expect(card).toHaveTextContent('0 of 5 done');
    expect(
      within(card)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual([
      'Your profile and site name (to do)',
      'How you get paid (to do)',
      'Your first course (to do)',
      "The home page's figures (to do)",
      'Remove the demo content (to do)',
    ]);
    expect(card).toHaveTextContent("The demo's instructor (Demo Instructor) is still shown");
    expect(within(card).getByRole('link', { name: 'Your profile' })).toHaveAttribute('href', '/admin/settings#settings-instructor');
    expect(within(card).getByRole('link', { name: 'Invoice details' })).toHaveAttribute('href', '/admin/settings#settings-seller');
    expect(within(card).getByRole('link', { name: 'New course' })).toHaveAttribute('href', '/admin/courses/new');
    expect(within(card).getByRole('link', { name: 'Review figures' })).toHaveAttribute('href', '/admin/settings#settings-figures');
    // Each provider as the server runs it; live keys without a webhook yet say where to send it.
    expect(card).toHaveTextContent('Stripe Sandbox');
    expect(card).toHaveTextContent('The local sandbox: checkout works, no money moves.');
    expect(card).toHaveTextContent('Razorpay Live keysNo recent webhook');
    expect(card).toHaveTextContent('No webhook has reached this site yet.');
    expect(card).toHaveTextContent('https://school.test/api/v1/webhooks/razorpay');
    expect(card).toHaveTextContent('9 figures are still the demo');
    expect(card).toHaveTextContent('1 item stays because someone bought or used it.');
  });

  it('confirms the removal with the list of what goes, and sends the preview token', async () => {
    const user = userEvent.setup();
    removeAnswers = [{ status: 200, body: { removed: demo.remove, left: { ...demo, token: 'tok-2', empty: true } } }];
    renderChecklist();
    await user.click(await screen.findByRole('button', { name: 'Remove the demo content' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove the demo content?' });
    await within(dialog).findByText('Python Foundations, Django for Beginners');
    expect(dialog).toHaveTextContent('Courses (2)');
    expect(dialog).toHaveTextContent("Demo Instructor, the demo's instructor, is deleted.");
    expect(dialog).toHaveTextContent('Demo students (12)Their accounts, with 30 enrolments, 20 reviews, 3 project hand-ins, 2 letters.');
    expect(dialog).toHaveTextContent('Home: Online Students');
    expect(dialog).toHaveTextContent('Machine Learning A-Z: Someone bought it.');
    expect(posts).toEqual([]);
    checklist = { ...firstStart, demo_content: { done: true, to_remove: 0, kept: 1 } };
    await user.click(within(dialog).getByRole('button', { name: 'Delete the demo content' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posts).toEqual([{ path: '/api/v1/admin/demo-content/remove/', body: { token: 'tok-1' } }]);
    expect(await screen.findByText(/^No demo content left\./)).toBeInTheDocument();
  });

  it('when the demo changed since the preview, shows the new list and confirms again with its token', async () => {
    const user = userEvent.setup();
    removeAnswers = [
      { status: 409, body: { detail: setupMessages.demoChanged } },
      { status: 200, body: { removed: demo.remove, left: { ...demo, empty: true } } },
    ];
    renderChecklist();
    await user.click(await screen.findByRole('button', { name: 'Remove the demo content' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Python Foundations, Django for Beginners');
    demo = { ...preview('tok-2'), remove: { ...preview('tok-2').remove, courses: [{ id: 1, name: 'Python Foundations' }] } };
    await user.click(within(dialog).getByRole('button', { name: 'Delete the demo content' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(setupMessages.demoChanged);
    await within(dialog).findByText('Courses (1)');
    await user.click(within(dialog).getByRole('button', { name: 'Delete the demo content' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posts.map((p) => p.body)).toEqual([{ token: 'tok-1' }, { token: 'tok-2' }]);
  });

  it('once complete offers to hide itself, and is gone when dismissed', async () => {
    const user = userEvent.setup();
    checklist = complete;
    const { container } = renderChecklist();
    expect(await screen.findByRole('heading', { name: 'Your site is set up' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Hide the checklist' }));
    await waitFor(() => expect(container).toBeEmptyDOMElement());
    expect(posts).toEqual([{ path: '/api/v1/admin/setup-checklist/dismiss/', body: null }]);
  });

  it('shows nothing once dismissed', async () => {
    checklist = { ...complete, dismissed: true };
    const { container } = renderChecklist();
    await new Promise((r) => setTimeout(r, 30));
    expect(container).toBeEmptyDOMElement();
  });
});
