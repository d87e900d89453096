import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VerifyEmailBanner } from './VerifyEmailBanner';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let verified = false;
const sent: unknown[] = [];

beforeEach(() => {
  verified = false;
  sent.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input)).pathname;
      if (path === '/api/v1/user-details/') return json(200, { user_id: 7, email: 'buyer@example.com', full_name: 'Asha Rao', is_verified: verified });
      if (path === '/api/v1/resend-verification/') {
        sent.push(JSON.parse(String(init?.body)));
        return json(200, { message: 'If an unverified account exists for this email, a new verification link is on its way.' });
      }
      return json(404, { detail: 'Not found.' });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function renderBanner() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <VerifyEmailBanner />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('VerifyEmailBanner', () => {
  it('asks a signed-in buyer with an unverified email to confirm it, and sends the link again', async () => {
    localStorage.setItem('accessToken', 'token');
    const user = renderBanner();
    const banner = await screen.findByTestId('verify-email-banner');
    expect(banner).toHaveTextContent('Please confirm your email address.');
    expect(banner).toHaveTextContent('buyer@example.com');
    await user.click(screen.getByRole('button', { name: 'Send me the link' }));
    await screen.findByText(/a new verification link is on its way/);
    expect(sent).toEqual([{ email: 'buyer@example.com' }]);
  });

  it('says nothing to a verified user or a visitor', async () => {
    renderBanner();
    expect(screen.queryByTestId('verify-email-banner')).not.toBeInTheDocument();
    verified = true;
    localStorage.setItem('accessToken', 'token');
    renderBanner();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('verify-email-banner')).not.toBeInTheDocument();
  });
});
