import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { respond } from '../pages/lesson/fixtures';
import { AdminOnly, StudioGuard } from './StudioGuard';

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route element={<StudioGuard />}>
            <Route path="/admin/projects" element={<h1>Project queue</h1>} />
            <Route element={<AdminOnly />}>
              <Route path="/admin/orders" element={<h1>Orders</h1>} />
            </Route>
          </Route>
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the studio for each role', () => {
  let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
  beforeEach(() => {
    window.localStorage.setItem('accessToken', 'token');
    fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });
  const me = (role: 'admin' | 'reviewer') =>
    fetchMock.mockImplementation(() => respond(200, { user_id: 1, email: 'r@example.com', full_name: 'Rita Reviewer', role }));

  it('a reviewer who opens an admin-only page is taken to the project queue', async () => {
    me('reviewer');
    renderAt('/admin/orders');
    expect(await screen.findByRole('heading', { name: 'Project queue' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Orders' })).not.toBeInTheDocument();
  });

  it('an admin opens it', async () => {
    me('admin');
    renderAt('/admin/orders');
    expect(await screen.findByRole('heading', { name: 'Orders' })).toBeInTheDocument();
  });

  it('a reviewer opens the project queue', async () => {
    me('reviewer');
    renderAt('/admin/projects');
    expect(await screen.findByRole('heading', { name: 'Project queue' })).toBeInTheDocument();
  });
});
