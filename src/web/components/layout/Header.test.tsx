import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Header } from './Header';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let picture: string | null = null;
let member = false;

beforeEach(() => {
  picture = null;
  member = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input)).pathname;
      if (path === '/api/v1/site-config/')
        return json(200, { captcha: { provider: 'altcha', site_key: null }, google_client_id: null, community_url: 'https://discord.gg/x', support_email: '' });
      if (path === '/api/v1/user/subscription-detail/') return json(200, { subscription_active: member, is_active: member });
      if (path === '/api/v1/user-details/')
        return json(200, { user_id: 3, username: 'priya', email: 'priya@example.com', full_name: 'priya van natarajan', profile_picture: picture });
      return json(404, { detail: 'Not found.' });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function header() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Header />
      </MemoryRouter>
    </QueryClientProvider>
  );
}

function renderHeader() {
  render(header());
  return userEvent.setup();
}

describe('Header', () => {
  it("keeps the small screen's menu button disabled in the server's HTML, and opens the menu once the browser renders it", async () => {
    const toggler = /<button[^>]*aria-label="Toggle navigation"[^>]*>/.exec(renderToString(header()))?.[0];
    expect(toggler).toContain('disabled=""');

    const user = renderHeader();
    const button = screen.getByRole('button', { name: 'Toggle navigation' });
    expect(button).toBeEnabled();
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById('main-nav')).toHaveClass('show');
  });

  it('offers Sign In to a visitor', () => {
    renderHeader();
    const signIn = screen.getAllByRole('link', { name: 'Sign In' });
    expect(signIn.length).toBeGreaterThan(0);
    for (const link of signIn) expect(link).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: /Account menu/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Join' })).toBeInTheDocument();
    expect(screen.getByTestId('cart-count')).toBeInTheDocument();
  });

  it('shows a signed-in user a profile menu with initials and the name capitalised per word', async () => {
    localStorage.setItem('accessToken', 'token');
    const user = renderHeader();
    expect(screen.queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
    const toggle = await screen.findByRole('button', { name: 'Account menu for Priya Van Natarajan' });
    expect(toggle).toHaveTextContent('PN');
    expect(toggle).toHaveTextContent('Priya Van Natarajan');

    await user.click(toggle);
    const menu = screen.getByRole('link', { name: 'Dashboard' }).closest('.dropdown-menu') as HTMLElement;
    expect(within(menu).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard/');
    expect(within(menu).getByRole('link', { name: 'Your Profile' })).toHaveAttribute('href', '/my-profile/');
    expect(within(menu).getByRole('link', { name: 'Q&A' })).toHaveAttribute('href', '/question-answer/');
    expect(within(menu).getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
    expect(within(menu).getByRole('button', { name: /Light/ })).toHaveAttribute('aria-current', 'true');
    for (const theme of ['Dark', 'Auto']) {
      const item = within(menu).getByRole('button', { name: new RegExp(theme) });
      expect(item).toHaveAttribute('aria-disabled', 'true');
      expect(item).toHaveTextContent('Coming Soon');
    }
  });

  it('uses the profile picture, prefixing a relative path with the site origin', async () => {
    picture = '/media/profile/p.webp';
    localStorage.setItem('accessToken', 'token');
    renderHeader();
    const toggle = await screen.findByRole('button', { name: 'Account menu for Priya Van Natarajan' });
    await vi.waitFor(() => expect(toggle.querySelector('img')).toHaveAttribute('src', `${window.location.origin}/media/profile/p.webp`));
  });

  it('offers Join to a signed-in student who is not a member', async () => {
    localStorage.setItem('accessToken', 'token');
    renderHeader();
    await screen.findByRole('button', { name: /Account menu/ });
    await vi.waitFor(() => expect(vi.mocked(fetch).mock.calls.some(([input]) => String(input).includes('/subscription-detail/'))).toBe(true));
    expect(screen.getByRole('link', { name: 'Join' })).toBeInTheDocument();
  });

  it('hides Join from a current member', async () => {
    member = true;
    localStorage.setItem('accessToken', 'token');
    renderHeader();
    await screen.findByRole('button', { name: /Account menu/ });
    await vi.waitFor(() => expect(screen.queryByRole('link', { name: 'Join' })).not.toBeInTheDocument());
  });
});
