import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CourseDetail } from '../../../shared/catalog';
import { makeCourse, respond } from './fixtures';
import LessonPage from './LessonPage';

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
let course: CourseDetail;
let completeStatus = 200;
let completeDetail = 'no';

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname}</output>;
}

function serve() {
  fetchMock.mockImplementation((input, init) => {
    const url = new URL(String(input));
    if (url.pathname === `/api/v1/courses/${course.slug}/`) return respond(200, course);
    if (url.pathname === '/api/v1/complete-lesson/' && init?.method === 'POST') {
      const { lesson_uuid, completed_status = true } = JSON.parse(String(init.body)) as { lesson_uuid: string; completed_status?: boolean };
      return respond(
        completeStatus,
        completeStatus === 200
          ? {
              lesson_uuid,
              completed_status,
              course_status: 'in_progress',
              total_lessons: 4,
              completed_total_lessons: 0,
              student_progress: 0,
              certificate_id: null,
            }
          : { detail: completeDetail },
      );
    }
    return respond(404, { detail: 'Not found.' });
  });
}

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/lesson/:slug" element={<LessonPage />} />
          <Route path="/lesson/:slug/:sectionId/:lessonId" element={<LessonPage />} />
        </Routes>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const completions = () =>
  fetchMock.mock.calls.filter(([input, init]) => init?.method === 'POST' && new URL(String(input)).pathname === '/api/v1/complete-lesson/');
const lessonButton = (name: RegExp | string) => screen.getByRole('button', { name });
const progressToggle = () => screen.getByRole('button', { name: /^Your progress:/ });

/** What YouTube's player posts when a video ends, from the player's frame. */
function endVideo() {
  const frame = document.querySelector('iframe')!;
  const provider = frame.dataset.provider;
  act(() => {
    window.dispatchEvent(
      new MessageEvent('message', {
        data: JSON.stringify(provider === 'vimeo' ? { event: 'ended' } : { event: 'onStateChange', info: 0 }),
        origin: provider === 'vimeo' ? 'https://player.vimeo.com' : 'https://www.youtube-nocookie.com',
        source: frame.contentWindow,
      }),
    );
  });
}

