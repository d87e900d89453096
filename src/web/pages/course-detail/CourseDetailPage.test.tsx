import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CourseDetail } from '../../../shared/catalog';
import CourseDetailPage from './CourseDetailPage';

const instructor = {
  name: 'Ravi Sharma',
  designation: 'Senior Software Engineer',
  bio: '<p>Builds <strong>Django</strong> apps.</p>',
  profile_picture: '/media/instructor.svg',
  facebook_link: null,
  linkedin_link: 'https://www.linkedin.com/in/example',
  github_link: 'https://github.com/example',
  youtube_link: null,
  instagram_link: 'https://www.instagram.com/example',
};

const lesson = (id: number, title: string, extra: Partial<CourseDetail['sections'][number]['lessons'][number]> = {}) => ({
  id,
  uuid: `lesson-${id}`,
  section_uuid: 'section-1',
  global_order: id,
  lesson_title: title,
  lesson_type: 'Video' as const,
  enable_preview: false,
  video_source: null,
  lesson_content: null,
  upload_resource: null,
  video_playback_time: '12:05',
  duration_seconds: 725,
  is_locked: true,
  available_at: null,
  completed_status: false,
  ...extra,
});

function makeCourse(overrides: Partial<CourseDetail> = {}): CourseDetail {
  return {
    id: 7,
    uuid: 'course-7',
    slug: 'django-rest-framework',
    title: 'Django REST Framework',
    subtitle: 'Design, secure and ship a production API.',
    course_image: '/media/courses/django-rest-framework.svg',
    complexity: 'Intermediate',
    course_type: 'paid',
    category_name: 'Django',
    total_video_duration: '6h 25m',
    total_video_duration_seconds: 23100,
    total_lessons: 2,
    ratings: 4.8,
    ratings_count: 212,
    country_price: { amount: 49, regular_amount: 99, symbol: '$', country: 'US', currency: 'USD' },
    category: { id: 1, category_name: 'Django' },
    total_enrolled: 1520,
    updated_at: '2025-01-05T12:00:00.000Z',
    language: 'English',
    promo_video: 'https://www.youtube.com/watch?v=0sOvCWFmrtA',
    completed_total_lessons: 0,
    student_progress: 0,
    course_status: 'not enrolled',
    access: 'none',
    course_description: '<p>All about APIs.</p>',
    what_you_learn: ['Design REST endpoints', 'Secure them with tokens'],
    target_audience: ['Python developers'],
    rating_count: 212,
    sections: [
      {
        id: 1,
        uuid: 'section-1',
        title: 'Getting started',
        lessons: [
          lesson(1, 'Project setup', { enable_preview: true, video_source: 'https://youtu.be/rfscVS0vtbw', is_locked: false }),
          lesson(2, 'Serializers'),
        ],
        completed_lessons: 0,
        total_lessons: 2,
        total_section_video_playback: '24m',
      },
    ],
    instructor,
    ...overrides,
  };
}

function respond(status: number, body: unknown) {
  return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
}

