import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountMessages } from '../../shared/accounts';
import { messages } from '../../shared/messages';
import { accountKeys } from '../api/accounts';
import type { CaptchaSlotProps } from './form/CaptchaField';
import { LoginForm } from './LoginForm';
import { LoginModal } from './LoginModal';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const user42 = {
  user_id: 42,
  username: 'priya',
  email: 'priya@example.com',
  full_name: 'priya natarajan',
  phone_number: '',
  address_line_1: '',
  address_line_2: '',
  city: '',
  state: '',
  country: '',
  pin_code: '',
  about_me: '',
  profile_picture: null,
  is_verified: true,
  is_admin: false,
};

let tokenReply: () => Response | Promise<Response>;
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  tokenReply = () => json(200, { access: 'access-1', refresh: 'refresh-1' });
  fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const path = new URL(String(input)).pathname;
    if (path === '/api/v1/site-config/')
      return json(200, { captcha: { provider: 'altcha', site_key: null }, google_client_id: null, community_url: '', support_email: '' });
    if (path === '/api/v1/token/') return tokenReply();
    if (path === '/api/v1/user-details/') return json(200, user42);
    if (path === '/api/v1/resend-verification/')
      return json(200, { message: 'If an unverified account exists for this email, a new verification link is on its way.' });
    return json(404, { detail: 'Not found.' });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderWith(ui: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        {ui}
        <ToastContainer />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { user, client };
}

