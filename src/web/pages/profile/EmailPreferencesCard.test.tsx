import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { respond } from '../lesson/fixtures';
import { EmailPreferencesCard } from './EmailPreferencesCard';

let subscribed: boolean;
let writes: unknown[];

describe('EmailPreferencesCard (My Profile)', () => {
  beforeEach(() => {
    subscribed = true;
    writes = [];
    window.localStorage.setItem('accessToken', 'token');
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>((input, init) => {
        if (new URL(String(input)).pathname !== '/api/v1/email-preferences/me/') return respond(404, { detail: 'Not found.' });
        if (init?.method === 'PUT') {
          const body = JSON.parse(String(init.body)) as { broadcasts: boolean };
          writes.push(body);
          subscribed = body.broadcasts;
        }
        return respond(200, { email: 'asha@example.com', broadcasts: subscribed });
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows whether news and announcements reach the signed-in person and turns them off and on', async () => {
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <EmailPreferencesCard />
      </QueryClientProvider>,
    );
    const toggle = await screen.findByRole('switch', { name: 'News and announcements' });
    await waitFor(() => expect(toggle).toBeChecked());
    expect(screen.getByText(/always arrive/)).toBeInTheDocument();
    await user.click(toggle);
    await waitFor(() => expect(screen.getByText(/You are unsubscribed/)).toBeInTheDocument());
    expect(toggle).not.toBeChecked();
    await waitFor(() => expect(toggle).toBeEnabled());
    await user.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(writes).toEqual([{ broadcasts: false }, { broadcasts: true }]);
  });
});
