/**
 * Every page of the app, one line each: e2e/pages.spec.ts opens each one at 1280 and 375 px, waits
 * for what must be seen, runs axe (no serious or critical violation) and checks that nothing
 * overflows sideways, saving a screenshot per page and width under e2e/artifacts/pages/.
 *
 * Adding a page? Append it here (in its group). `as` says who opens it: a visitor, a signed-in
 * student (who owns an order and a course, and whose question the instructor answered: see
 * e2e/fixtures.ts), or an admin. Run a few with `PAGES=home,checkout-cart npx vitest run --config
 * vitest.e2e.config.ts e2e/pages.spec.ts`. `path` may use the
 * fixtures (an order number, a course slug...) when the page needs data that exists.
 */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { baseUrl } from './browser';
import type { AdminOrderDetail } from '../src/shared/admin';
import type { AdminBundle, Bundle } from '../src/shared/bundles';
import type { OrderHistoryItem } from '../src/shared/commerce';
import type { Fixtures } from './fixtures';

export type Audience = 'visitor' | 'student' | 'admin';

/** What must be on screen before the page is checked: a heading (any level) or a text. */
export type Seen = { heading: string | RegExp } | { text: string | RegExp };

export interface PageCase {
  /** Unique; names the screenshots. */
  name: string;
  path: string | ((fixtures: Fixtures) => string);
  see: Seen | ((fixtures: Fixtures) => Seen);
  /** Who opens the page (default: a visitor, signed out). */
  as?: Audience;
  /** The HTTP status of the document when it is not 200 (the 404 page). */
  status?: number;
  /** Runs in the page before it is opened (for example, put a course in the cart). */
  prepare?: (page: Page, fixtures: Fixtures) => Promise<void>;
  /** Runs once the page is seen, before the checks (for example, open a menu so that it is checked open). */
  act?: (page: Page) => Promise<void>;
}

/** Opens the header's account menu. */
async function openAccountMenu(page: Page) {
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('button', { name: 'Sign Out' }).waitFor();
}

/** Presses a button that opens a dialog, so that the page is checked with the dialog open. */
function openDialog(button: string) {
  return async (page: Page) => {
    await page.getByRole('button', { name: button }).click();
    await page.getByRole('dialog').waitFor();
  };
}

/**
 * The order as if it had been paid $49 and partly refunded: the server's own answer for the
 * fixtures' order (bought with a 100% coupon, and refunding it would close the student's course
 * for every later page), with refunds added, so the refund states are checked on the real page.
 */
const refundReason = 'The last module of the course is not ready yet: part of the price back until it is.';
async function studioOrderPartlyRefunded(page: Page) {
  await page.route('**/api/v1/admin/orders/*/', async (route) => {
    const response = await route.fetch();
    const order = (await response.json()) as AdminOrderDetail;
    const at = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000).toISOString();
    const refund = {
      status: 'succeeded',
      provider: 'stripe',
      provider_status: 'succeeded',
      by: 'nikhil@example.com',
      created_at: at,
      refunded_at: at,
    } as const;
    const json: AdminOrderDetail = {
      ...order,
      payment_method: 'Stripe',
      subtotal: 49,
      discount: 0,
      total: 49,
      coupon: null,
      refundable: true,
      refunded: 20,
      refund_left: 29,
      refunds: [
        { ...refund, id: 1, amount: 20, reason: refundReason, provider_refund_id: 're_3QxPartlyRefunded0001' },
        { ...refund, id: 2, amount: 5, reason: null, status: 'failed', provider_status: 'failed', provider_refund_id: null, refunded_at: null },
      ],
    };
    await route.fulfill({ response, json });
  });
}

async function studentOrderPartlyRefunded(page: Page) {
  await page.route('**/api/v1/order-details/*/', async (route) => {
    const response = await route.fetch();
    const order = (await response.json()) as OrderHistoryItem;
    const at = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000).toISOString();
    const json: OrderHistoryItem = {
      ...order,
      subtotal: 49,
      discount: 0,
      total: 49,
      coupon: null,
      refunds: [
        { amount: 20, reason: refundReason, refunded_at: at },
        { amount: 9.5, reason: null, refunded_at: new Date().toISOString() },
      ],
      net_paid: 19.5,
    };
    await route.fulfill({ response, json });
  });
}

/**
 * The student's order as if its course had been bought in the demo bundle (the server's answer, its rows given the
 * bundle and a second course): the invoice prints the bundle as one line with its courses under it.
 */
