import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ForgotPasswordPage from './ForgotPasswordPage';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const sent = 'If an account exists for this email, you will receive a password reset link shortly.';

let forgotReply: () => Response;
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  forgotReply = () => json(200, { message: sent });
  fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const path = new URL(String(input)).pathname;
    if (path === '/api/v1/site-config/') return json(200, { captcha: { provider: 'altcha', site_key: null }, google_client_id: null });
    if (path === '/api/v1/forget-password-request/') return forgotReply();
    return json(404, { detail: 'Not found.' });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderPage(url = '/forget/password') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <ForgotPasswordPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const calls = () => fetchMock.mock.calls.filter(([url]) => String(url).includes('/forget-password-request/'));

describe('ForgotPasswordPage', () => {
  it('sends the normalised email and shows the server message in green', async () => {
    const user = renderPage();
    await user.type(screen.getByLabelText('Email'), '  Priya@Example.COM ');
    await user.click(screen.getByRole('button', { name: 'RESET PASSWORD' }));
    const status = await screen.findByText(sent);
    expect(status.closest('.alert')).toHaveClass('alert-success');
    expect(JSON.parse(calls()[0]![1].body as string)).toEqual({ normalizedEmail: 'priya@example.com' });
    expect(screen.getByRole('link', { name: /Back to sign in/ })).toHaveAttribute('href', '/login');
  });

  it('shows the fallback error in red and clears the email on failure', async () => {
    forgotReply = () => json(500, {});
    const user = renderPage();
    await user.type(screen.getByLabelText('Email'), 'priya@example.com');
    await user.click(screen.getByRole('button', { name: 'RESET PASSWORD' }));
    const error = await screen.findByText('Something went wrong. Please try again.');
    expect(error.closest('.alert')).toHaveClass('alert-danger');
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveValue(''));
  });

  it('requires an email', async () => {
    const user = renderPage();
    await user.click(screen.getByRole('button', { name: 'RESET PASSWORD' }));
    expect(await screen.findByText('Email is required.')).toBeInTheDocument();
    expect(calls()).toHaveLength(0);
  });

  it('shows linkExpriedMassage as an error banner', () => {
    renderPage('/forget/password?status=expired&linkExpriedMassage=This%20link%20has%20expired.');
    expect(screen.getByText('This link has expired.').closest('.alert')).toHaveClass('alert-danger');
  });
});
