/**
 * Issue 21 item 5: one support address rule for every place. The server answers the address in
 * /site-config/ ('' before any admin exists and with nothing set); the footer, the contact page, the
 * coming-soon page and the legal pages show that address, or hide their line when there is none:
 * never an empty 'Email us directly', never a made-up hello@lectern.dev.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ComingSoonPage from '../../pages/coming-soon/ComingSoonPage';
import ContactPage from '../../pages/contact/ContactPage';
import PrivacyPage from '../../pages/legal/PrivacyPage';
import RefundPage from '../../pages/legal/RefundPage';
import TermsPage from '../../pages/legal/TermsPage';
import { Footer } from './Footer';

let supportEmail = '';
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input)).pathname;
      if (path === '/api/v1/site-config/')
        return json(200, {
          country: 'IN',
          currency: 'INR',
          captcha: { provider: 'altcha', site_key: null },
          google_client_id: null,
          payments: { stripe: null, razorpay: null, razorpay_key_id: null },
          community_url: '',
          support_email: supportEmail,
        });
      if (path === '/api/v1/course/') return json(200, []);
      if (path === '/api/v1/save-ip/') return json(200, { ip: '203.0.113.9' });
      return json(404, { detail: 'Not found.' });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderPage(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

const pages: [string, ReactNode][] = [
  ['footer', <Footer key="f" />],
  ['contact page', <ContactPage key="c" captcha={() => null} />],
  ['coming-soon page', <ComingSoonPage key="s" />],
  ['terms', <TermsPage key="t" />],
  ['privacy policy', <PrivacyPage key="p" />],
  ['refund policy', <RefundPage key="r" />],
];

const mailtos = (container: HTMLElement) => [...container.querySelectorAll('a[href^="mailto:"]')].map((a) => a.getAttribute('href'));

describe('the support address, everywhere it is shown', () => {
  it.each(pages)('%s: with no address, no mail line at all (no empty line, no demo address)', async (_, ui) => {
    supportEmail = '';
    const { container } = renderPage(ui);
    await waitFor(() => expect(vi.mocked(fetch).mock.calls.some(([u]) => String(u).includes('/site-config/'))).toBe(true));
    await new Promise((r) => setTimeout(r, 20));
    expect(mailtos(container)).toEqual([]);
    expect(container.textContent).not.toMatch(/lectern\.dev|Email us directly/);
  });

  it.each(pages)('%s: shows the address the server gives', async (_, ui) => {
    supportEmail = 'help@school.test';
    const { container } = renderPage(ui);
    await waitFor(() => expect(mailtos(container).length).toBeGreaterThan(0));
    expect(mailtos(container).every((href) => href!.startsWith('mailto:help@school.test'))).toBe(true);
    expect(container.textContent).not.toMatch(/lectern\.dev/);
  });

  it('with no address, the terms point to the contact form instead', async () => {
    supportEmail = '';
    renderPage(<TermsPage />);
    expect((await screen.findAllByRole('link', { name: 'contact form' })).length).toBeGreaterThan(0);
  });
});