async function fillAndSubmit(user: ReturnType<typeof userEvent.setup>, email = ' Priya@Example.com ', password = 'Secret#2024') {
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

const calls = (path: string) => fetchMock.mock.calls.filter(([url]) => new URL(String(url)).pathname === path);

describe('LoginForm', () => {
  it('requires the email and a non-blank password', async () => {
    const { user } = renderWith(<LoginForm variant="page" onSuccess={vi.fn()} />);
    await user.type(screen.getByLabelText('Password'), '   ');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Email is required.')).toBeInTheDocument();
    expect(screen.getByText('Enter your password')).toBeInTheDocument();
    expect(calls('/api/v1/token/')).toHaveLength(0);
  });

  it("rejects a malformed email with the contract's message, as the server would, and sends nothing", async () => {
    const { user } = renderWith(<LoginForm variant="page" onSuccess={vi.fn()} />);
    await fillAndSubmit(user, 'priya@example');
    expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument();
    expect(calls('/api/v1/token/')).toHaveLength(0);
  });

  it('stores the tokens and the user id on success, with the email trimmed and lower-cased', async () => {
    const onSuccess = vi.fn();
    const { user, client } = renderWith(<LoginForm variant="page" onSuccess={onSuccess} />);
    await fillAndSubmit(user);
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
    expect(JSON.parse(calls('/api/v1/token/')[0]![1].body as string)).toEqual({ email: 'priya@example.com', password: 'Secret#2024' });
    expect(localStorage.getItem('accessToken')).toBe('access-1');
    expect(localStorage.getItem('refreshToken')).toBe('refresh-1');
    expect(localStorage.getItem('userId')).toBe('42');
    // The details call carries the new bearer token.
    expect((calls('/api/v1/user-details/')[0]![1].headers as Record<string, string>).Authorization).toBe('Bearer access-1');
    expect(client.getQueryData(accountKeys.userDetails())).toMatchObject({ user_id: 42 });
    expect(await screen.findByText('Login successful!')).toBeInTheDocument();
  });

  it("shows 'Signing in...' while the call runs", async () => {
    let release: () => void = () => undefined;
    tokenReply = () => new Promise((resolve) => (release = () => resolve(json(401, { detail: 'No active account found with the given credentials' }))));
    const { user } = renderWith(<LoginForm variant="page" onSuccess={vi.fn()} />);
    await fillAndSubmit(user);
    expect(await screen.findByRole('button', { name: /Signing in\.\.\./ })).toBeDisabled();
    release();
    await screen.findByText('Invalid credentials. Please try again.');
  });

  it('answers a 401 with the exact message in a red alert', async () => {
    tokenReply = () => json(401, { detail: 'No active account found with the given credentials' });
    const onSuccess = vi.fn();
    const { user } = renderWith(<LoginForm variant="page" onSuccess={onSuccess} />);
    await fillAndSubmit(user);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Invalid credentials. Please try again.');
    expect(alert).toHaveClass('alert-danger');
    expect(onSuccess).not.toHaveBeenCalled();
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('maps a server error and a missing response to the spec texts', async () => {
    tokenReply = () => json(500, { detail: 'boom' });
    const { user } = renderWith(<LoginForm variant="page" onSuccess={vi.fn()} />);
    await fillAndSubmit(user);
    expect(await screen.findByText('An error occurred. Please try again later.')).toBeInTheDocument();

    tokenReply = () => Promise.reject(new TypeError('Failed to fetch'));
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('No response from the server. Check your network connection.')).toBeInTheDocument();
  });

  it('explains an unverified account and resends the verification email', async () => {
    const detail = 'Please verify your email address before signing in. Check your inbox for the verification link, or send a new one.';
    tokenReply = () => json(403, { detail, code: 'email_not_verified' });
    const { user } = renderWith(<LoginForm variant="page" onSuccess={vi.fn()} />);
    await fillAndSubmit(user);
    expect(await screen.findByText(detail)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByText(/a new verification link is on its way/)).toBeInTheDocument();
    expect(JSON.parse(calls('/api/v1/resend-verification/')[0]![1].body as string)).toEqual({ email: 'priya@example.com' });
  });
});

/** A stand-in captcha: a button that reports a verified token, as the real widget does after its server check. */
function FakeCaptcha({ id, onChange }: CaptchaSlotProps) {
  return (
    <button type="button" id={id} onClick={() => onChange('altcha-payload')}>
      Solve captcha
    </button>
  );
}
const withFakeCaptcha = (props: CaptchaSlotProps) => <FakeCaptcha {...props} />;
const challengeAnswer = () => json(400, { captcha: [accountMessages.loginChallenge], code: 'captcha_required', detail: accountMessages.loginChallenge });
const sentBodies = () => calls('/api/v1/token/').map(([, init]) => JSON.parse((init as RequestInit).body as string) as Record<string, string>);

describe('LoginForm after many failed sign-ins to the account', () => {
  it('shows the captcha when the server asks for it, requires it, and sends the solved payload with the next try', async () => {
    tokenReply = challengeAnswer;
    const onSuccess = vi.fn();
    const { user } = renderWith(<LoginForm variant="page" onSuccess={onSuccess} captcha={withFakeCaptcha} />);
    expect(screen.queryByRole('group', { name: 'Verification' })).not.toBeInTheDocument();
    await fillAndSubmit(user);
    expect(await screen.findByText(accountMessages.loginChallenge)).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Verification' })).toBeInTheDocument();
    expect(onSuccess).not.toHaveBeenCalled();

    // Not solved yet: the contract's form rule says so, and nothing is sent.
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText(messages.captcha.required)).toBeInTheDocument();
    expect(calls('/api/v1/token/')).toHaveLength(1);

    tokenReply = () => json(200, { access: 'access-3', refresh: 'refresh-3' });
    await user.click(screen.getByRole('button', { name: 'Solve captcha' }));
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
    expect(sentBodies()).toEqual([
      { email: 'priya@example.com', password: 'Secret#2024' },
      { email: 'priya@example.com', password: 'Secret#2024', captcha: 'altcha-payload' },
    ]);
    expect(localStorage.getItem('accessToken')).toBe('access-3');
  });

  it('asks for a fresh solve after a failed try (a solution is single use)', async () => {
    tokenReply = challengeAnswer;
    const { user } = renderWith(<LoginForm variant="page" onSuccess={vi.fn()} captcha={withFakeCaptcha} />);
    await fillAndSubmit(user);
    await user.click(await screen.findByRole('button', { name: 'Solve captcha' }));
    tokenReply = () => json(401, { detail: 'No active account found with the given credentials' });
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Invalid credentials. Please try again.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText(messages.captcha.required)).toBeInTheDocument();
    expect(calls('/api/v1/token/')).toHaveLength(2);
  });
});

describe('LoginModal', () => {
  it("is titled 'Login for a quick checkout', toasts 'Invalid credentials' on a 401, and reloads after a login", async () => {
    tokenReply = () => json(401, { detail: 'No active account found with the given credentials' });
    const onLoggedIn = vi.fn();
    const { user } = renderWith(<LoginModal show onHide={vi.fn()} onLoggedIn={onLoggedIn} />);
    expect(await screen.findByRole('dialog', { name: 'Login for a quick checkout' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forget/password');
    expect(screen.getByRole('link', { name: 'Signup' })).toHaveAttribute('href', '/register');

    await fillAndSubmit(user);
    expect(await screen.findByText('Invalid credentials. Please try again.')).toBeInTheDocument();
    expect(await screen.findByText('Invalid credentials')).toBeInTheDocument();

    tokenReply = () => json(200, { access: 'access-2', refresh: 'refresh-2' });
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('Login successful!')).toBeInTheDocument();
    expect(localStorage.getItem('accessToken')).toBe('access-2');
  });
});
