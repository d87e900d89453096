import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { respond } from '../lesson/fixtures';
import { ServicesHero } from './ServicesHero';
import ServicesPage from './ServicesPage';

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/services']}>
        <ServicesPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('ServicesPage', () => {
  beforeEach(() => {
    const review = { id: 1, name: 'Asha Rao', company: 'Acme', client_thumb: '', rating: 5, review: 'Shipped on time.' };
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(() => respond(200, { count: 1, next: null, previous: null, results: [review] })),
    );
    Element.prototype.scrollIntoView = vi.fn();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows every section under its own heading, and the clients’ reviews from the API', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Software that runs your business');
    for (const title of [
      'Services for every stage of your product',
      'A simple, transparent process',
      'Experience across industries',
      'Trusted by growing businesses',
      'A partner, not just a vendor',
      'What our clients say',
      'Proven tools, chosen for your project',
    ]) {
      const heading = screen.getByRole('heading', { level: 2, name: title });
      expect(heading.closest('section')).toHaveAttribute('aria-labelledby', heading.id);
    }
    const reviews = screen.getByRole('heading', { name: 'What our clients say' }).closest('section')!;
    expect(await within(reviews).findByText('Shipped on time.')).toBeInTheDocument();
  });

  it("keeps “Explore services” disabled in the server's HTML: it scrolls through React", () => {
    const html = renderToString(
      <MemoryRouter>
        <ServicesHero />
      </MemoryRouter>,
    );
    expect(/<button[^>]*>\s*Explore services/.exec(html)?.[0]).toContain('disabled=""');
  });

  it('“Explore services” moves keyboard focus to the services heading', async () => {
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: /explore services/i }));
    expect(screen.getByRole('heading', { name: 'Services for every stage of your product' })).toHaveFocus();
  });
});