function renderPage(path = '/courses/django-rest-framework') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/courses/:slug" element={<CourseDetailPage />} />
          <Route path="/course/:slug" element={<CourseDetailPage />} />
          <Route path="/checkout" element={<h1>Checkout page</h1>} />
          <Route path="/login" element={<h1>Login page</h1>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The course's projects (GET /courses/{slug}/projects/) are asked beside the course: none unless a test gives some. */
let projects: unknown[] = [];
function withProjects(answer: (input: RequestInfo | URL) => Promise<Response>) {
  return (input: RequestInfo | URL) => {
    const path = new URL(String(input)).pathname;
    if (path.endsWith('/projects/')) return respond(200, projects);
    // Its reviews (CourseReviews.test.tsx tests them).
    if (path.endsWith('/reviews/')) return respond(200, { count: 0, next: null, previous: null, results: [] });
    return answer(input);
  };
}

describe('CourseDetailPage', () => {
  let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

  beforeEach(() => {
    document.cookie = 'user_ip=203.0.113.9; path=/';
    projects = [];
    fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    document.cookie = 'user_ip=; Max-Age=0; path=/';
  });

  it('shows the course header, tabs and side card', async () => {
    fetchMock.mockImplementation(withProjects(() => respond(200, makeCourse())));
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Django REST Framework' })).toBeInTheDocument();
    expect(document.title).toBe('Django REST Framework | Course Details');
    // In the header and above the reviews.
    expect(screen.getAllByText('4.8/5.0')).toHaveLength(2);
    expect(screen.getByText('(212 ratings)')).toBeInTheDocument();
    expect(screen.getByText('1,520 students enrolled')).toBeInTheDocument();
    expect(screen.getByText('Last updated Jan 5, 2025')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: "What you'll learn" })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Design REST endpoints')).toBeInTheDocument();
    expect(screen.getByText('Included in membership')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /see membership plans/i })).toHaveAttribute('href', '/subscribe?scrollTo=plans');
    const includes = screen.getByRole('heading', { name: 'This course includes' }).nextElementSibling as HTMLElement;
    expect(within(includes).getByText('Lectures').parentElement).toHaveTextContent('Lectures2');
    expect(within(includes).getByText('Certificate').parentElement).toHaveTextContent('CertificateYes');
    const side = screen.getByRole('complementary', { name: 'Course summary' });
    expect(within(side).getByRole('link', { name: 'Ravi Sharma on Instagram' })).toHaveAttribute('href', instructor.instagram_link);
    expect(within(side).queryByRole('link', { name: 'Ravi Sharma on Facebook' })).not.toBeInTheDocument();
    const url = new URL(String(fetchMock.mock.calls[0]![0]));
    expect(url.pathname).toBe('/api/v1/courses/django-rest-framework/');
  });

  it("shows the course's projects: what each proves, who reviews it, and the call to action to its brief", async () => {
    projects = [{ id: 4, title: 'Build a Bookstore API', summary: 'Proves you can design and ship a REST API.', unlocked: false, brief: null, criteria: null }];
    fetchMock.mockImplementation(withProjects(() => respond(200, makeCourse())));
    renderPage();
    const block = await screen.findByRole('region', { name: 'Earn a pre-experience letter' });
    expect(within(block).getByRole('heading', { name: 'Project: Build a Bookstore API' })).toBeInTheDocument();
    expect(within(block).getByText('Proves you can design and ship a REST API.')).toBeInTheDocument();
    expect(within(block).getByText('Reviewed personally by the instructor')).toBeInTheDocument();
    expect(within(block).getByRole('link', { name: 'Get your letter: Build a Bookstore API' })).toHaveAttribute('href', '/projects/4');
  });

  it('shows no projects block for a course without one', async () => {
    fetchMock.mockImplementation(withProjects(() => respond(200, makeCourse())));
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Django REST Framework' });
    await waitFor(() => expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/projects/'))).toBe(true));
    expect(screen.queryByRole('region', { name: 'Earn a pre-experience letter' })).not.toBeInTheDocument();
  });

  it('opens the lesson preview in a static modal', async () => {
    fetchMock.mockImplementation(withProjects(() => respond(200, makeCourse())));
    renderPage();
    fireEvent.click(await screen.findByRole('tab', { name: 'Curriculum' }));
    expect(screen.getByRole('heading', { name: 'Course content' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Getting started/ })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Serializers')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Preview Serializers' })).not.toBeInTheDocument();
    // The lesson's title opens it (not only the small 'Preview' beside it), one control for a keyboard.
    expect(screen.getAllByRole('button', { name: 'Preview Project setup' })).toHaveLength(1);
    fireEvent.click(screen.getByText('Project setup'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Lesson Preview - Project setup' })).toBeInTheDocument();
    expect(within(dialog).getByTitle('Lesson Preview - Project setup')).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/rfscVS0vtbw?rel=0');
  });

  it('plays the intro video only when there is one', async () => {
    fetchMock.mockImplementation(withProjects(() => respond(200, makeCourse())));
    const { unmount } = renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /preview this course/i }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    unmount();

    fetchMock.mockImplementation(withProjects(() => respond(200, makeCourse({ promo_video: null }))));
    renderPage();
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: /preview this course/i })).not.toBeInTheDocument();
  });

  it('sends Add to cart to the checkout for a paid course', async () => {
    fetchMock.mockImplementation(
      withProjects((input) =>
        new URL(String(input)).pathname === '/api/v1/add-to-cart/'
          ? respond(200, { message: 'added_to_cart', cart_items_count: 1 })
          : respond(200, makeCourse()),
      ),
    );
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /add to cart/i }));
    fireEvent.click(await screen.findByRole('button', { name: /go to cart/i }));
    expect(await screen.findByRole('heading', { name: 'Checkout page' })).toBeInTheDocument();
  });

  it("shows a member 'Included in your membership' and the lessons, without a price, a cart button or the membership offer", async () => {
    fetchMock.mockImplementation(withProjects(() => respond(200, makeCourse({ access: 'membership' }))));
    renderPage();
    expect(await screen.findByText('Included in your membership')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start Course' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /add to cart/i })).not.toBeInTheDocument();
    expect(screen.queryByText('Included in membership')).not.toBeInTheDocument();
  });

  it('offers free enrolment (via login) for a free course', async () => {
    fetchMock.mockImplementation(() =>
      respond(200, makeCourse({ course_type: 'free', country_price: { amount: 0, regular_amount: 0, symbol: '$', country: 'US', currency: 'USD' } })),
    );
    renderPage('/course/django-rest-framework');
    expect(await screen.findByText('Free')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /add to cart/i })).not.toBeInTheDocument();
    expect(screen.queryByText('Included in membership')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Enroll Now' }));
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
  });

  it('shows a not-found block for an unknown course', async () => {
    fetchMock.mockImplementation(() => respond(404, { detail: 'Not found.' }));
    renderPage('/courses/nope');
    expect(await screen.findByRole('heading', { name: 'Course not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse all courses' })).toHaveAttribute('href', '/courses');
  });

  it('shows the failure message with a retry', { timeout: 10_000 }, async () => {
    fetchMock.mockImplementation(() => respond(500, { detail: 'boom' }));
    renderPage();
    // useCourse retries twice (1 s, then 2 s) before giving up on anything but a 404.
    expect(await screen.findByText('Failed to load course. Please try again.', {}, { timeout: 6000 })).toBeInTheDocument();
    fetchMock.mockImplementation(withProjects(() => respond(200, makeCourse())));
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Django REST Framework' })).toBeInTheDocument();
  });
});
