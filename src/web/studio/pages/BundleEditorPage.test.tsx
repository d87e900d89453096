import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bundleMessages, type AdminBundle } from '../../../shared/bundles';
import { respond } from '../../pages/lesson/fixtures';
import BundleEditorPage from './BundleEditorPage';

const price = (region: string, currency: string, amount: number) => ({ region, currency, amount, regular_amount: amount });
const course = (id: number, title: string, over: object = {}) => ({
  id,
  slug: `course-${id}`,
  title,
  course_type: 'paid',
  complexity: 'Beginner',
  category: { id: 1, category_name: 'Python' },
  state: 'published',
  total_lessons: 3,
  enrolled: 0,
  prices: [price('US', 'USD', 49.99), price('IN', 'INR', 1999)],
  position: id,
  updated_at: '2026-01-02T10:00:00.000Z',
  ...over,
});
const courses = [
  course(1, 'Django REST Framework'),
  course(2, 'Django E-commerce', { prices: [price('US', 'USD', 59.99)] }),
  course(3, 'Python Basics', { course_type: 'free', prices: [] }),
  course(4, 'Flask Drafts', { state: 'draft' }),
];

const saved = (over: Partial<AdminBundle> = {}): AdminBundle => ({
  id: 5,
  slug: 'django-backend',
  title: 'Django Backend',
  description: '<p>Both.</p>',
  cover_image: '',
  state: 'draft',
  is_demo: false,
  courses: [{ id: 1, slug: 'course-1', title: 'Django REST Framework', course_type: 'paid', published: true }],
  prices: [price('IN', 'INR', 2999)].map(({ region, currency, amount }) => ({ region, currency, amount })),
  sold: 0,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
  ...over,
});

type Call = { method: string; path: string; body: unknown };
let calls: Call[];
let createAnswer: () => Promise<Response>;

function api(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = new URL(String(input));
  const method = init?.method ?? 'GET';
  const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
  const path = url.pathname.replace('/api/v1', '');
  calls.push({ method, path, body });
  if (path === '/admin/courses/') return respond(200, { count: courses.length, page: 1, page_size: 100, results: courses });
  if (path === '/admin/bundles/' && method === 'POST') return createAnswer();
  if (path === '/admin/bundles/5/' && method === 'GET') return respond(200, saved());
  if (path === '/admin/bundles/5/publish/') return respond(400, { non_field_errors: [bundleMessages.needsUsdPrice] });
  return respond(404, { detail: 'Not found.' });
}

