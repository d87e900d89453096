import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useParams } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CourseDetail } from '../../shared/catalog';
import { learningMessages } from '../../shared/learning-messages';
import { useCourse } from '../api/catalog';
import { makeCourse, respond } from '../pages/lesson/fixtures';
import { CourseActions } from './CourseActions';

type Handler = (url: URL, init?: RequestInit) => Promise<Response> | undefined;

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
let course: CourseDetail;

function serve(extra: Handler = () => undefined) {
  fetchMock.mockImplementation((input, init) => {
    const url = new URL(String(input));
    const answer = extra(url, init);
    if (answer) return answer;
    if (url.pathname === `/api/v1/courses/${course.slug}/`) return respond(200, course);
    if (url.pathname === `/api/v1/check-enrollment/${course.id}/`) return respond(200, { course_status: course.course_status });
    return respond(404, { detail: 'Not found.' });
  });
}

/** The card reads the course from the same query the page uses, so local updates show. */
function Card() {
  const { slug } = useParams();
  const { data } = useCourse(slug);
  return data ? <CourseActions course={data} purchase={<button type="button">Add to cart</button>} /> : <p>Loading</p>;
}

function renderCard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/courses/${course.slug}`]}>
        <Routes>
          <Route path="/courses/:slug" element={<Card />} />
          <Route path="/login" element={<h1>Login page</h1>} />
          <Route path="/lesson/:slug" element={<h1>Lesson page</h1>} />
        </Routes>
      </MemoryRouter>
      <ToastContainer />
    </QueryClientProvider>,
  );
}

/** A button once it may be pressed: a signed-in viewer's wait for the enrolment check to answer. */
async function enabledButton(name: string | RegExp): Promise<HTMLElement> {
  const button = await screen.findByRole('button', { name });
  await waitFor(() => expect(button).toBeEnabled());
  return button;
}

const signIn = () => window.localStorage.setItem('accessToken', 'token');
const posts = (path: string) => fetchMock.mock.calls.filter(([input, init]) => init?.method === 'POST' && new URL(String(input)).pathname === path);

describe('CourseActions', () => {
  beforeEach(() => {
    document.cookie = 'user_ip=203.0.113.9; path=/';
    fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    document.cookie = 'user_ip=; Max-Age=0; path=/';
  });

  it("shows a member 'Included in your membership' and the lessons instead of a price and a cart button", async () => {
    signIn();
    course = makeCourse({
      course_status: 'not enrolled',
      access: 'membership',
      course_type: 'paid',
      country_price: { amount: 49, regular_amount: 99, symbol: '$', country: 'US', currency: 'USD' },
    });
    serve();
    renderCard();
    expect(await screen.findByText('Included in your membership')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start Course' })).toHaveAttribute('href', `/lesson/${course.slug}/`);
    expect(screen.queryByRole('button', { name: 'Add to cart' })).not.toBeInTheDocument();
    expect(screen.queryByText(course.country_price.symbol, { exact: false })).not.toBeInTheDocument();
  });

  it('offers the course again, with the progress kept, once a membership that opened it has ended', async () => {
    signIn();
    course = makeCourse({ course_status: 'in_progress', access: 'none', course_type: 'paid', completed_total_lessons: 2, student_progress: 25 });
    serve();
    renderCard();
    expect(await screen.findByTestId('course-progress')).toHaveTextContent('25%');
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Continue Course/ })).not.toBeInTheDocument();
  });

  it('sends a visitor who wants a free course to /login', async () => {
    course = makeCourse({ course_status: 'not enrolled' });
    serve();
    renderCard();
    expect(await screen.findByText('Free')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Enroll Now' }));
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
    expect(posts(`/api/v1/free-enroll/${course.id}/`)).toHaveLength(0);
  });

  it('enrols a signed-in student in a free course and says so', async () => {
    signIn();
    course = makeCourse({ course_status: 'not enrolled' });
    serve((url, init) => {
      if (init?.method === 'POST' && url.pathname === `/api/v1/free-enroll/${course.id}/`) {
        course = { ...course, course_status: 'enrolled' };
        return respond(200, { success: true, message: 'Successfully enrolled in the course!', course_status: 'enrolled' });
      }
      return undefined;
    });
    renderCard();
    fireEvent.click(await enabledButton('Enroll Now'));
    expect(await screen.findByText('Successfully enrolled in the course!')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Start Course/ })).toHaveAttribute('href', '/lesson/python-foundations/');
    expect(posts(`/api/v1/free-enroll/${course.id}/`)).toHaveLength(1);
  });

  it("keeps a signed-in viewer's buttons disabled until the enrolment check answers (the page was rendered signed out)", async () => {
    signIn();
    course = makeCourse({ course_status: 'not enrolled' });
    let answer: (response: Promise<Response>) => void = () => undefined;
    serve((url) => (url.pathname === `/api/v1/check-enrollment/${course.id}/` ? new Promise<Response>((resolve) => (answer = resolve)) : undefined));
    renderCard();
    const button = await screen.findByRole('button', { name: 'Enroll Now' });
    expect(button).toBeDisabled();
    answer(respond(200, { course_status: 'not enrolled' }));
    await waitFor(() => expect(button).toBeEnabled());
  });

  it('alerts the server error, or Enrollment failed, when enrolment fails', async () => {
    signIn();
    course = makeCourse({ course_status: 'not enrolled' });
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    let reply = respond(400, { error: 'This course is not free. Add it to your cart to buy it.' });
    serve((url, init) => (init?.method === 'POST' && url.pathname.startsWith('/api/v1/free-enroll/') ? reply : undefined));
    renderCard();
    fireEvent.click(await enabledButton('Enroll Now'));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('This course is not free. Add it to your cart to buy it.'));

    reply = respond(500, undefined);
    fireEvent.click(await enabledButton('Enroll Now'));
    await waitFor(() => expect(alert).toHaveBeenLastCalledWith('Enrollment failed'));
  });

  it('shows Start Course for an enrolled learner with nothing done, and the progress block instead of the price', async () => {
    signIn();
    course = makeCourse({ course_status: 'enrolled', completed_total_lessons: 0, student_progress: 0 });
    serve();
    renderCard();
    expect(await screen.findByRole('link', { name: /Start Course/ })).toHaveAttribute('href', '/lesson/python-foundations/');
    expect(screen.getByRole('button', { name: /Complete Course/ })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Course progress' })).toHaveAttribute('aria-valuenow', '0');
    expect(screen.queryByText('Free')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Restart Course/ })).not.toBeInTheDocument();
  });

  it('shows Continue Course once started (enrolled with progress, or in progress), with the rounded percent', async () => {
    signIn();
    course = makeCourse({ course_status: 'enrolled', completed_total_lessons: 1, student_progress: 33.4 });
    serve();
    const { unmount } = renderCard();
    expect(await screen.findByRole('link', { name: /Continue Course/ })).toBeInTheDocument();
    expect(screen.getByText('33%')).toBeInTheDocument();
    expect(screen.getByText('1 of 4 lessons completed')).toBeInTheDocument();
    unmount();

    course = makeCourse({ course_status: 'in_progress', completed_total_lessons: 0, student_progress: 0 });
    serve();
    renderCard();
    expect(await screen.findByRole('link', { name: /Continue Course/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Complete Course/ })).toBeInTheDocument();
  });

  it('Complete Course before every lesson is done shows how far the learner is, and nothing changes', async () => {
    signIn();
    course = makeCourse({ course_status: 'in_progress', completed_total_lessons: 2, student_progress: 50 });
    const detail = learningMessages.finishEveryLesson(2, 4);
    serve((url, init) =>
      init?.method === 'POST' && url.pathname === '/api/v1/course-complete/python-foundations/7/'
        ? respond(409, { detail, completed_total_lessons: 2, total_lessons: 4 })
        : undefined,
    );
    renderCard();
    fireEvent.click(await enabledButton(/Complete Course/));
    expect(await screen.findByRole('alert')).toHaveTextContent(detail);
    expect(screen.getByText('50%')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Continue Course/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Restart Course/ })).not.toBeInTheDocument();
  });

  it('Complete Course posts course-complete and then offers Restart Course', async () => {
    signIn();
    course = makeCourse({ course_status: 'in_progress', completed_total_lessons: 4, student_progress: 100 });
    serve((url, init) => {
      if (init?.method === 'POST' && url.pathname === '/api/v1/course-complete/python-foundations/7/') {
        course = { ...course, course_status: 'completed', student_progress: 100, completed_total_lessons: 4 };
        return respond(200, { course_status: 'completed', total_lessons: 4, completed_total_lessons: 4, student_progress: 100, certificate_id: 'LEC-1' });
      }
      return undefined;
    });
    renderCard();
    fireEvent.click(await enabledButton(/Complete Course/));
    expect(await screen.findByRole('button', { name: /Restart Course/ })).toBeInTheDocument();
    expect(screen.getByText('100%')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Continue Course/ })).not.toBeInTheDocument();
  });

  it('Restart Course resets progress locally after HTTP 200, and ignores a failure', async () => {
    signIn();
    course = makeCourse({ course_status: 'completed', completed_total_lessons: 4, student_progress: 100 });
    let status = 500;
    serve((url, init) =>
      init?.method === 'POST' && url.pathname === '/api/v1/course-restart/python-foundations/7/'
        ? respond(status, status === 200 ? { course_status: 'in_progress' } : { detail: 'boom' })
        : undefined,
    );
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    renderCard();
    fireEvent.click(await enabledButton(/Restart Course/));
    await waitFor(() => expect(posts('/api/v1/course-restart/python-foundations/7/')).toHaveLength(1));
    expect(await screen.findByRole('button', { name: /Restart Course/ })).toBeEnabled();
    expect(alert).not.toHaveBeenCalled();
    expect(screen.getByText('100%')).toBeInTheDocument();

    status = 200;
    fireEvent.click(screen.getByRole('button', { name: /Restart Course/ }));
    expect(await screen.findByRole('link', { name: /Continue Course/ })).toBeInTheDocument();
    expect(screen.getByText('0%')).toBeInTheDocument();
    expect(screen.getByText('0 of 4 lessons completed')).toBeInTheDocument();
  });

  it('shows the price and the purchase control for a paid course the viewer does not own', async () => {
    signIn();
    course = makeCourse({
      course_type: 'paid',
      course_status: 'not enrolled',
      country_price: { amount: 49, regular_amount: 99, symbol: '$', country: 'US', currency: 'USD' },
    });
    serve();
    renderCard();
    expect(await screen.findByRole('button', { name: 'Add to cart' })).toBeInTheDocument();
    expect(screen.getByText('51% off')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enroll Now' })).not.toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });
});