async function studentOrderInBundle(page: Page, fixtures: Fixtures) {
  await page.route('**/api/v1/order-details/*/', async (route) => {
    const response = await route.fetch();
    const order = (await response.json()) as OrderHistoryItem;
    const bundle = { id: fixtures.bundle.id, slug: fixtures.bundle.slug, title: fixtures.bundle.title };
    const [first] = order.order_items;
    const json: OrderHistoryItem = {
      ...order,
      subtotal: 79.99,
      discount: 79.99,
      order_items: [
        { ...first!, price: 36.36, bundle },
        {
          ...first!,
          id: first!.id + 1000,
          price: 43.63,
          bundle,
          course: { ...first!.course, id: first!.course.id + 1000, title: fixtures.otherPaidCourse.title },
        },
      ],
    };
    await route.fulfill({ response, json });
  });
}

/** Puts a paid course the student does not own in the browser's cart, from its course page. */
async function courseInCart(page: Page, fixtures: Fixtures) {
  await page.goto(`/courses/${fixtures.otherPaidCourse.slug}`);
  await page.getByRole('button', { name: 'Add to cart' }).first().click();
  await page.getByRole('button', { name: 'Go to cart' }).first().waitFor();
}

/**
 * The bundle's page as the server answers it for the signed-in student, with the first course (or all of them)
 * marked as owned: the fixtures' student owns no course of the demo bundle, and buying one would change the
 * other pages' state (the 'owning' rule itself is tested on the server, orders/bundles.test.ts).
 */
function bundleOwned(which: 'first' | 'all') {
  return async (page: Page) => {
    await page.route(
      (url) => /^\/api\/v1\/bundles\/[^/]+\/$/.test(url.pathname),
      async (route) => {
        const response = await route.fetch();
        const bundle = (await response.json()) as Bundle;
        const owned = new Set(which === 'all' ? bundle.courses.map((c) => c.id) : [bundle.courses[0]!.id]);
        const json: Bundle = {
          ...bundle,
          courses: bundle.courses.map((c) => ({ ...c, owned: owned.has(c.id) })),
          owned_course_ids: [...owned],
          owns_all: owned.size === bundle.courses.length,
        };
        await route.fulfill({ response, json });
      },
    );
  };
}

/** Puts the demo bundle in a visitor's cart from its page. */
async function bundleInCart(page: Page, fixtures: Fixtures) {
  await page.goto(`/bundles/${fixtures.bundle.slug}`);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByRole('button', { name: 'Go to cart' }).waitFor();
}

/** The student completes the first lesson of the course they bought (once is enough: completing is idempotent), so they may rate it. */
async function completeFirstLesson(fixtures: Fixtures) {
  const token = fixtures.storage.student.origins.flatMap((origin) => origin.localStorage).find((item) => item.name === 'accessToken')?.value;
  const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
  const course = (await (await fetch(`${baseUrl()}/api/v1/courses/${fixtures.paidCourse.slug}/`, { headers })).json()) as {
    sections: { lessons: { uuid: string }[] }[];
  };
  const lesson = course.sections[0]?.lessons[0];
  const done = await fetch(`${baseUrl()}/api/v1/complete-lesson/`, { method: 'POST', headers, body: JSON.stringify({ lesson_uuid: lesson?.uuid }) });
  expect(done.status).toBe(200);
}

