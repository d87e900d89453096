import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminCourse } from '../../../shared/admin';
import { respond } from '../../pages/lesson/fixtures';
import { LessonDialog } from './LessonDialog';
import { LessonRow, type CurriculumLesson, type CurriculumSection } from './LessonRow';
import { SectionTitle } from './SectionTitle';

vi.mock('../components/notify', () => ({ notify: () => undefined }));

const lesson: CurriculumLesson = {
  id: 41,
  uuid: '00000000-0000-4000-8000-000000000041',
  lesson_title: 'Templates',
  lesson_type: 'Video',
  video_source: 'https://www.youtube.com/watch?v=rfscVS0vtbw',
  lesson_content: null,
  duration_seconds: 300,
  enable_preview: false,
  position: 1,
  quiz: null,
  available_after_days: 7,
  available_from: null,
  resources: [],
};
const section: CurriculumSection = {
  id: 5,
  uuid: 'section-5',
  title: 'Going further',
  position: 2,
  available_after_days: null,
  available_from: null,
  lessons: [lesson],
};
const course = { id: 1, sections: [section] } as unknown as AdminCourse;

let sent: { method: string; path: string; body: Record<string, unknown> }[];
beforeEach(() => {
  sent = [];
  window.localStorage.setItem('accessToken', 'token');
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>((input, init) => {
      const url = new URL(String(input));
      if (init?.method === 'PUT' || init?.method === 'PATCH') {
        sent.push({ method: init.method, path: url.pathname, body: JSON.parse(String(init.body)) as Record<string, unknown> });
        return respond(200, course);
      }
      return respond(404, { detail: 'Not found.' });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const wrap = (children: ReactNode) =>
  render(<QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{children}</QueryClientProvider>);

describe("the lesson editor's Release", () => {
  it('shows the schedule it has, and saves a fixed date in its place (the days cleared)', async () => {
    wrap(<LessonDialog target={{ mode: 'edit', lesson }} onHide={() => undefined} />);
    const release = await screen.findByRole('group', { name: 'Release' });
    expect(within(release).getByRole('radio', { name: /number of days after/ })).toBeChecked();
    expect(within(release).getByRole('spinbutton', { name: 'days after access began' })).toHaveValue(7);

    await userEvent.click(within(release).getByRole('radio', { name: 'On a fixed date' }));
    const date = within(release).getByLabelText('Opens on');
    await userEvent.clear(date);
    await userEvent.type(date, '2031-01-03');
    await userEvent.click(screen.getByRole('button', { name: 'Save lesson' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ method: 'PUT', path: '/api/v1/admin/lessons/41/', body: { available_after_days: null, available_from: '2031-01-03' } });
  });

  it("refuses an empty or out-of-range number of days with the contract's message, and sends nothing", async () => {
    wrap(<LessonDialog target={{ mode: 'edit', lesson }} onHide={() => undefined} />);
    const days = await screen.findByRole('spinbutton', { name: 'days after access began' });
    await userEvent.clear(days);
    await userEvent.click(screen.getByRole('button', { name: 'Save lesson' }));
    expect(await screen.findByText('Enter a number of days from 0 to 3650.')).toBeInTheDocument();
    expect(days).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(days, '3651');
    await userEvent.click(screen.getByRole('button', { name: 'Save lesson' }));
    expect(await screen.findByText('Enter a number of days from 0 to 3650.')).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    // 'Immediately' clears it.
    await userEvent.click(screen.getByRole('radio', { name: 'Immediately' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save lesson' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toMatchObject({ available_after_days: null, available_from: null });
  });
});

describe("the section's Release", () => {
  it('opens from the section row and saves a number of days, the title untouched', async () => {
    wrap(<SectionTitle section={section} index={1} handle={null} onDelete={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Release of Section 2: Going further' }));
    const dialog = await screen.findByRole('dialog', { name: 'Release of Section 2: Going further' });
    expect(within(dialog).getByRole('radio', { name: 'Immediately' })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('radio', { name: /number of days after/ }));
    const days = within(dialog).getByRole('spinbutton', { name: 'days after access began' });
    await userEvent.clear(days);
    await userEvent.type(days, '14');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save release' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ method: 'PATCH', path: '/api/v1/admin/sections/5/', body: { available_after_days: 14, available_from: null } });
  });
});

describe('the curriculum list', () => {
  it("shows a lesson's and a section's schedule as a badge, and none for a preview or an open lesson", () => {
    const row = (l: CurriculumLesson) =>
      wrap(<LessonRow lesson={l} handle={null} otherSections={[]} onMoveTo={() => undefined} onEdit={() => undefined} onDelete={() => undefined} />);
    const first = row(lesson);
    expect(screen.getByText('Day 7')).toHaveAttribute('title', "Opens 7 days after the student's access began");
    first.unmount();
    const second = row({ ...lesson, available_after_days: null, available_from: '2099-01-03' });
    expect(screen.getByText(/^From Jan 3, 2099$/)).toBeInTheDocument();
    second.unmount();
    const third = row({ ...lesson, enable_preview: true });
    expect(screen.queryByText('Day 7')).toBeNull();
    third.unmount();

    wrap(<SectionTitle section={{ ...section, available_after_days: 30 }} index={1} handle={null} onDelete={() => undefined} />);
    expect(screen.getByText('Day 30')).toBeInTheDocument();
  });
});
