import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GoogleSignInButton, type GoogleIdentity } from './GoogleSignInButton';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let clientId: string | null;
let googleReply: () => Response;
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  clientId = 'client-123.apps.googleusercontent.com';
  googleReply = () => json(200, { access: 'g-access', refresh: 'g-refresh' });
  fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const path = new URL(String(input)).pathname;
    if (path === '/api/v1/site-config/') return json(200, { captcha: { provider: 'altcha', site_key: null }, google_client_id: clientId });
    if (path === '/api/v1/rest-auth/google/') return googleReply();
    if (path === '/api/v1/user-details/') return json(200, { user_id: 9, username: 'g', email: 'g@example.com', full_name: 'Gita Rao', profile_picture: null });
    return json(404, { detail: 'Not found.' });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

/** A stand-in for Google Identity Services: its rendered button hands the callback the ID token the test chose. */
function fakeGoogle() {
  let callback: ((response: { credential?: string }) => void) | undefined;
  let credential = '';
  const google: GoogleIdentity = {
    accounts: {
      id: {
        initialize: vi.fn((config) => {
          callback = config.callback;
        }),
        renderButton: vi.fn((parent: HTMLElement) => {
          const button = document.createElement('button');
          button.type = 'button';
          button.textContent = 'Google account';
          button.addEventListener('click', () => callback?.({ credential }));
          parent.replaceChildren(button);
        }),
        prompt: vi.fn(),
      },
    },
  };
  return {
    google,
    load: vi.fn(async () => google),
    /** Picks an account in Google's button. */
    signIn: async (user: ReturnType<typeof userEvent.setup>, token: string) => {
      credential = token;
      await user.click(screen.getByRole('button', { name: 'Google account' }));
    },
  };
}

function renderButton(load: () => Promise<GoogleIdentity>, onSignedIn = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <GoogleSignInButton onSignedIn={onSignedIn} load={load} />
    </QueryClientProvider>,
  );
  return { onSignedIn, user: userEvent.setup() };
}

describe('GoogleSignInButton', () => {
  it('is hidden without a Google client id', async () => {
    clientId = null;
    const { load } = fakeGoogle();
    renderButton(load);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('button', { name: /Google/ })).not.toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();
  });

  it("loads Google's script only when used, then exchanges the ID token for our tokens", async () => {
    const { google, load, signIn } = fakeGoogle();
    const { onSignedIn, user } = renderButton(load);
    const button = await screen.findByRole('button', { name: 'Continue with Google' });
    expect(load).not.toHaveBeenCalled();
    await user.click(button);
    await screen.findByRole('button', { name: 'Google account' });
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).not.toBeInTheDocument();
    expect(google.accounts.id.initialize).toHaveBeenCalledWith(expect.objectContaining({ client_id: 'client-123.apps.googleusercontent.com' }));

    await signIn(user, 'id-token-abc');
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    const call = fetchMock.mock.calls.find(([url]) => String(url).includes('/rest-auth/google/'))!;
    expect(JSON.parse(call[1].body as string)).toEqual({ provider: 'google', id_token: 'id-token-abc' });
    expect(localStorage.getItem('accessToken')).toBe('g-access');
    expect(localStorage.getItem('userId')).toBe('9');
  });

  it("shows the server's non_field_errors", async () => {
    googleReply = () => json(400, { non_field_errors: ['Google sign-in failed. Please try again.'] });
    const { load, signIn } = fakeGoogle();
    const { onSignedIn, user } = renderButton(load);
    await user.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    await screen.findByRole('button', { name: 'Google account' });
    await signIn(user, 'bad-token');
    expect(await screen.findByRole('alert')).toHaveTextContent('Google sign-in failed. Please try again.');
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('says so when Google cannot be reached', async () => {
    const load = vi.fn(async (): Promise<GoogleIdentity> => {
      throw new Error('blocked');
    });
    const { user } = renderButton(load);
    await user.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Google sign-in is not available.');
  });
});
