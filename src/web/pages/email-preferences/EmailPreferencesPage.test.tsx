import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { broadcastMessages } from '../../../shared/broadcasts';
import { respond } from '../lesson/fixtures';
import EmailPreferencesPage from './EmailPreferencesPage';

const token = `12.3.${'a'.repeat(43)}`;
const forged = `12.3.${'b'.repeat(43)}`;
let subscribed: boolean;
let calls: { method: string; token: string | null; body: unknown }[];

function api(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = new URL(String(input));
  const method = init?.method ?? 'GET';
  const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as { broadcasts: boolean }) : undefined;
  // The logo reads the site's settings: not this page's business.
  if (url.pathname !== '/api/v1/email-preferences/') return respond(404, { detail: 'Not found.' });
  calls.push({ method, token: url.searchParams.get('token'), body });
  if (url.searchParams.get('token') !== token) return respond(400, { detail: broadcastMessages.invalidLink });
  if (method === 'PUT') subscribed = body!.broadcasts;
  return respond(200, { email: 'asha@example.com', broadcasts: subscribed });
}

function renderPage(search: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/email-preferences${search}`]}>
        <Routes>
          <Route path="/email-preferences" element={<EmailPreferencesPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('EmailPreferencesPage', () => {
  beforeEach(() => {
    subscribed = true;
    calls = [];
    vi.stubGlobal('fetch', vi.fn<typeof fetch>(api));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('says a link without a well-formed token is not valid, without asking the server', async () => {
    for (const search of ['', '?token=', '?token=12.3.short']) {
      const { unmount } = renderPage(search);
      expect(await screen.findByText(broadcastMessages.invalidLink)).toBeInTheDocument();
      unmount();
    }
    expect(calls).toEqual([]);
  });

  it('says a forged or outdated link is not valid (the server refuses it)', async () => {
    renderPage(`?token=${forged}`);
    expect(await screen.findByText(broadcastMessages.invalidLink)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Unsubscribe/ })).not.toBeInTheDocument();
  });

  it("shows the address's state, unsubscribes and resubscribes with the link's token, and says what always arrives", async () => {
    const user = userEvent.setup();
    renderPage(`?token=${token}`);
    expect(await screen.findByText('asha@example.com')).toBeInTheDocument();
    expect(screen.getByTestId('prefs-state')).toHaveTextContent('You receive these emails.');
    expect(screen.getByText('Receipts, invoices and refunds for what you buy')).toBeInTheDocument();
    expect(screen.getByText('Password resets and account emails')).toBeInTheDocument();
    expect(screen.getByText(/Emails about your membership/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Unsubscribe from these emails' }));
    expect(await screen.findByText(/You are unsubscribed\. No more news/)).toBeInTheDocument();
    expect(screen.getByTestId('prefs-state')).toHaveTextContent('You are unsubscribed from these emails.');

    await user.click(screen.getByRole('button', { name: 'Resubscribe' }));
    expect(await screen.findByText(/You are subscribed again/)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([
      { method: 'PUT', token, body: { broadcasts: false } },
      { method: 'PUT', token, body: { broadcasts: true } },
    ]);
  });
});
