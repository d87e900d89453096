import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouteEvents } from './routes';

afterEach(() => vi.restoreAllMocks());

describe('moving between pages', () => {
  it('leaves the page the browser loaded where it is, and starts every page navigated to at the top', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    render(
      <MemoryRouter initialEntries={['/courses']}>
        <Routes>
          <Route element={<RouteEvents />}>
            <Route path="/courses" element={<Link to="/services">Services</Link>} />
            <Route path="/services" element={<h1>Services</h1>} />
          </Route>
        </Routes>
      </MemoryRouter>,
    );
    // A visitor who began to scroll before the page hydrated is not sent back up (nor the page laid out again).
    expect(scrollTo).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('link', { name: 'Services' }));
    expect(await screen.findByRole('heading', { name: 'Services' })).toBeInTheDocument();
    expect(scrollTo).toHaveBeenCalledWith({ top: 0 });
  });
});
