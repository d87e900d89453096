import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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

  it('is a vertical menu that a phone opens from a button naming the current page', async () => {
    const nav = renderAt('/enrolled-courses');
    const toggle = nav.getByRole('button', { name: /^Account menu: ?Enrolled Courses$/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const list = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(list).toHaveClass('flex-column', 'd-none', 'd-lg-flex');
    expect(list).not.toHaveClass('flex-nowrap');

    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(list).not.toHaveClass('d-none');
    expect(within(list).getAllByRole('link')).toHaveLength(8);
  });
});
