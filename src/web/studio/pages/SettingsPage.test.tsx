/** Issue 25 item 9: the site's name and the home page's figures in Settings, each showing its default and clearing back to it. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { siteSettingsFields, type SiteSettings } from '../../../shared/admin';
import type { AdminFigures } from '../../../shared/admin';
import { computedFigures, demoFigures, figureFields } from '../../../shared/figures';
import { respond } from '../../pages/lesson/fixtures';
import SettingsPage from './SettingsPage';

const facts = { published_courses: 12, average_rating: 4.63, ratings: 210, students: 75_123, letters: 0, hours: 140 };
const defaults: AdminFigures = { facts, computed: computedFigures(facts) };

/** A first start: the demo's figures, nothing else set. */
const demoSettings: SiteSettings = {
  ...(Object.fromEntries(siteSettingsFields.map((f) => [f, ''])) as Record<(typeof siteSettingsFields)[number], string>),
  ...demoFigures,
  site_logo: '',
  sources: Object.fromEntries(
    siteSettingsFields.map((f) => [f, (figureFields as readonly string[]).includes(f) ? 'demo' : 'unset']),
  ) as SiteSettings['sources'],
};

let settings: SiteSettings;
let patches: unknown[];

beforeEach(() => {
  settings = demoSettings;
  patches = [];
  window.localStorage.setItem('accessToken', 'token');
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>((input, init) => {
      const path = new URL(String(input)).pathname;
      if (path === '/api/v1/admin/settings/' && init?.method === 'PATCH') {
        const body = JSON.parse(String(init.body)) as Record<string, string>;
        patches.push(body);
        const sources = { ...settings.sources };
        for (const [key, value] of Object.entries(body)) sources[key as keyof typeof sources] = value ? 'studio' : 'unset';
        settings = { ...settings, ...body, sources };
        return respond(200, settings);
      }
      if (path === '/api/v1/admin/settings/') return respond(200, settings);
      if (path === '/api/v1/admin/site-figures/') return respond(200, defaults);
      if (path === '/api/v1/admin/courses/') return respond(200, { count: 0, results: [] });
      return respond(404, { detail: 'Not found.' });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/admin/settings']}>
        <SettingsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('Settings: the site and its figures', () => {
  it("shows each figure with the default the database knows, and says which are still the demo's", async () => {
    renderPage();
    const figures = await screen.findByRole('region', { name: 'Home page figures' });
    const students = within(figures).getByLabelText('Online Students');
    expect(students).toHaveValue('75K+');
    await waitFor(() => expect(students).toHaveAttribute('placeholder', '75K+'));
    expect(within(figures).getByLabelText('Online Courses')).toHaveAccessibleDescription("The demo's figure. Empty: 10+ (12 published courses).");
    expect(within(figures).getByLabelText('Course Ratings')).toHaveAccessibleDescription("The demo's figure. Empty: 4.6+ (4.63 from 210 ratings).");
    // Nothing to count: the default hides it.
    expect(within(figures).getByLabelText('Pre-experience letters')).toHaveAccessibleDescription("The demo's figure. Empty: hidden (0 letters issued).");
    expect(within(figures).getByText(/9 figures are still the demo/)).toBeInTheDocument();
  });

  it('saves only what changed: a site name and one figure, and clearing a figure sends it empty (back to the default)', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.type(await screen.findByLabelText('Site name'), 'Kapoor Academy');
    const figures = screen.getByRole('region', { name: 'Home page figures' });
    const courses = within(figures).getByLabelText('Online Courses');
    await user.clear(courses);
    await user.type(courses, '12+');
    await user.click(within(figures).getByRole('button', { name: 'Use the default for Online Students' }));
    expect(within(figures).getByLabelText('Online Students')).toHaveValue('');
    // The preview reads as the home page will: the typed figure, the default for the cleared one.
    const preview = within(figures).getByRole('group', { name: "Preview of the home page's stats strip" });
    expect(preview).toHaveTextContent('12+ Online Courses');
    expect(preview).toHaveTextContent('75K+ Online Students');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(patches).toEqual([{ site_name: 'Kapoor Academy', home_stat_courses: '12+', home_stat_students: '' }]));
  });

  it("'Use my database's figures' clears every demo figure, and nothing else", async () => {
    const user = userEvent.setup();
    settings = { ...demoSettings, home_stat_rating: '4.7', sources: { ...demoSettings.sources, home_stat_rating: 'studio' } };
    renderPage();
    await user.click(await screen.findByRole('button', { name: "Use my database's figures" }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(patches).toHaveLength(1));
    const sent = patches[0] as Record<string, string>;
    expect(Object.keys(sent).sort()).toEqual(figureFields.filter((f) => f !== 'home_stat_rating').sort());
    expect(Object.values(sent).every((v) => v === '')).toBe(true);
  });

  it('refuses a figure longer than 12 characters before saving', async () => {
    const user = userEvent.setup();
    renderPage();
    const field = await screen.findByLabelText('Success rate');
    await user.clear(field);
    // maxLength stops typing; a paste past it is what a script or autofill could still do.
    field.removeAttribute('maxlength');
    await user.type(field, '1234567890123');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Keep a figure to 12 characters (for example 75K+).')).toBeInTheDocument();
    expect(patches).toEqual([]);
  });
});
