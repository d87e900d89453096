/** Issue 25 item 9: the home page's stats strip reads GET /site-figures/ (Settings, else what the database knows). */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SiteFigures } from '../../../shared/site';
import { respond } from '../lesson/fixtures';
import { StatsStrip } from './HomePage';

const figures: SiteFigures = {
  home: { courses: '12+', rating: '4.6+', students: '75K+', letters: null },
  subscribe: { students: '75k+', courses: '12+', hours: '100+', rating: '4.6', success: null },
  testimonials: { title: 'What our learners say', subtitle: 'Straight from them.' },
};

function renderStrip(answer: () => Promise<Response>) {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>((input) => (new URL(String(input)).pathname === '/api/v1/site-figures/' ? answer() : respond(404, {}))),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <StatsStrip />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
afterEach(() => vi.unstubAllGlobals());

describe('the home page stats strip', () => {
  it("shows the server's figures in the spec's order and leaves out one with nothing to count", async () => {
    renderStrip(() => respond(200, figures));
    const strip = await screen.findByRole('region', { name: 'In numbers' });
    await within(strip).findByText('12+');
    expect(
      within(strip)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['12+Online Courses', '4.6+Course Ratings', '75K+Online Students']);
  });

  it('is left out when the figures cannot be read', async () => {
    const { container } = renderStrip(() => respond(500, { detail: 'Down.' }));
    await vi.waitFor(() => expect(container).toBeEmptyDOMElement());
  });
});