function renderEditor(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/admin/bundles/:bundleId" element={<BundleEditorPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const writes = () => calls.filter((c) => c.method !== 'GET');

describe('BundleEditorPage', () => {
  beforeEach(() => {
    calls = [];
    createAnswer = () => respond(201, saved());
    window.localStorage.setItem('accessToken', 'token');
    vi.stubGlobal('fetch', vi.fn<typeof fetch>(api));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('offers only published paid courses, totals them, shows the saving as the price is typed, and asks for two courses before sending', async () => {
    const user = userEvent.setup();
    renderEditor('/admin/bundles/new');
    await user.type(await screen.findByLabelText('Title'), 'Django Backend');
    expect(screen.getByLabelText('Address')).toHaveValue('django-backend');

    const picker = screen.getByLabelText('Add a course');
    await waitFor(() => expect(within(picker).getByRole('option', { name: 'Django REST Framework' })).toBeInTheDocument());
    expect(within(picker).queryByRole('option', { name: 'Python Basics' })).not.toBeInTheDocument();
    expect(within(picker).queryByRole('option', { name: 'Flask Drafts' })).not.toBeInTheDocument();
    await user.selectOptions(picker, '1');
    await user.click(screen.getByRole('button', { name: 'Add course' }));

    await user.type(screen.getByLabelText('Bundle price in USD'), '79.99');
    await user.click(screen.getByRole('button', { name: 'Create draft' }));
    expect(await screen.findByText(bundleMessages.twoCourses, { selector: '.invalid-feedback' })).toBeInTheDocument();
    expect(writes()).toEqual([]);

    await user.selectOptions(picker, '2');
    await user.click(screen.getByRole('button', { name: 'Add course' }));
    expect(screen.getByTestId('bundle-courses-total')).toHaveTextContent('$109.98');
    expect(screen.getByText(/^Buyers save/)).toHaveTextContent('Buyers save $29.99 (27%) on $109.98 one by one.');
    await user.clear(screen.getByLabelText('Bundle price in USD'));
    await user.type(screen.getByLabelText('Bundle price in USD'), '120');
    expect(screen.getByText(/^No saving/)).toHaveTextContent('No saving: the courses cost $109.98 one by one.');
    // India: one course has no INR price, so no saving can be shown there.
    await user.click(screen.getByRole('button', { name: 'Add a price in INR' }));
    expect(screen.getByText(/^No INR price for/)).toHaveTextContent('No INR price for Django E-commerce');
  });

  it("sends the contract's body, and a 400 goes under its field", async () => {
    createAnswer = () => respond(400, { slug: [bundleMessages.slugTaken] });
    const user = userEvent.setup();
    renderEditor('/admin/bundles/new');
    await user.type(await screen.findByLabelText('Title'), 'Django Backend');
    const picker = screen.getByLabelText('Add a course');
    await waitFor(() => expect(within(picker).getByRole('option', { name: 'Django E-commerce' })).toBeInTheDocument());
    for (const id of ['2', '1']) {
      await user.selectOptions(picker, id);
      await user.click(screen.getByRole('button', { name: 'Add course' }));
    }
    // The order is the storefront's: the first can move down.
    await user.click(screen.getByRole('button', { name: 'Move Django E-commerce down' }));
    await user.type(screen.getByLabelText('Bundle price in USD'), '79.99');
    await user.click(screen.getByRole('button', { name: 'Create draft' }));

    expect(await screen.findByText(bundleMessages.slugTaken)).toBeInTheDocument();
    expect(screen.getByLabelText('Address')).toHaveAttribute('aria-invalid', 'true');
    expect(writes()).toEqual([
      {
        method: 'POST',
        path: '/admin/bundles/',
        body: {
          title: 'Django Backend',
          slug: 'django-backend',
          description: '',
          cover_image: '',
          course_ids: [1, 2],
          prices: [{ region: 'US', amount: 79.99 }],
        },
      },
    ]);
  });

  it('opens the created bundle, whose address no longer follows its title', async () => {
    const user = userEvent.setup();
    renderEditor('/admin/bundles/new');
    await user.type(await screen.findByLabelText('Title'), 'Django Backend');
    const picker = screen.getByLabelText('Add a course');
    await waitFor(() => expect(within(picker).getByRole('option', { name: 'Django E-commerce' })).toBeInTheDocument());
    for (const id of ['1', '2']) {
      await user.selectOptions(picker, id);
      await user.click(screen.getByRole('button', { name: 'Add course' }));
    }
    await user.type(screen.getByLabelText('Bundle price in USD'), '79.99');
    await user.click(screen.getByRole('button', { name: 'Create draft' }));
    expect(await screen.findByRole('button', { name: 'Save bundle' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Title'), ' Path');
    expect(screen.getByLabelText('Address')).toHaveValue('django-backend');
  });

  it("lists what stops publishing, and the server's refusal stays in the dialog", async () => {
    const user = userEvent.setup();
    renderEditor('/admin/bundles/5');
    const publishing = await screen.findByRole('region', { name: 'Publishing' });
    await waitFor(() => expect(within(publishing).getByText(bundleMessages.twoCourses)).toBeInTheDocument());
    expect(within(publishing).getByText(bundleMessages.needsUsdPrice)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(within(dialog).getAllByText(bundleMessages.needsUsdPrice).length).toBe(2));
    expect(writes()).toEqual([{ method: 'POST', path: '/admin/bundles/5/publish/', body: undefined }]);
  });
});
