/**
 * People and data the page checks need, made the way users make them: a verified student signs in
 * with the login form and buys a course with the 100% coupon at the checkout; an admin is created
 * through the admin CLI's socket on the test server (as `npm run admin -- create-user --admin`).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { sendAdminCommand } from '../src/server/modules/admin/index';
import { baseUrl, openPage, type StorageState } from './browser';
import type { Audience } from './pages';

export interface CourseRef {
  id: number;
  slug: string;
  title: string;
}

export interface Fixtures {
  /** A paid course; the student owns it (bought in `order`). */
  paidCourse: CourseRef;
  /** Another paid course, which nobody owns. */
  otherPaidCourse: CourseRef;
  /** The demo's published bundle (two paid courses the student does not own). */
  bundle: CourseRef;
  order: { number: string; courseSlug: string };
  /** The instructor's answer to the student's question on the course they bought. */
  answer: string;
  /** The student's account id (for the studio's student page). */
  studentId: number;
  /** A monthly membership another student bought in the Stripe sandbox, and the newest provider event it sent. */
  membershipId: number;
  paymentEventId: number;
  /**
   * Projects on the paid course the student owns, each handed in by the student: one waiting for a review
   * (`openSubmissionId`), one with changes requested, one approved, whose letter is `letterId`.
   */
  projects: { projectId: number; openSubmissionId: number; letterId: string; rejectedProjectId: number };
  /**
   * A free course with a drip schedule, the student enrolled today: its second lesson opens 7 days
   * after that ('Day 7'), its second section on a date a month ahead.
   */
  dripped: CourseRef & { lessonTitle: string; sectionTitle: string };
  /**
   * Studio → Emails: an email sent to the students of the paid course (`sentId`, the student got it), a
   * draft (`draftId`), and the preferences page's path from the student's copy (its signed token).
   */
  emails: { sentId: number; draftId: number; preferencesPath: string };
  /** Browser storage of a signed-in user, per audience ('visitor' is empty). */
  storage: Record<Audience, StorageState>;
  /** The email each signed-in audience signs in with (for another session of the same user: `sessionOf`). */
  accounts: Record<Exclude<Audience, 'visitor'>, string>;
}

export type { StorageState };

const accessTokenOf = (storage: StorageState) => storage.origins.flatMap((origin) => origin.localStorage).find((item) => item.name === 'accessToken')?.value;

/** The context's storage if it is still signed in (its tokens may have been refreshed), else what it opened with. */
export async function keptSignedIn(context: BrowserContext, opened: StorageState): Promise<StorageState> {
  const now = await context.storageState();
  return accessTokenOf(now) ? now : opened;
}

export const password = 'Str0ng!Passw0rd';
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function mailboxLink(to: string, pattern: RegExp): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const { messages } = (await (await fetch(`${baseUrl()}/api/v1/dev/mailbox/`)).json()) as { messages: { to: string; text: string }[] };
    const link = messages.find((m) => m.to.includes(to))?.text.match(pattern)?.[0];
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`No email to ${to} with a link matching ${pattern}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** A student registered through the API and activated through the link in the dev mailbox; returns the email. */
export async function createStudent(fullName: string): Promise<string> {
  const email = `student-${unique()}@example.com`;
  const registered = await fetch(`${baseUrl()}/api/v1/register/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ full_name: fullName, email, password }),
  });
  expect(registered.status).toBeLessThan(300);
  const verified = await fetch(await mailboxLink(email, /https?:\/\/\S+\/verify-email\/\S+/), { redirect: 'manual' });
  expect(verified.status).toBeLessThan(400);
  return email;
}

/** A verified admin, created through the running server's admin socket; returns the email. */
export async function createAdmin(fullName: string): Promise<string> {
  const email = `admin-${unique()}@example.com`;
  const result = await sendAdminCommand(inject('dataDir'), { command: 'create-user', email, name: fullName, password, admin: true, verified: true });
  expect(result.exitCode, result.output).toBe(0);
  return email;
}

/** A verified reviewer (may review projects in the studio and nothing else), made like an admin; returns the email. */
export async function createReviewer(fullName: string): Promise<string> {
  const email = `reviewer-${unique()}@example.com`;
  const result = await sendAdminCommand(inject('dataDir'), {
    command: 'create-user',
    email,
    name: fullName,
    password,
    admin: false,
    role: 'reviewer',
    verified: true,
  });
  expect(result.exitCode, result.output).toBe(0);
  return email;
}

