import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminMessages } from '../../../shared/admin';
import Toasts from '../../components/Toasts';
import { respond } from '../../pages/lesson/fixtures';
import SetupPage from './SetupPage';

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>((input, init) => {
      const url = new URL(String(input));
      if (url.pathname === '/api/v1/setup/' && init?.method === 'POST')
        return respond(201, { access: 'a', refresh: 'r', user: { user_id: 1, email: 'ravi@example.com', full_name: 'Ravi Sharma', is_admin: true } });
      if (url.pathname === '/api/v1/setup/') return respond(200, { state: 'open' });
      if (url.pathname === '/api/v1/user-details/')
        return respond(200, { user_id: 1, username: 'ravi', email: 'ravi@example.com', full_name: 'Ravi Sharma', profile_picture: null, is_admin: true });
      return respond(404, { detail: 'Not found.' });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('the first-run setup page', () => {
  it("says 'Your instructor account is ready.' once the account is made, as the studio opens, away from the page's actions", async () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={['/admin/setup?token=t0ken']}>
          <Routes>
            <Route path="/admin/setup" element={<SetupPage />} />
            <Route path="/admin/courses" element={<h1>Courses</h1>} />
          </Routes>
        </MemoryRouter>
        <Toasts />
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Full name'), 'Ravi Sharma');
    await user.type(screen.getByLabelText('Email'), 'ravi@example.com');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'Str0ng!Passw0rd');
    await user.click(screen.getByRole('button', { name: 'Create instructor account' }));

    expect(await screen.findByRole('heading', { name: 'Courses' })).toBeInTheDocument();
    const toast = await screen.findByText(adminMessages.setupCreated);
    expect(toast.closest('.Toastify__toast-container')).toHaveClass('Toastify__toast-container--top-right');
  });
});
