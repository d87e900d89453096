import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ResetPasswordPage from './ResetPasswordPage';
import { ResetPasswordForm } from './ResetPasswordForm';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const expiredText = 'This password reset link has expired or has already been used. Please request a new one.';

let resetReply: () => Response;
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  resetReply = () => json(200, { message: 'Your password has been reset. You can now sign in with your new password.' });
  fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const path = new URL(String(input)).pathname;
    if (path === '/api/v1/reset-password/') return resetReply();
    return json(404, { detail: 'Not found.' });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function Where() {
  const location = useLocation();
  return (
    <p data-testid="where">
      {location.pathname}
      {location.search}
    </p>
  );
}

function renderAt(initial: string, element = <ResetPasswordForm uid="u-1" token="t-1" redirectDelayMs={0} />) {
  const router = createMemoryRouter(
    [
      { path: '/reset/password', element },
      { path: '/forget/password', element: <Where /> },
      { path: '/login', element: <Where /> },
      { path: '/', element: <Where /> },
    ],
    { initialEntries: [initial] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), router };
}

const resetCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).includes('/reset-password/'));

describe('ResetPasswordForm', () => {
  it("says 'Passwords do not match' and sends nothing", async () => {
    const { user } = renderAt('/reset/password?uid=u-1&token=t-1');
    await user.type(screen.getByLabelText('New password'), 'Secret#2024');
    await user.type(screen.getByLabelText('Confirm new password'), 'Secret#2025');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(resetCalls()).toHaveLength(0);
  });

  it('applies the password rules in order', async () => {
    const { user } = renderAt('/reset/password?uid=u-1&token=t-1');
    await user.type(screen.getByLabelText('New password'), 'secret#2024');
    await user.type(screen.getByLabelText('Confirm new password'), 'secret#2024');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Include at least one uppercase letter to make your password stronger.')).toBeInTheDocument();
    expect(resetCalls()).toHaveLength(0);
  });

  it('sends uid, token and both passwords; shows the message, clears the fields, then goes to /login', async () => {
    const { user } = renderAt('/reset/password?uid=u-1&token=t-1', <ResetPasswordForm uid="u-1" token="t-1" redirectDelayMs={50} />);
    await user.type(screen.getByLabelText('New password'), 'Secret#2024');
    await user.type(screen.getByLabelText('Confirm new password'), 'Secret#2024');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Your password has been reset. You can now sign in with your new password.')).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveValue('');
    expect(screen.getByLabelText('Confirm new password')).toHaveValue('');
    expect(JSON.parse(resetCalls()[0]![1].body as string)).toEqual({ uid: 'u-1', token: 't-1', password: 'Secret#2024', confirmPassword: 'Secret#2024' });
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/login$/));
  });

  it('goes to /forget/password with the status and the server message when the link expired', async () => {
    resetReply = () => json(400, { error: expiredText, status: 'expired' });
    const { user, router } = renderAt('/reset/password?uid=u-1&token=t-1');
    await user.type(screen.getByLabelText('New password'), 'Secret#2024');
    await user.type(screen.getByLabelText('Confirm new password'), 'Secret#2024');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/forget/password'));
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('status')).toBe('expired');
    expect(params.get('linkExpriedMassage')).toBe(expiredText);
  });

  it("shows another failure's server error, or the fallback", async () => {
    resetReply = () => json(500, {});
    const { user } = renderAt('/reset/password?uid=u-1&token=t-1');
    await user.type(screen.getByLabelText('New password'), 'Secret#2024');
    await user.type(screen.getByLabelText('Confirm new password'), 'Secret#2024');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeInTheDocument();
  });
});

describe('ResetPasswordPage', () => {
  it('sends a link without uid to /forget/password', async () => {
    renderAt('/reset/password?token=t-1', <ResetPasswordPage />);
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/forget/password'));
  });

  it('sends a logged-in user home', async () => {
    localStorage.setItem('accessToken', 'a');
    renderAt('/reset/password?uid=u-1&token=t-1', <ResetPasswordPage />);
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/));
  });
});