describe('LessonPage', () => {
  beforeEach(() => {
    document.cookie = 'user_ip=203.0.113.9; path=/';
    fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    completeStatus = 200;
    completeDetail = 'no';
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    document.cookie = 'user_ip=; Max-Age=0; path=/';
  });

  it('shows the header, the first lesson and the course content with Title Case lesson labels', async () => {
    window.localStorage.setItem('accessToken', 'token');
    course = makeCourse({ course_status: 'in_progress', completed_total_lessons: 1 });
    course.sections[0]!.lessons[0]!.completed_status = true;
    course.sections[0]!.completed_lessons = 1;
    serve();
    renderAt('/lesson/python-foundations/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Python Foundations' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Lectern home' })).toHaveAttribute('href', '/dashboard/');
    expect(screen.getByRole('heading', { level: 2, name: 'Lesson 1: Welcome and How This Course Works' })).toBeInTheDocument();
    expect(screen.getByTitle('Lesson 1: Welcome and How This Course Works')).toHaveAttribute('src', expect.stringContaining('enablejsapi=1'));

    // Sections: 'Section N: title', completed/total, total time; the active lesson's section is open.
    expect(screen.getByRole('button', { name: /Section 1: Getting started/ })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: /Section 2: Control flow/ })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByLabelText('1 of 2 lessons completed')).toHaveTextContent('1/2');
    expect(screen.getByRole('checkbox', { name: 'Lesson 1: Welcome and How This Course Works completed' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Lesson 2: .* completed/ })).not.toBeChecked();
    expect(within(lessonButton(/^Lesson 1:/)).getByText('Free Preview')).toBeInTheDocument();
    expect(within(lessonButton(/^Lesson 1:/)).getByText('12:05')).toBeInTheDocument();

    // Resources → Download File.
    fireEvent.click(screen.getByRole('button', { name: /Section 2/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Resources for Lesson 3: Making Decisions with If, Elif and Else' }));
    const download = (await screen.findByText('Download File')).closest('a');
    expect(download).toHaveAttribute('href', '/api/v1/resources/1/download/?expires=1&signature=x');
    expect(download).toHaveAttribute('download');

    // The progress menu.
    expect(progressToggle()).toHaveAccessibleName('Your progress: 1 of 4 lessons complete');
    fireEvent.click(progressToggle());
    expect(await screen.findByText('1 of 4 complete.')).toBeInTheDocument();
    expect(screen.getByText('Finish course to get your certificate')).toBeInTheDocument();
  });

  it("shows a dripped lesson as 'Available on {date}' with no way to buy it, and never completes it", async () => {
    course = makeCourse({ course_status: 'in_progress', access: 'enrolled' });
    const dripped = course.sections[0]!.lessons[1]!;
    Object.assign(dripped, { is_locked: true, video_source: null, lesson_content: null, upload_resource: null, available_at: '2030-03-05T10:00:00.000Z' });
    serve();
    renderAt('/lesson/python-foundations/');
    await screen.findByTitle('Lesson 1: Welcome and How This Course Works');
    expect(within(lessonButton(/^Lesson 2:/)).getByText('Available on Mar 5, 2030')).toBeInTheDocument();
    expect(within(lessonButton(/^Lesson 2:/)).queryByText('Premium')).not.toBeInTheDocument();

    fireEvent.click(lessonButton(/^Lesson 2:/));
    const panel = await screen.findByTestId('dripped-panel');
    expect(within(panel).getByRole('heading', { name: 'Available on Mar 5, 2030' })).toBeInTheDocument();
    expect(within(panel).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByTestId('locked-panel')).not.toBeInTheDocument();
    expect(document.querySelector('iframe')).toBeNull();
    expect(completions()).toHaveLength(0);
  });

  it('shows the locked panel for a premium lesson and stops the video, without changing the address', async () => {
    course = makeCourse({ course_status: 'not enrolled', access: 'none' });
    for (const section of course.sections)
      for (const lesson of section.lessons)
        if (!lesson.enable_preview) Object.assign(lesson, { is_locked: true, video_source: null, lesson_content: null, upload_resource: null });
    serve();
    renderAt('/lesson/python-foundations/');
    await screen.findByTitle('Lesson 1: Welcome and How This Course Works');
    expect(screen.queryByRole('button', { name: /^Your progress/ })).not.toBeInTheDocument();
    expect(within(lessonButton(/^Lesson 2:/)).getByText('Premium')).toBeInTheDocument();
    expect(within(lessonButton(/^Lesson 1:/)).queryByText('Premium')).not.toBeInTheDocument();

    fireEvent.click(lessonButton(/^Lesson 2:/));
    const panel = await screen.findByTestId('locked-panel');
    expect(within(panel).getByRole('heading', { name: 'Premium Video Locked' })).toBeInTheDocument();
    expect(within(panel).getByText(/exclusive to members/)).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: "you'll need to login" })).toHaveAttribute('href', '/login');
    expect(within(panel).getByRole('link', { name: /membership plans/ })).toHaveAttribute('href', '/subscribe?scrollTo=plans');
    expect(document.querySelector('iframe')).toBeNull();
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/lesson\/python-foundations\/$/);
    expect(completions()).toHaveLength(0);

    // Back to the preview lesson: the player returns and the address follows.
    fireEvent.click(lessonButton(/^Lesson 1:/));
    expect(await screen.findByTitle('Lesson 1: Welcome and How This Course Works')).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent(`/lesson/python-foundations/section-1/${course.sections[0]!.lessons[0]!.uuid}/`);
  });

  it("offers the course's own way in: 'Buy this course' and 'Add to cart' for a paid course, 'Enrol for free' for a free one, plus the membership", async () => {
    course = makeCourse({ course_status: 'not enrolled', access: 'none', course_type: 'paid' });
    Object.assign(course.sections[0]!.lessons[1]!, { is_locked: true, lesson_content: null });
    serve();
    const view = renderAt('/lesson/python-foundations/section-1/2/');
    let panel = await screen.findByTestId('locked-panel');
    expect(within(panel).getByRole('button', { name: /^Buy this course/ })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Add to cart' })).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Enrol for free' })).not.toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'See membership plans' })).toHaveAttribute('href', '/subscribe?scrollTo=plans');
    view.unmount();

    course = makeCourse({ course_status: 'not enrolled', access: 'none', course_type: 'free' });
    Object.assign(course.sections[0]!.lessons[1]!, { is_locked: true, lesson_content: null });
    serve();
    renderAt('/lesson/python-foundations/section-1/2/');
    panel = await screen.findByTestId('locked-panel');
    expect(within(panel).getByRole('button', { name: 'Enrol for free' })).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: /Buy this course|Add to cart/ })).not.toBeInTheDocument();
  });

  it('hides the login link from a signed-in viewer who is not enrolled', async () => {
    window.localStorage.setItem('accessToken', 'token');
    course = makeCourse({ course_status: 'not enrolled', access: 'none' });
    Object.assign(course.sections[0]!.lessons[1]!, { is_locked: true, lesson_content: null });
    serve();
    renderAt('/lesson/python-foundations/section-1/2/');
    const panel = await screen.findByTestId('locked-panel');
    expect(within(panel).queryByRole('link', { name: "you'll need to login" })).not.toBeInTheDocument();
  });

  it('opens the lesson named by numeric ids, and replaces the address with uuids when another lesson is clicked', async () => {
    window.localStorage.setItem('accessToken', 'token');
    course = makeCourse({ course_status: 'in_progress' });
    serve();
    renderAt('/lesson/python-foundations/2/4');
    const frame = await screen.findByTitle('Lesson 4: While Loops and When to Use Them');
    expect(frame.getAttribute('src')).toMatch(/^https:\/\/player\.vimeo\.com\/video\/76979871\?.*api=1/);
    expect(screen.getByRole('button', { name: /Section 2: Control flow/ })).toHaveAttribute('aria-expanded', 'true');
    expect(lessonButton(/^Lesson 4:/)).toHaveAttribute('aria-current', 'true');

    fireEvent.click(lessonButton(/^Lesson 3:/));
    expect(await screen.findByTitle('Lesson 3: Making Decisions with If, Elif and Else')).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent(`/lesson/python-foundations/section-2/${course.sections[1]!.lessons[0]!.uuid}/`);
    expect(lessonButton(/^Lesson 3:/)).toHaveAttribute('aria-current', 'true');
  });

  it('brings the stage back into view when a lesson is picked from the list below it (a phone), and not when the stage is in view', async () => {
    window.localStorage.setItem('accessToken', 'token');
    course = makeCourse({ course_status: 'in_progress' });
    serve();
    renderAt('/lesson/python-foundations/2/4');
    await screen.findByTitle('Lesson 4: While Loops and When to Use Them');
    const stage = document.querySelector<HTMLElement>('.lesson-stage')!;
    const scrolled = vi.fn();
    stage.scrollIntoView = scrolled;
    const stageTop = vi.spyOn(stage, 'getBoundingClientRect');

    stageTop.mockReturnValue(new DOMRect(0, 120, 375, 400));
    fireEvent.click(lessonButton(/^Lesson 3:/));
    expect(await screen.findByTitle('Lesson 3: Making Decisions with If, Elif and Else')).toBeInTheDocument();
    expect(scrolled).not.toHaveBeenCalled();

    // Scrolled down to the list: the stage's top is above the window.
    stageTop.mockReturnValue(new DOMRect(0, -900, 375, 400));
    fireEvent.click(lessonButton(/^Lesson 4:/));
    expect(await screen.findByTitle('Lesson 4: While Loops and When to Use Them')).toBeInTheDocument();
    expect(scrolled).toHaveBeenCalledWith({ block: 'start' });
  });

  it('completes an article when it opens, for an enrolled learner', async () => {
    window.localStorage.setItem('accessToken', 'token');
    course = makeCourse({ course_status: 'enrolled' });
    serve();
    renderAt('/lesson/python-foundations/');
    fireEvent.click(await screen.findByRole('button', { name: /^Lesson 2:/ }));
    expect(await screen.findByRole('heading', { name: 'Lesson Overview' })).toBeInTheDocument();
    expect(screen.getByText('venv').tagName).toBe('CODE');
    await waitFor(() => expect(progressToggle()).toHaveAccessibleName('Your progress: 1 of 4 lessons complete'));
    expect(completions()).toHaveLength(1);
    expect(JSON.parse(String(completions()[0]![1]!.body))).toEqual({ lesson_uuid: course.sections[0]!.lessons[1]!.uuid });
    expect(screen.getByRole('checkbox', { name: /Lesson 2: .* completed/ })).toBeChecked();
    expect(screen.getByLabelText('1 of 2 lessons completed')).toBeInTheDocument();
  });

  it('counts a finished video once: the completed total grows only if the lesson was not completed before', async () => {
    window.localStorage.setItem('accessToken', 'token');
    course = makeCourse({ course_status: 'in_progress', completed_total_lessons: 1 });
    course.sections[0]!.lessons[0]!.completed_status = true;
    course.sections[0]!.completed_lessons = 1;
    serve();
    renderAt('/lesson/python-foundations/');
    await screen.findByTitle('Lesson 1: Welcome and How This Course Works');

    // Lesson 1 was already completed: the call is made, the total stays.
    endVideo();
    await waitFor(() => expect(completions()).toHaveLength(1));
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(progressToggle()).toHaveAccessibleName('Your progress: 1 of 4 lessons complete');

    // Lesson 4 (Vimeo) is new: the total grows by one, its section recounts; a second 'ended' changes nothing.
    fireEvent.click(screen.getByRole('button', { name: /Section 2/ }));
    fireEvent.click(lessonButton(/^Lesson 4:/));
    await screen.findByTitle('Lesson 4: While Loops and When to Use Them');
    endVideo();
    await waitFor(() => expect(progressToggle()).toHaveAccessibleName('Your progress: 2 of 4 lessons complete'));
    expect(screen.getAllByLabelText('1 of 2 lessons completed')).toHaveLength(2);
    expect(screen.getByRole('checkbox', { name: /Lesson 4: .* completed/ })).toBeChecked();
    endVideo();
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(progressToggle()).toHaveAccessibleName('Your progress: 2 of 4 lessons complete');
  });

  it('lets a learner mark any lesson completed and not completed by hand, with its checkbox', async () => {
    window.localStorage.setItem('accessToken', 'token');
    course = makeCourse({ course_status: 'in_progress' });
    serve();
    renderAt('/lesson/python-foundations/');
    await screen.findByTitle('Lesson 1: Welcome and How This Course Works');
    fireEvent.click(screen.getByRole('button', { name: /Section 2/ }));
    const video = () => screen.getByRole('checkbox', { name: 'Lesson 3: Making Decisions with If, Elif and Else completed' });
    expect(video()).toBeEnabled();
    expect(video()).not.toBeChecked();

    // The box answers the click at once (the course's cache, and the progress with it, follows a moment later).
    fireEvent.click(video());
    expect(video()).toBeChecked();
    await waitFor(() => expect(progressToggle()).toHaveAccessibleName('Your progress: 1 of 4 lessons complete'));
    expect(video()).toBeChecked();
    expect(JSON.parse(String(completions()[0]![1]!.body))).toEqual({ lesson_uuid: course.sections[1]!.lessons[0]!.uuid });

    fireEvent.click(video());
    expect(video()).not.toBeChecked();
    await waitFor(() => expect(progressToggle()).toHaveAccessibleName('Your progress: 0 of 4 lessons complete'));
    expect(video()).not.toBeChecked();
    expect(JSON.parse(String(completions()[1]![1]!.body))).toEqual({ lesson_uuid: course.sections[1]!.lessons[0]!.uuid, completed_status: false });
    expect(screen.getAllByLabelText('0 of 2 lessons completed')).toHaveLength(2);
  });

  it('says why when the server refuses a box ticked by hand (a quiz not passed yet: 409), instead of unticking it in silence', async () => {
    window.localStorage.setItem('accessToken', 'token');
    course = makeCourse({ course_status: 'in_progress' });
    Object.assign(course.sections[1]!.lessons[0]!, { lesson_type: 'quiz', video_source: null, quiz: null });
    completeStatus = 409;
    completeDetail = 'Pass the quiz to complete this lesson.';
    serve();
    renderAt('/lesson/python-foundations/');
    await screen.findByTitle('Lesson 1: Welcome and How This Course Works');
    fireEvent.click(screen.getByRole('button', { name: /Section 2/ }));
    const quiz = () => screen.getByRole('checkbox', { name: /^Lesson 3: .* completed$/ });
    fireEvent.click(quiz());
    await waitFor(() => expect(completions()).toHaveLength(1));
    await waitFor(() => expect(quiz()).not.toBeChecked());
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('Pass the quiz to complete this lesson.');
    expect(quiz()).toHaveAccessibleDescription('Pass the quiz to complete this lesson.');
    expect(progressToggle()).toHaveAccessibleName('Your progress: 0 of 4 lessons complete');

    // The next tick that the server takes clears it.
    completeStatus = 200;
    fireEvent.click(screen.getByRole('checkbox', { name: /^Lesson 4: .* completed$/ }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it("keeps a visitor's checkboxes read-only", async () => {
    course = makeCourse({ course_status: 'not enrolled', access: 'none' });
    serve();
    renderAt('/lesson/python-foundations/');
    await screen.findByTitle('Lesson 1: Welcome and How This Course Works');
    const box = screen.getByRole('checkbox', { name: /Lesson 1: .* completed/ });
    expect(box).toBeDisabled();
    fireEvent.click(box);
    expect(completions()).toHaveLength(0);
  });

  it('ignores messages that do not come from the player, and completion failures', async () => {
    window.localStorage.setItem('accessToken', 'token');
    course = makeCourse({ course_status: 'enrolled' });
    completeStatus = 403;
    serve();
    renderAt('/lesson/python-foundations/');
    await screen.findByTitle('Lesson 1: Welcome and How This Course Works');
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { data: JSON.stringify({ event: 'onStateChange', info: 0 }), origin: 'https://evil.example' }));
    });
    expect(completions()).toHaveLength(0);
    endVideo();
    await waitFor(() => expect(completions()).toHaveLength(1));
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(progressToggle()).toHaveAccessibleName('Your progress: 0 of 4 lessons complete');
  });

  it('does not post completion for a visitor watching a preview', async () => {
    course = makeCourse({ course_status: 'not enrolled', access: 'none' });
    serve();
    renderAt('/lesson/python-foundations/');
    await screen.findByTitle('Lesson 1: Welcome and How This Course Works');
    endVideo();
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(completions()).toHaveLength(0);
  });

  it('says so when a lesson video is not on YouTube or Vimeo', async () => {
    course = makeCourse({ course_status: 'enrolled' });
    course.sections[0]!.lessons[0]!.video_source = 'https://example.com/video.mp4';
    serve();
    renderAt('/lesson/python-foundations/');
    expect(await screen.findByText('This video cannot be played here.')).toBeInTheDocument();
    expect(document.querySelector('iframe')).toBeNull();
  });
});
