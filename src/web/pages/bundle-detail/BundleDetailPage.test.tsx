import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Bundle } from '../../../shared/bundles';
import { BundleCard, savingText } from '../../components/BundleCard';
import { listTitles, ownershipNote } from './BundleActions';
import BundleDetailPage from './BundleDetailPage';

const price = (amount: number, regular = amount) => ({ amount, regular_amount: regular, symbol: '$', currency: 'USD', country: 'US' });
const course = (id: number, title: string, amount: number, owned = false) => ({
  id,
  slug: `course-${id}`,
  title,
  subtitle: `${title} from scratch`,
  course_image: `/media/courses/${id}.svg`,
  course_type: 'paid',
  complexity: 'Intermediate',
  total_video_duration: '10h',
  ratings: 4.8,
  ratings_count: 12,
  country_price: price(amount),
  owned,
});
function makeBundle(owned: number[] = []): Bundle {
  const courses = [course(1, 'Django REST Framework', 49.99, owned.includes(1)), course(2, 'Django E-commerce', 49.99, owned.includes(2))];
  return {
    id: 5,
    slug: 'django-backend-bundle',
    title: 'Django Backend Bundle',
    description: '<p>Build the API, then the shop.</p>',
    cover_image: '/media/courses/django-ecommerce.svg',
    country_price: price(79.99, 99.98),
    saving: 19.99,
    saving_percent: 20,
    courses,
    owned_course_ids: owned,
    owns_all: owned.length === courses.length,
  } as Bundle;
}

let bundle: Bundle | undefined;
let addBody: unknown;
let addReply: { status: number; body: unknown };
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  bundle = makeBundle();
  addBody = undefined;
  addReply = { status: 200, body: { message: 'added_to_cart', cart_items_count: 1 } };
  window.localStorage.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input)).pathname;
      if (path === '/api/v1/bundles/django-backend-bundle/') return bundle ? json(bundle) : json({ detail: 'Bundle not found.' }, 404);
      if (path.startsWith('/api/v1/bundles/')) return json({ detail: 'Bundle not found.' }, 404);
      if (path === '/api/v1/add-to-cart/') {
        addBody = JSON.parse(String(init?.body));
        return json(addReply.body, addReply.status);
      }
      if (path.startsWith('/api/v1/get-cart-items/'))
        return json({ cart_id: 'x', items: [], bundles: [], count: 0, total: 0, currency: 'USD', symbol: '$', country: 'US' });
      if (path === '/api/v1/save-ip/') return json({ ip: '203.0.113.7' });
      return json({ detail: 'Not found.' }, 404);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderPage(slug = 'django-backend-bundle') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/bundles/${slug}`]}>
        <Routes>
          <Route path="/bundles/:slug" element={<BundleDetailPage />} />
          <Route path="/checkout" element={<h1>Checkout page</h1>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('bundle wording', () => {
  it('lists titles as a sentence and says the saving only when there is one', () => {
    expect(listTitles(['A'])).toBe('A');
    expect(listTitles(['A', 'B'])).toBe('A and B');
    expect(listTitles(['A', 'B', 'C'])).toBe('A, B and C');
    expect(savingText(makeBundle())).toBe('Save $19.99 (20%)');
    expect(savingText({ ...makeBundle(), saving: 0, saving_percent: 0 })).toBeUndefined();
  });

  it('tells a buyer which courses they own, or that they own them all, and nothing to one who owns none', () => {
    expect(ownershipNote(makeBundle())).toBeUndefined();
    expect(ownershipNote(makeBundle([2]))).toEqual({
      kind: 'some',
      text: 'You already own “Django E-commerce”. The bundle is sold whole at its price; 1 course is new to you.',
    });
    expect(ownershipNote(makeBundle([1, 2]))?.kind).toBe('all');
  });
});

describe('BundleCard', () => {
  it('links to the bundle page with its label, courses, struck regular price and saving', () => {
    render(
      <MemoryRouter>
        <BundleCard bundle={makeBundle()} />
      </MemoryRouter>,
    );
    const card = screen.getByTestId('bundle-card');
    expect(within(card).getByRole('link')).toHaveAttribute('href', '/bundles/django-backend-bundle');
    expect(card).toHaveTextContent('Bundle · 2 courses');
    expect(card).toHaveTextContent('Django REST Framework');
    expect(card).toHaveTextContent('$79.99');
    expect(within(card).getByLabelText('Regular price $99.98')).toBeInTheDocument();
    expect(card).toHaveTextContent('Save $19.99 (20%)');
  });
});

describe('BundleDetailPage', () => {
  it('shows the courses with their links, the price and saving; Add to cart sends the bundle id, then Go to cart', async () => {
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Django Backend Bundle' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Django REST Framework' })).toHaveAttribute('href', '/courses/course-1');
    expect(screen.getByTestId('bundle-saving')).toHaveTextContent('Save $19.99 (20%)');
    expect(screen.queryByTestId('bundle-owned-some')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByRole('button', { name: 'Go to cart' })).toBeInTheDocument();
    expect(addBody).toEqual({ bundle_id: 5, cart_id: window.localStorage.getItem('cartId') });
  });

  it('Buy now adds the bundle and opens the checkout', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Buy now' }));
    expect(await screen.findByRole('heading', { name: 'Checkout page' })).toBeInTheDocument();
    expect(addBody).toMatchObject({ bundle_id: 5 });
  });

  it('tells a buyer who owns some which ones, and marks them', async () => {
    bundle = makeBundle([1]);
    renderPage();
    expect(await screen.findByTestId('bundle-owned-some')).toHaveTextContent('You already own “Django REST Framework”.');
    expect(screen.getAllByTestId('course-owned')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
  });

  it('a buyer who owns every course is told so and cannot add it', async () => {
    bundle = makeBundle([1, 2]);
    renderPage();
    expect(await screen.findByTestId('bundle-owned-all')).toHaveTextContent('You already own every course in this bundle.');
    expect(screen.queryByRole('button', { name: 'Add to cart' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Buy now' })).not.toBeInTheDocument();
  });

  it("shows the server's refusal when adding fails", async () => {
    addReply = { status: 400, body: { bundle_id: ['You already own every course in this bundle.'] } };
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByRole('button', { name: 'Add to cart' })).toBeEnabled();
  });

  it('says the bundle was not found for an unknown address', async () => {
    renderPage('no-such-bundle');
    expect(await screen.findByRole('heading', { name: 'Bundle not found' })).toBeInTheDocument();
  });
});
