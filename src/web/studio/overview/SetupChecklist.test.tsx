/** Issue 21 item 3: the studio's Overview asks for the legal details an invoice needs before the first sale. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { siteSettingsFields, type SiteSettings } from '../../../shared/admin';
import { respond } from '../../pages/lesson/fixtures';
import { SetupChecklist } from './SetupChecklist';

const unset: SiteSettings = {
  ...(Object.fromEntries(siteSettingsFields.map((f) => [f, ''])) as Record<(typeof siteSettingsFields)[number], string>),
  site_logo: '',
  sources: Object.fromEntries(siteSettingsFields.map((f) => [f, 'unset'])) as SiteSettings['sources'],
};

function renderWith(settings: SiteSettings) {
  window.localStorage.setItem('accessToken', 'token');
  const fetchMock = vi.fn<typeof fetch>((input) =>
    new URL(String(input)).pathname === '/api/v1/admin/settings/' ? respond(200, settings) : respond(404, { detail: 'Not found.' }),
  );
  vi.stubGlobal('fetch', fetchMock);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <SetupChecklist />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...view, fetchMock };
}
afterEach(() => vi.unstubAllGlobals());

describe('the first-run checklist', () => {
  it('asks a new studio for its legal name and address, linking to Settings', async () => {
    renderWith(unset);
    expect(await screen.findByRole('heading', { name: 'Before your first sale' })).toBeInTheDocument();
    expect(screen.getByText('Your legal name')).toBeInTheDocument();
    expect(screen.getByText('Your business address')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add your legal details' })).toHaveAttribute('href', '/admin/settings');
  });

  it('ticks what is set, and is gone once everything is', async () => {
    const partly = { ...unset, seller_legal_name: 'Rao Learning LLP' };
    const { unmount } = renderWith(partly);
    expect(await screen.findByText('Your legal name')).toBeInTheDocument();
    expect(screen.getByText('Your legal name').parentElement).toHaveTextContent('(done)');
    expect(screen.getByText('Your business address').parentElement).toHaveTextContent('(to do)');
    unmount();

    const { fetchMock, container } = renderWith({ ...partly, seller_address: '12 MG Road, Bengaluru', support_email: 'help@school.test' });
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 20));
    expect(container).toBeEmptyDOMElement();
  });
});