/** Signs in with the login form. */
export async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((url) => url.pathname !== '/login' && url.pathname !== '/login/');
}

/** A new session of the user (signed in with the login form in a browser of its own): its browser storage. */
export async function sessionOf(browser: Browser, email: string): Promise<StorageState> {
  const { context, page } = await openPage(browser);
  try {
    await signIn(page, email);
    return await context.storageState();
  } finally {
    await context.close();
  }
}

/** Waits for a condition (fixtures are made outside a test, where expect.poll is not available). */
async function until(condition: () => Promise<boolean>, timeout = 10_000) {
  const deadline = Date.now() + timeout;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeout} ms waiting for ${condition.toString()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Fills the checkout's billing fields the signed-in user's profile left empty. */
async function completeBilling(page: Page) {
  const fill = async (label: string, value: string) => {
    const field = page.getByLabel(label, { exact: true });
    if (!(await field.inputValue())) await field.fill(value);
  };
  await fill('Full name', 'Asha Verma');
  await fill('Phone number', '+1 415 555 0100');
  await fill('Address', '1 Market Street');
  await until(async () => (await page.getByLabel('Country').inputValue()) !== '');
  const state = page.getByLabel('State / Province');
  await until(async () => (await state.locator('option').count()) > 2);
  if (!(await state.inputValue())) await state.selectOption({ index: 2 });
  await fill('City', 'Springfield');
  await fill('PIN / Postal code', '94105');
}

/** Buys the course with the 100% coupon FREECOURSE at the checkout; returns the order number. */
async function buyWithFreeCoupon(page: Page, course: CourseRef): Promise<string> {
  await page.goto(`/courses/${course.slug}`);
  await page.getByRole('button', { name: 'Add to cart' }).first().click();
  await page.getByRole('button', { name: 'Go to cart' }).first().click();
  await page.waitForURL(/\/checkout\/?$/);
  await page.getByRole('main').getByRole('link', { name: course.title }).waitFor();
  await page.getByLabel('Coupon code').fill('FREECOURSE');
  await page.getByRole('button', { name: 'Apply' }).click();
  await page.getByRole('button', { name: 'Remove', exact: true }).waitFor();
  await completeBilling(page);
  await page.getByRole('button', { name: 'Enroll Now' }).click();
  await page.waitForURL(/\/order\/success\/\?order_no=/);
  await page.getByRole('heading', { name: 'Congratulations' }).waitFor();
  return new URL(page.url()).searchParams.get('order_no')!;
}

/** A signed-in user's API call with the access token the app keeps in localStorage (a GET without a body). */
export async function apiAs(storage: StorageState, path: string, body?: unknown): Promise<unknown> {
  const token = accessTokenOf(storage);
  if (!token) throw new Error('No access token in the signed-in storage');
  const method = body === undefined ? 'GET' : 'POST';
  const response = await fetch(`${baseUrl()}/api/v1${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), Authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** A second student subscribes monthly through the Stripe sandbox (its checkout page's Pay); returns their email. */
async function subscribeInSandbox(browser: Browser): Promise<string> {
  const member = await openPage(browser);
  const email = await createStudent('meera iyer');
  await signIn(member.page, email);
  const storage = await member.context.storageState();
  await member.context.close();
  const plans = (await (await fetch(`${baseUrl()}/api/v1/membership-plan/`)).json()) as { id: number; plan_type: string }[];
  const monthly = plans.find((plan) => plan.plan_type === 'monthly');
  if (!monthly) throw new Error('No monthly plan in the demo catalog');
  const started = (await apiAs(storage, '/membership-subscription-api/', { plan_id: monthly.id, payment_method: 'stripe' })) as { checkout_url: string };
  const paid = await fetch(`${new URL(started.checkout_url, baseUrl()).toString()}/pay`, { method: 'POST', redirect: 'manual' });
  expect(paid.status).toBe(303);
  return email;
}

/** The ids the studio's pages need, read through the admin API: the student's, the member's membership and its newest provider event. */
async function studioIds(admin: StorageState, studentEmail: string, memberEmail: string) {
  const first = async <T>(path: string): Promise<T> => {
    let found: T | undefined;
    await until(async () => {
      found = ((await apiAs(admin, path)) as { results: T[] }).results[0];
      return found !== undefined;
    });
    return found!;
  };
  const student = await first<{ id: number }>(`/admin/students/?search=${encodeURIComponent(studentEmail)}`);
  const membership = await first<{ id: number }>(`/admin/members/?state=active&search=${encodeURIComponent(memberEmail)}`);
  const event = await first<{ id: number }>('/admin/payment-events/?provider=stripe&page_size=1');
  return { studentId: student.id, membershipId: membership.id, paymentEventId: event.id };
}

/** The student asks a question on the course; the instructor answers it. Returns the answer. */
async function askAndAnswer(courseId: number, student: StorageState, admin: StorageState): Promise<string> {
  const question = (await apiAs(student, '/questions/', {
    course_id: courseId,
    title: 'When should I use a dataclass?',
    body: 'Is a dataclass better than a plain class for small value objects?',
  })) as { id: number };
  const answer = 'Use a dataclass when the class mostly holds data.';
  await apiAs(admin, `/admin/questions/${question.id}/answers/`, { body: answer });
  return answer;
}

/** Four projects on the course, handed in by the student: one left waiting, one sent back with changes requested, one approved (its letter), one not approved (the student may start again). */
async function projectsFor(courseId: number, student: StorageState, admin: StorageState): Promise<Fixtures['projects']> {
  const handIn = async (title: string) => {
    const project = (await apiAs(admin, `/admin/courses/${courseId}/projects/`, {
      title,
      summary: 'Proves you can design, build and deploy a small web service end to end.',
      brief: '<h2>Goal</h2><p>Build a small service with an API, tests and a deployment.</p><ul><li>A REST API</li><li>Tests</li></ul>',
      criteria: ['The API is documented', 'The code has tests', 'It is deployed'],
      file_required: false,
    })) as { id: number };
    const submission = (await apiAs(student, `/projects/${project.id}/submissions/`, {
      repository_url: `https://github.com/asha-verma/${title.toLowerCase().replace(/\W+/g, '-')}`,
      live_url: 'https://asha-verma.example.com',
      notes: 'Built with Django REST Framework; the tests run in CI.',
    })) as { id: number };
    return { project, submission };
  };
  const review = (id: number, decision: string, met: boolean) =>
    apiAs(admin, `/admin/project-submissions/${id}/review/`, {
      decision,
      feedback: met ? 'Clean, tested and deployed: well done.' : 'A good start. Add tests for the error cases and deploy it.',
      criteria: ['The API is documented', 'The code has tests', 'It is deployed'].map((criterion, i) => ({
        criterion,
        met: met || i === 0,
        comment: met ? '' : 'Not yet.',
      })),
    }) as Promise<{ letter_id: string | null }>;
  const open = await handIn('Bookstore API');
  const changes = await handIn('Task Tracker');
  await review(changes.submission.id, 'changes_requested', false);
  const approved = await handIn('URL Shortener');
  const { letter_id } = await review(approved.submission.id, 'approved', true);
  if (!letter_id) throw new Error('The approval issued no letter');
  const rejected = await handIn('Weather Dashboard');
  await review(rejected.submission.id, 'rejected', false);
  return { projectId: open.project.id, openSubmissionId: open.submission.id, letterId: letter_id, rejectedProjectId: rejected.project.id };
}

