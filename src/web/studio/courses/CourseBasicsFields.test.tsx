import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminCourse } from '../../../shared/admin';
import { respond } from '../../pages/lesson/fixtures';
import CourseNewPage from '../pages/CourseNewPage';
import CourseDetailsTab from './CourseDetailsTab';

const categories = [
  { id: 1, category_name: 'Data', slug: 'data' },
  { id: 3, category_name: 'Python', slug: 'python' },
  { id: 5, category_name: 'Web', slug: 'web' },
];

const course: AdminCourse = {
  id: 9,
  uuid: 'c9',
  slug: 'python-foundations',
  title: 'Python Foundations',
  subtitle: '',
  course_type: 'paid',
  complexity: 'Beginner',
  category: { id: 3, category_name: 'Python' },
  state: 'draft',
  total_lessons: 0,
  enrolled: 0,
  prices: [],
  position: 1,
  updated_at: '2026-01-02T10:00:00.000Z',
  course_image: '/media/courses/python.webp',
  language: 'English',
  promo_video: null,
  course_description: '',
  what_you_will_learn: [],
  target_audience: [],
  seo_title: '',
  seo_description: '',
  old_slugs: [],
  sections: [],
};

/** The categories arrive when the test says so (after the form has rendered with the course's own category). */
let releaseCategories: () => void;

function renderWith(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  window.localStorage.setItem('accessToken', 'token');
  const arrived = new Promise<void>((resolve) => (releaseCategories = resolve));
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) => {
      const url = new URL(String(input));
      if (url.pathname === '/api/v1/admin/categories/') {
        await arrived;
        return respond(200, categories);
      }
      return respond(404, { detail: 'Not found.' });
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

describe("the course editor's category", () => {
  it("shows the course's category before and after the list of categories arrives", async () => {
    renderWith(<CourseDetailsTab course={course} />);
    const select = screen.getByLabelText<HTMLSelectElement>('Category');
    expect(select.selectedOptions[0]?.textContent).toBe('Python');

    releaseCategories();
    await waitFor(() => expect(select.options).toHaveLength(4));
    expect(select.value).toBe('3');
    expect(select.selectedOptions[0]?.textContent).toBe('Python');
  });
});

describe('the new-course form', () => {
  it("says 'Choose a category.' when none is chosen, and drops the address's error once the title fills it", async () => {
    releaseCategories();
    renderWith(<CourseNewPage />);
    await waitFor(() => expect(screen.getByLabelText<HTMLSelectElement>('Category').options).toHaveLength(4));

    await userEvent.click(screen.getByRole('button', { name: 'Create draft' }));
    expect(await screen.findByText('Choose a category.')).toBeInTheDocument();
    expect(screen.queryByText(/Invalid input/)).not.toBeInTheDocument();
    const address = screen.getByLabelText('Address');
    expect(address).toHaveAccessibleDescription(/Ensure this field has at least 3 characters\./);

    await userEvent.type(screen.getByLabelText('Title'), 'Python for data');
    expect(address).toHaveValue('python-for-data');
    await waitFor(() => expect(address).not.toHaveAccessibleDescription(/Ensure this field/));
    expect(address).not.toHaveAttribute('aria-invalid');
  });
});