export const pages: PageCase[] = [
  // Storefront
  { name: 'home', path: '/', see: { heading: /Learn to code by building/ } },
  { name: 'courses', path: '/courses', see: { heading: /^Courses \| Project-Based/ } },
  { name: 'course-detail', path: (f) => `/courses/${f.paidCourse.slug}`, see: (f) => ({ heading: f.paidCourse.title }) },
  { name: 'courses-bundle-card', path: '/courses', see: (f) => ({ heading: f.bundle.title }) },
  { name: 'bundle', path: (f) => `/bundles/${f.bundle.slug}`, see: (f) => ({ heading: f.bundle.title }) },
  { name: 'bundle-unknown', path: '/bundles/no-such-bundle', see: { heading: 'Bundle not found' }, status: 404 },
  { name: 'bundle-owning-some', path: (f) => `/bundles/${f.bundle.slug}`, see: { text: /^You already own “/ }, as: 'student', prepare: bundleOwned('first') },
  {
    name: 'bundle-owning-all',
    path: (f) => `/bundles/${f.bundle.slug}`,
    see: { text: 'You already own every course in this bundle.' },
    as: 'student',
    prepare: bundleOwned('all'),
  },
  { name: 'services', path: '/services', see: { heading: /^Software that runs your business/ } },
  { name: 'contact', path: '/contact', see: { heading: "Let's talk" } },
  { name: 'roadmap', path: '/roadmap', see: { heading: /^From your first line of Python/ } },
  { name: 'subscribe', path: '/subscribe', see: { heading: 'Every course. One membership.' } },
  { name: 'course-reviews', path: '/course-reviews', see: { heading: 'What students and clients say' } },
  { name: 'course-reviews-filtered', path: (f) => `/course-reviews?course=${f.paidCourse.slug}&stars=5`, see: { heading: 'From our students' } },
  { name: 'terms', path: '/terms-and-conditions', see: { heading: 'Terms and Conditions' } },
  { name: 'privacy', path: '/privacy-policy', see: { heading: 'Privacy Policy' } },
  { name: 'refund', path: '/cancellation-refund-policy', see: { heading: 'Cancellation & Refund Policy' } },
  { name: 'coming-soon', path: '/coming-soon', see: { heading: /building something new/ } },
  { name: 'certificate-unknown', path: '/certificates/LEC-NOTAREALID', see: { heading: 'Certificate not found' } },
  { name: 'lesson-preview', path: (f) => `/lesson/${f.paidCourse.slug}/`, see: { heading: 'Course content' } },
  { name: 'checkout-empty', path: '/checkout', see: { heading: 'Checkout' } },
  { name: 'project-visitor', path: (f) => `/projects/${f.projects.projectId}`, see: { heading: 'Project: Bookstore API' } },
  { name: 'letter', path: (f) => `/letters/${f.projects.letterId}`, see: { heading: 'Verified pre-experience letter' } },
  { name: 'letter-unknown', path: '/letters/0123456789abcdef0123456789abcdef', see: { heading: 'Letter not found' }, status: 404 },
  { name: 'not-found', path: '/no-such-page', see: { heading: 'Page not found' }, status: 404 },

  // Accounts
  { name: 'login', path: '/login', see: { heading: 'Welcome back' } },
  { name: 'register', path: '/register', see: { heading: 'Create your account' } },
  { name: 'forgot-password', path: '/forget/password', see: { heading: 'Forgot your password?' } },
  { name: 'reset-password', path: '/reset/password', see: { heading: /./ } },
  // An email's footer link (the student's copy of the emails fixture): no sign-in.
  { name: 'email-preferences', path: (f) => f.emails.preferencesPath, see: { heading: 'News and announcements' } },
  {
    name: 'email-preferences-unsubscribed',
    path: (f) => f.emails.preferencesPath,
    see: { heading: 'News and announcements' },
    act: async (page) => {
      // The first width's check left the student unsubscribed: back on first, so both widths show the change.
      const resubscribe = page.getByRole('button', { name: 'Resubscribe' });
      if (await resubscribe.isVisible()) {
        await resubscribe.click();
        await page.getByText('You are subscribed again').waitFor();
      }
      await page.getByRole('button', { name: 'Unsubscribe from these emails' }).click();
      await page.getByText(/You are unsubscribed\. No more news/).waitFor();
    },
  },
  { name: 'email-preferences-invalid', path: `/email-preferences?token=1.1.${'A'.repeat(43)}`, see: { text: /This link is not valid/ } },

  // A signed-in student (owns fixtures.order)
  { name: 'dashboard', path: '/dashboard', see: { heading: 'Dashboard' }, as: 'student' },
  { name: 'account-menu', path: '/courses', see: { heading: /^Courses \| Project-Based/ }, as: 'student', act: openAccountMenu },
  { name: 'enrolled-courses', path: '/enrolled-courses', see: { heading: 'Enrolled Courses' }, as: 'student' },
  { name: 'my-profile', path: '/my-profile', see: { heading: 'My Profile' }, as: 'student' },
  { name: 'order-history', path: '/order-history', see: { heading: 'Order History' }, as: 'student' },
  { name: 'order-details', path: (f) => `/order/details/${f.order.number}`, see: { heading: 'Invoice' }, as: 'student' },
  {
    name: 'order-details-bundle',
    path: (f) => `/order/details/${f.order.number}`,
    see: (f) => ({ text: f.bundle.title }),
    as: 'student',
    prepare: studentOrderInBundle,
  },
  {
    name: 'order-details-refunded',
    path: (f) => `/order/details/${f.order.number}`,
    see: { text: 'Net paid' },
    as: 'student',
    prepare: studentOrderPartlyRefunded,
  },
  { name: 'order-success', path: (f) => `/order/success/?order_no=${f.order.number}`, see: { heading: 'Congratulations' }, as: 'student' },
  { name: 'question-answer', path: '/question-answer', see: (f) => ({ text: f.answer }), as: 'student' },
  { name: 'certificates', path: '/certificate-download', see: { heading: 'Certificates' }, as: 'student' },
  { name: 'projects', path: '/projects/', see: { heading: 'My Projects' }, as: 'student' },
  { name: 'project-brief', path: (f) => `/projects/${f.projects.projectId}`, see: { heading: 'Your submission' }, as: 'student' },
  // Not approved: the submission and its feedback, and a new submission's form below.
  { name: 'project-not-approved', path: (f) => `/projects/${f.projects.rejectedProjectId}`, see: { heading: 'Start a new submission' }, as: 'student' },
  { name: 'letter-owner', path: (f) => `/letters/${f.projects.letterId}`, see: { text: 'Download PDF' }, as: 'student' },
  { name: 'lesson-project', path: (f) => `/lesson/${f.order.courseSlug}/project/${f.projects.projectId}`, see: { heading: 'Your submission' }, as: 'student' },
  { name: 'lesson-enrolled', path: (f) => `/lesson/${f.order.courseSlug}/`, see: { heading: 'Course content' }, as: 'student' },
  {
    // The seeded quiz of the course the student bought (Intermediate Python), opened from the course content.
    name: 'lesson-quiz',
    path: (f) => `/lesson/${f.order.courseSlug}/`,
    see: { heading: 'Course content' },
    as: 'student',
    act: async (page) => {
      await page
        .getByRole('button', { name: /Quiz: Thinking In Objects/i })
        .first()
        .click();
      await page.getByRole('button', { name: 'Submit answers' }).waitFor();
    },
  },
  {
    // The quiz lesson's box ticked by hand before the quiz is passed: the server's refusal said under it.
    name: 'lesson-quiz-not-passed',
    path: (f) => `/lesson/${f.order.courseSlug}/`,
    see: { heading: 'Course content' },
    as: 'student',
    act: async (page) => {
      await page
        .getByRole('button', { name: /Quiz: Thinking In Objects/i })
        .first()
        .click();
      await page.getByRole('checkbox', { name: /Quiz: Thinking In Objects completed/i }).click();
      await page.getByRole('alert').filter({ hasText: 'Pass the quiz to complete this lesson.' }).waitFor();
    },
  },
  {
    // A lesson its drip schedule holds back for the student (Day 7 of a course they joined today), picked in the course content.
    name: 'lesson-dripped',
    path: (f) => `/lesson/${f.dripped.slug}/`,
    see: { heading: 'Course content' },
    as: 'student',
    act: async (page) => {
      await page.getByRole('button', { name: /^Lesson 2: Templates and Static Files/ }).click();
      await page
        .getByTestId('dripped-panel')
        .getByRole('heading', { name: /^Available on / })
        .waitFor();
    },
  },
  {
    // Its Curriculum tab: the held-back lessons with their dates.
    name: 'course-detail-dripped',
    path: (f) => `/courses/${f.dripped.slug}`,
    see: (f) => ({ heading: f.dripped.title }),
    as: 'student',
    act: async (page) => {
      await page.getByRole('tab', { name: 'Curriculum' }).click();
      await page
        .getByText(/^Available on /)
        .first()
        .waitFor();
    },
  },
  { name: 'checkout-bundle', path: '/checkout', see: { text: 'New to you' }, prepare: bundleInCart },
  { name: 'checkout-cart', path: '/checkout', see: (f) => ({ text: f.otherPaidCourse.title }), as: 'student', prepare: courseInCart },
  { name: 'subscription-none', path: '/subscription', see: { text: "You don't have any subscription." }, as: 'student' },
  { name: 'subscription-history-empty', path: '/subscription/history', see: { text: 'No subscription history found.' }, as: 'student' },
  { name: 'pending-activation', path: '/pending-activation', see: { heading: 'Processing Payment' }, as: 'student' },
  {
    name: 'subscribe-plan-dialog',
    path: '/subscribe',
    see: { heading: 'Every course. One membership.' },
    as: 'student',
    act: async (page) => {
      await page.locator('[data-plan-type]').first().click();
      await page.getByRole('dialog').waitFor();
    },
  },
  {
    name: 'course-detail-rate',
    path: (f) => `/courses/${f.paidCourse.slug}`,
    see: { heading: 'Rate this course' },
    as: 'student',
    prepare: async (_page, f) => completeFirstLesson(f),
  },
  { name: 'checkout-guest', path: '/checkout', see: (f) => ({ text: f.otherPaidCourse.title }), prepare: courseInCart },

  // The instructor studio (an admin)
  { name: 'studio-setup-no-link', path: '/admin/setup', see: { heading: 'Set up your studio' } },
  { name: 'studio-forbidden', path: '/admin/courses', see: { heading: 'This is the instructor studio' }, as: 'student' },
  { name: 'studio-overview', path: '/admin', see: { heading: 'Overview' }, as: 'admin' },
  // A fresh start with the demo: the first-start checklist, and 'Remove the demo content' asked (never confirmed here).
  { name: 'studio-overview-checklist', path: '/admin', see: { heading: 'Make the site yours' }, as: 'admin' },
  {
    name: 'studio-demo-remove',
    path: '/admin',
    see: { heading: 'Make the site yours' },
    as: 'admin',
    act: async (page) => {
      await page.getByRole('button', { name: 'Remove the demo content' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete the demo content' }).waitFor();
    },
  },
  { name: 'studio-overview-custom', path: '/admin?from=2024-01-01&to=2025-12-31', see: { text: 'Show range' }, as: 'admin' },
  { name: 'studio-courses', path: '/admin/courses', see: { heading: 'Courses' }, as: 'admin' },
  { name: 'studio-course-new', path: '/admin/courses/new', see: { heading: 'New course' }, as: 'admin' },
  { name: 'studio-course-details', path: (f) => `/admin/courses/${f.paidCourse.id}`, see: { heading: 'Basics' }, as: 'admin' },
  { name: 'studio-course-curriculum', path: (f) => `/admin/courses/${f.paidCourse.id}?tab=curriculum`, see: { text: 'New section' }, as: 'admin' },
  {
    name: 'studio-course-projects',
    path: (f) => `/admin/courses/${f.paidCourse.id}?tab=projects`,
    see: { heading: /^Bookstore API/ },
    as: 'admin',
  },
  {
    name: 'studio-project-dialog',
    path: (f) => `/admin/courses/${f.paidCourse.id}?tab=projects`,
    see: { heading: /^Bookstore API/ },
    as: 'admin',
    act: async (page) => {
      await page.getByRole('button', { name: 'Edit Bookstore API' }).first().click();
      await page.getByRole('dialog').getByRole('textbox', { name: 'Brief' }).waitFor();
    },
  },
  {
    name: 'studio-course-quizzes',
    path: (f) => `/admin/courses/${f.paidCourse.id}?tab=quizzes`,
    see: { heading: 'Quiz: thinking in objects' },
    as: 'admin',
  },
  {
    name: 'studio-lesson-quiz',
    path: (f) => `/admin/courses/${f.paidCourse.id}?tab=curriculum`,
    see: { text: 'New section' },
    as: 'admin',
    act: async (page) => {
      await page.getByRole('button', { name: 'Edit Quiz: thinking in objects' }).click();
      await page.getByRole('dialog').waitFor();
      await page.getByRole('button', { name: 'Preview as a student' }).click();
    },
  },
  { name: 'studio-course-curriculum-drip', path: (f) => `/admin/courses/${f.dripped.id}?tab=curriculum`, see: { text: 'Day 7' }, as: 'admin' },
  {
    name: 'studio-lesson-release',
    path: (f) => `/admin/courses/${f.dripped.id}?tab=curriculum`,
    see: { text: 'Day 7' },
    as: 'admin',
    act: async (page) => {
      await page.getByRole('button', { name: 'Edit Templates and static files' }).click();
      await page.getByRole('dialog').getByRole('spinbutton', { name: 'days after access began' }).waitFor();
    },
  },
  {
    name: 'studio-section-release',
    path: (f) => `/admin/courses/${f.dripped.id}?tab=curriculum`,
    see: { text: 'Day 7' },
    as: 'admin',
    act: async (page) => {
      await page.getByRole('button', { name: /^Release of Section 2:/ }).click();
      await page.getByRole('dialog').getByLabel('Opens on').waitFor();
      // At 375 px the dialog's Cancel opens under the pointer that clicked: checked at rest, not mid-hover.
      await page.getByRole('dialog').getByRole('heading').hover();
    },
  },
  { name: 'studio-course-prices', path: (f) => `/admin/courses/${f.paidCourse.id}?tab=prices`, see: { heading: /^USD/ }, as: 'admin' },
  { name: 'studio-course-preview', path: (f) => `/admin/courses/${f.paidCourse.id}/preview`, see: (f) => ({ heading: f.paidCourse.title }), as: 'admin' },
  { name: 'studio-bundles', path: '/admin/bundles', see: { text: 'Django Backend Bundle' }, as: 'admin' },
  {
    name: 'studio-bundles-empty',
    path: '/admin/bundles',
    see: { text: 'Create your first bundle' },
    as: 'admin',
    // A studio with no bundle yet (the demo seeds one): the list's empty state.
    prepare: async (page) => {
      await page.route(
        (url) => url.pathname === '/api/v1/admin/bundles/',
        (route) => route.fulfill({ json: { count: 0, page: 1, page_size: 25, results: [] } }),
      );
    },
  },
  {
    name: 'studio-bundle-new',
    path: '/admin/bundles/new',
    see: { heading: 'Courses in the bundle' },
    as: 'admin',
    act: async (page) => {
      await page.getByRole('textbox', { name: 'Description' }).waitFor();
    },
  },
  {
    name: 'studio-bundle-edit',
    path: '/admin/bundles',
    see: { text: 'Django Backend Bundle' },
    as: 'admin',
    act: async (page) => {
      await page.getByRole('link', { name: 'Django Backend Bundle' }).click();
      await page.getByRole('heading', { name: 'Courses in the bundle' }).waitFor();
      // The courses' own prices are loaded: the total and each region's saving are on screen.
      await page.getByText('Bought one by one:').waitFor();
      await page
        .getByText(/^Buyers save/)
        .first()
        .waitFor();
      await page.getByRole('textbox', { name: 'Description' }).waitFor();
    },
  },
  {
    name: 'studio-bundle-publish-refused',
    path: '/admin/bundles',
    see: { text: 'Django Backend Bundle' },
    as: 'admin',
    // The demo bundle as a draft of one course with no USD price, and the server's refusal of its publishing.
    prepare: async (page) => {
      await page.route(
        (url) => /^\/api\/v1\/admin\/bundles\/\d+\/$/.test(url.pathname),
        async (route) => {
          const bundle = (await (await route.fetch()).json()) as AdminBundle;
          await route.fulfill({
            json: { ...bundle, state: 'draft', courses: bundle.courses.slice(0, 1), prices: bundle.prices.filter((p) => p.region !== 'US') },
          });
        },
      );
      await page.route(
        (url) => url.pathname.endsWith('/publish/'),
        (route) => route.fulfill({ status: 400, json: { non_field_errors: ['Give the bundle a USD price before publishing.'] } }),
      );
    },
    act: async (page) => {
      await page.getByRole('link', { name: 'Django Backend Bundle' }).click();
      await page.getByRole('heading', { name: 'Courses in the bundle' }).waitFor();
      await page.getByRole('button', { name: 'Publish', exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Publish' }).click();
      await dialog.getByText('Give the bundle a USD price before publishing.').first().waitFor();
      await dialog.getByRole('button', { name: 'Publish' }).waitFor();
    },
  },
  { name: 'studio-orders', path: '/admin/orders', see: { heading: 'Orders' }, as: 'admin' },
  { name: 'studio-order', path: (f) => `/admin/orders/${f.order.number}`, see: (f) => ({ heading: new RegExp(`^Order ${f.order.number}`) }), as: 'admin' },
  // The fixtures' order cost nothing (100% coupon): its Refund only closes it.
  {
    name: 'studio-order-close',
    path: (f) => `/admin/orders/${f.order.number}`,
    see: (f) => ({ heading: new RegExp(`^Order ${f.order.number}`) }),
    as: 'admin',
    act: openDialog('Refund'),
  },
  {
    name: 'studio-order-refunds',
    path: (f) => `/admin/orders/${f.order.number}`,
    see: { heading: 'Refunds' },
    as: 'admin',
    prepare: studioOrderPartlyRefunded,
  },
  {
    name: 'studio-order-refund',
    path: (f) => `/admin/orders/${f.order.number}`,
    see: { heading: 'Refunds' },
    as: 'admin',
    prepare: studioOrderPartlyRefunded,
    act: openDialog('Refund more'),
  },
  {
    name: 'studio-order-refund-confirm',
    path: (f) => `/admin/orders/${f.order.number}`,
    see: { heading: 'Refunds' },
    as: 'admin',
    prepare: studioOrderPartlyRefunded,
    act: async (page) => {
      await page.getByRole('button', { name: 'Refund more' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Amount (USD)').fill('12.50');
      await dialog.getByLabel('Reason (optional)').fill('A goodwill refund for the late module.');
      await dialog.getByRole('button', { name: 'Review refund' }).click();
      await dialog.getByRole('button', { name: 'Refund $12.50' }).waitFor();
    },
  },
  { name: 'studio-students', path: '/admin/students', see: { heading: 'Students' }, as: 'admin' },
  { name: 'studio-student', path: (f) => `/admin/students/${f.studentId}`, see: { heading: 'Enrolments' }, as: 'admin' },
  { name: 'studio-student-open-early', path: (f) => `/admin/students/${f.studentId}`, see: { text: 'Open early' }, as: 'admin' },
  {
    name: 'studio-student-enrol',
    path: (f) => `/admin/students/${f.studentId}`,
    see: { heading: 'Enrolments' },
    as: 'admin',
    act: openDialog('Enrol in a course'),
  },
  { name: 'studio-members', path: '/admin/members', see: { text: 'meera iyer' }, as: 'admin' },
  { name: 'studio-member', path: (f) => `/admin/members/${f.membershipId}`, see: { heading: 'History' }, as: 'admin' },
  {
    name: 'studio-member-refund',
    path: (f) => `/admin/members/${f.membershipId}`,
    see: { heading: 'History' },
    as: 'admin',
    act: openDialog('Refund last charge'),
  },
  { name: 'studio-emails', path: '/admin/emails', see: { text: /^Live Q&A this Friday/ }, as: 'admin' },
  {
    name: 'studio-email-new',
    path: '/admin/emails/new',
    see: { heading: 'New email' },
    as: 'admin',
    act: async (page) => {
      await page.getByLabel('Audience').selectOption('course_students');
      await page.getByLabel('Course').locator('option').nth(1).waitFor({ state: 'attached' });
      await page.getByLabel('Course').selectOption({ index: 1 });
      await page.getByRole('radio', { name: 'Schedule for later' }).check();
      await page.getByText(/will receive this|Nobody is in this audience/).waitFor();
    },
  },
  { name: 'studio-email', path: (f) => `/admin/emails/${f.emails.sentId}`, see: { heading: 'Recipients' }, as: 'admin' },
  { name: 'studio-email-draft', path: (f) => `/admin/emails/${f.emails.draftId}`, see: { heading: 'The email' }, as: 'admin' },
  {
    name: 'studio-email-send-confirm',
    path: (f) => `/admin/emails/${f.emails.draftId}/edit`,
    see: { heading: 'Edit email' },
    as: 'admin',
    act: async (page) => {
      await page.getByText(/will receive this/).waitFor();
      await page.getByRole('button', { name: 'Send now…' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Send now' }).waitFor();
    },
  },
  { name: 'studio-payments', path: '/admin/payments', see: { heading: 'Payments log' }, as: 'admin' },
  { name: 'studio-payment-event', path: (f) => `/admin/payments/${f.paymentEventId}`, see: { heading: 'Payload received' }, as: 'admin' },
  { name: 'studio-coupons', path: '/admin/coupons', see: { heading: 'Coupons' }, as: 'admin' },
  {
    name: 'studio-coupon-edit',
    path: '/admin/coupons?search=LAUNCH25',
    see: { heading: 'Coupons' },
    as: 'admin',
    act: async (page) => {
      await page.getByRole('button', { name: 'Edit coupon LAUNCH25' }).click();
      await page.getByRole('heading', { name: 'Edit coupon LAUNCH25' }).waitFor();
      // Every course can be ticked: the list is loaded (all of its pages) before the picture is taken.
      await page.getByRole('group', { name: 'Courses' }).getByRole('checkbox').first().waitFor();
    },
  },
  {
    name: 'studio-coupon-fixed',
    path: '/admin/coupons',
    see: { heading: 'Coupons' },
    as: 'admin',
    act: async (page) => {
      await page.getByRole('button', { name: 'New coupon' }).click();
      await page.getByRole('radio', { name: 'A fixed amount' }).check();
      await page.getByRole('spinbutton', { name: 'Amount off in USD' }).fill('10');
      await page.getByRole('group', { name: 'Courses' }).getByRole('checkbox').first().waitFor();
    },
  },
  {
    name: 'studio-coupon-bundle',
    path: '/admin/coupons',
    see: { heading: 'Coupons' },
    as: 'admin',
    // A coupon limited to the demo bundle: the courses say they are not reached alone.
    act: async (page) => {
      await page.getByRole('button', { name: 'New coupon' }).click();
      await page.getByRole('group', { name: 'Bundles' }).getByRole('checkbox', { name: 'Django Backend Bundle' }).check();
      await page.getByRole('group', { name: 'Courses' }).getByRole('checkbox').first().waitFor();
    },
  },
  { name: 'studio-plans', path: '/admin/plans', see: { heading: 'Membership plans' }, as: 'admin' },
  { name: 'studio-plan-new', path: '/admin/plans/new', see: { heading: 'New plan' }, as: 'admin' },
  {
    name: 'studio-plan-edit',
    path: '/admin/plans',
    see: { heading: 'Membership plans' },
    as: 'admin',
    act: async (page) => {
      await page
        .getByRole('link', { name: /^Edit / })
        .first()
        .click();
      await page.getByRole('button', { name: 'Save plan' }).waitFor();
    },
  },
  {
    name: 'studio-plan-off-confirm',
    path: '/admin/plans',
    see: { heading: 'Membership plans' },
    as: 'admin',
    act: async (page) => {
      await page
        .getByRole('button', { name: /^Turn off / })
        .first()
        .click();
      await page.getByRole('dialog').getByRole('button', { name: 'Turn off' }).waitFor();
    },
  },
  { name: 'studio-audit-log', path: '/admin/audit-log', see: { heading: 'Audit log' }, as: 'admin' },
  { name: 'studio-settings', path: '/admin/settings', see: { heading: 'Settings' }, as: 'admin' },
  {
    name: 'studio-settings-figures',
    path: '/admin/settings#settings-figures',
    see: { heading: 'Home page figures' },
    as: 'admin',
    // The defaults (what the database knows) are each field's placeholder once they are read.
    act: async (page) => {
      await page.getByRole('textbox', { name: 'Online Courses' }).and(page.locator(':not([placeholder=""])')).waitFor();
    },
  },
  { name: 'studio-team', path: '/admin/settings/team', see: { heading: 'Team' }, as: 'admin' },
  {
    name: 'studio-questions',
    path: '/admin/questions',
    see: (f) => ({ text: f.answer }),
    as: 'admin',
    act: async (page) => {
      await page.getByLabel('Course').locator('option').nth(1).waitFor({ state: 'attached' });
      await page.getByRole('button', { name: 'Add another answer' }).first().click();
      await page.getByLabel('Another answer').first().waitFor();
    },
  },
  { name: 'studio-messages', path: '/admin/messages?show=all', see: { heading: 'Messages' }, as: 'admin' },
  {
    name: 'studio-reviews',
    path: '/admin/reviews',
    see: { heading: 'Reviews' },
    as: 'admin',
    act: async (page) => {
      await page
        .locator('.studio-card', { has: page.getByRole('button', { name: 'Hide' }) })
        .first()
        .getByRole('button', { name: 'Hide' })
        .click();
      await page.getByLabel('Why hide it?').first().waitFor();
    },
  },
  { name: 'studio-projects', path: '/admin/projects', see: { text: 'Bookstore API' }, as: 'admin' },
  { name: 'studio-project-review', path: (f) => `/admin/projects/${f.projects.openSubmissionId}`, see: { heading: 'Your review' }, as: 'admin' },
  {
    name: 'studio-letter-revoke',
    path: '/admin/projects?status=approved',
    see: { text: 'URL Shortener' },
    as: 'admin',
    act: async (page) => {
      await page.getByRole('link', { name: 'URL Shortener' }).first().click();
      await page.getByRole('button', { name: 'Revoke letter' }).click();
      await page.getByRole('dialog').getByLabel('Reason').waitFor();
    },
  },
];