/** A free course with a drip schedule, made in the studio's API and published; the student enrols in it today. */
async function drippedCourse(student: StorageState, admin: StorageState): Promise<Fixtures['dripped']> {
  const stamp = unique();
  const categoryId = ((await apiAs(admin, '/admin/categories/')) as { id: number }[])[0]!.id;
  const created = (await apiAs(admin, '/admin/courses/', {
    title: 'Flask, One Week at a Time',
    subtitle: 'A paced course: each week opens a few days after you join',
    slug: `flask-weekly-${stamp}`,
    course_type: 'free',
    complexity: 'Beginner',
    category_id: categoryId,
    course_description: '<p>Build a Flask app one week at a time.</p>',
    what_you_will_learn: ['Routes and templates', 'Deploying a Flask app'],
  })) as { id: number; slug: string; title: string };
  const sectionTitle = 'Week two: going live';
  const inAMonth = new Date(Date.now() + 30 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  await apiAs(admin, `/admin/courses/${created.id}/sections/`, { title: 'Week one: the basics' });
  const course = (await apiAs(admin, `/admin/courses/${created.id}/sections/`, { title: sectionTitle, available_from: inAMonth })) as {
    sections: { id: number }[];
  };
  const [one, two] = course.sections as [{ id: number }, { id: number }];
  const video = (lesson_title: string, extra: Record<string, unknown> = {}) => ({
    lesson_title,
    lesson_type: 'Video',
    video_source: 'https://www.youtube.com/watch?v=rfscVS0vtbw',
    duration_seconds: 540,
    ...extra,
  });
  const lessonTitle = 'Templates and static files';
  await apiAs(admin, `/admin/sections/${one.id}/lessons/`, video('Routes and views'));
  await apiAs(admin, `/admin/sections/${one.id}/lessons/`, video(lessonTitle, { available_after_days: 7 }));
  await apiAs(admin, `/admin/sections/${two.id}/lessons/`, video('Deploying to a server'));
  await apiAs(admin, `/admin/courses/${created.id}/publish/`, {});
  await apiAs(student, `/free-enroll/${created.id}/`, {});
  return { id: created.id, slug: created.slug, title: created.title, lessonTitle, sectionTitle };
}

/**
 * The instructor emails the paid course's students (the student among them) and keeps a second
 * email as a draft; the student's copy carries the preferences page's link with its signed token.
 */
async function emailsFor(courseId: number, studentEmail: string, admin: StorageState): Promise<Fixtures['emails']> {
  const subject = `Live Q&A this Friday ${unique()}`;
  const sent = (await apiAs(admin, '/admin/broadcasts/', {
    subject,
    html: '<h2>Live Q&amp;A this Friday</h2><p>Bring your <strong>questions</strong> about the course: we go through them together.</p><ul><li>18:00 UTC</li><li>One hour</li></ul>',
    audience: 'course_students',
    course_id: courseId,
  })) as { id: number };
  await apiAs(admin, `/admin/broadcasts/${sent.id}/send/`, {});
  const draft = (await apiAs(admin, '/admin/broadcasts/', {
    subject: 'A new course is coming in March',
    html: '<p>A first look at what we are building next.</p>',
    audience: 'all',
  })) as { id: number };
  let preferencesPath: string | undefined;
  await until(async () => {
    const { messages } = (await (await fetch(`${baseUrl()}/api/v1/dev/mailbox/`)).json()) as { messages: { to: string; subject: string; text: string }[] };
    preferencesPath = messages.find((m) => m.to.includes(studentEmail) && m.subject === subject)?.text.match(/\/email-preferences\?token=[\w.-]+/)?.[0];
    return preferencesPath !== undefined;
  }, 30_000);
  return { sentId: sent.id, draftId: draft.id, preferencesPath: preferencesPath! };
}

/** Makes the fixtures: two paid courses, a student who bought the first, an admin; each signed in once. */
export async function makeFixtures(browser: Browser): Promise<Fixtures> {
  const courses = (await (await fetch(`${baseUrl()}/api/v1/courses/`)).json()) as (CourseRef & { course_type: string })[];
  const paid = courses.filter((c) => c.course_type === 'paid');
  expect(paid.length).toBeGreaterThan(1);
  const [paidCourse, otherPaidCourse] = paid.map(({ id, slug, title }) => ({ id, slug, title }));
  const [bundle] = (await (await fetch(`${baseUrl()}/api/v1/bundles/`)).json()) as CourseRef[];
  expect(bundle).toBeDefined();

  const student = await openPage(browser);
  const studentEmail = await createStudent('asha verma');
  await signIn(student.page, studentEmail);
  const orderNumber = await buyWithFreeCoupon(student.page, paidCourse!);
  const studentStorage = await student.context.storageState();
  await student.context.close();

  const adminEmail = await createAdmin('nikhil rao');
  const adminStorage = await sessionOf(browser, adminEmail);

  const answer = await askAndAnswer(paidCourse!.id, studentStorage, adminStorage);
  const ids = await studioIds(adminStorage, studentEmail, await subscribeInSandbox(browser));
  const projects = await projectsFor(paidCourse!.id, studentStorage, adminStorage);
  const dripped = await drippedCourse(studentStorage, adminStorage);
  const emails = await emailsFor(paidCourse!.id, studentEmail, adminStorage);

  return {
    ...ids,
    answer,
    projects,
    dripped,
    emails,
    paidCourse: paidCourse!,
    otherPaidCourse: otherPaidCourse!,
    bundle: { id: bundle!.id, slug: bundle!.slug, title: bundle!.title },
    order: { number: orderNumber, courseSlug: paidCourse!.slug },
    storage: { visitor: { cookies: [], origins: [] }, student: studentStorage, admin: adminStorage },
    accounts: { student: studentEmail, admin: adminEmail },
  };
}
