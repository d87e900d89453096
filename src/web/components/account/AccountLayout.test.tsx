import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AccountLayout } from './AccountLayout';

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route element={<AccountLayout />}>
          <Route path="*" element={<h1>Page</h1>} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
  return within(screen.getByRole('navigation', { name: 'Account' }));
}

describe('AccountLayout', () => {
  it.each([
    ['/my-profile', 'My Profile'],
    ['/my-profile/', 'My Profile'],
    ['/certificate-download', 'Certificates'],
    ['/subscription/history', 'Subscription'],
  ])('at %s marks %s as the current page, with or without the trailing slash', (path, label) => {
    const nav = renderAt(path);
    const current = nav.getAllByRole('link').filter((link) => link.getAttribute('aria-current') === 'page');
    expect(current.map((link) => link.textContent)).toEqual([label]);
    expect(current[0]).toHaveClass('active');
  });

  it("keeps the spec's addresses with their trailing slash", () => {
    const nav = renderAt('/dashboard');
    expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard/');
    expect(nav.getByRole('link', { name: 'Subscription' })).toHaveAttribute('href', '/subscription');
  });
});
