/**
 * Memberships end to end in Chromium (issue 11): a monthly Stripe membership from the plans to its
 * end (renewal, cancellation, expiry with the lessons locked again and the progress kept), a
 * lifetime membership, and a Razorpay monthly plan for a visitor from India (a second server with
 * DEV_COUNTRY=IN). The member's pages are checked with axe and for sideways overflow at 1280 and
 * 375 px on the way, with screenshots under e2e/artifacts/memberships/.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseDetail, CourseListItem } from '../src/shared/catalog';
import { subscriptionMessages as m, type SubscriptionHistoryRow } from '../src/shared/subscriptions';
import { baseUrl, launch, runAxe } from './browser';
import { password } from './fixtures';
import { startSandboxServer, type SandboxServer } from './sandbox';

const artifacts = path.resolve(import.meta.dirname, 'artifacts/memberships');

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
  mkdirSync(artifacts, { recursive: true });
});
afterAll(() => browser?.close());

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A student registered through the API and activated through the dev mailbox of the given server. */
async function createStudent(base: string, fullName: string): Promise<string> {
  const email = `member-${unique()}@example.com`;
  const registered = await fetch(`${base}/api/v1/register/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ full_name: fullName, email, password }),
  });
  expect(registered.status).toBeLessThan(300);
  await expect
    .poll(
      async () => {
        const { messages } = (await (await fetch(`${base}/api/v1/dev/mailbox/`)).json()) as { messages: { to: string; text: string }[] };
        return messages.find((msg) => msg.to.includes(email))?.text.match(/https?:\/\/\S+\/verify-email\/\S+/)?.[0] ?? '';
      },
      { timeout: 15_000 },
    )
    .toMatch(/verify-email/);
  const { messages } = (await (await fetch(`${base}/api/v1/dev/mailbox/`)).json()) as { messages: { to: string; text: string }[] };
  const link = messages.find((msg) => msg.to.includes(email))!.text.match(/https?:\/\/\S+\/verify-email\/\S+/)![0];
  expect((await fetch(link, { redirect: 'manual' })).status).toBeLessThan(400);
  return email;
}

async function open(base: string, width = 1280): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ baseURL: base, viewport: { width, height: width < 600 ? 812 : 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() !== 'error' || message.location().url.endsWith('/favicon.ico')) return;
    if (/youtube|vimeo|net::ERR_/.test(message.text())) return;
    errors.push(message.text());
  });
  return { context, page, errors };
}

async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** The API as the signed-in member of this page (the bearer token the app stores). */
async function api<T>(page: Page, apiPath: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const origin = new URL(page.url()).origin;
  const response = await fetch(`${origin}/api/v1${apiPath}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status, apiPath).toBe(200);
  return (await response.json()) as T;
}

/** axe (no serious or critical violation) and no sideways overflow, at 1280 px here and at 375 px in a second window; screenshots of both. */
async function look(page: Page, name: string, ready: (page: Page) => Promise<unknown>) {
  const narrow = await browser.newContext({
    baseURL: new URL(page.url()).origin,
    viewport: { width: 375, height: 812 },
    storageState: await page.context().storageState(),
  });
  const small = await narrow.newPage();
  await small.goto(new URL(page.url()).pathname);
  for (const [view, width] of [
    [page, 1280],
    [small, 375],
  ] as const) {
    await ready(view);
    await view.waitForTimeout(300);
    const results = await runAxe(view);
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`);
    expect(serious, `${name} at ${width} px`).toEqual([]);
    const overflow = await view.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${name} overflows at ${width} px`).toBeLessThanOrEqual(0);
    await view.screenshot({ path: path.join(artifacts, `${name}-${width}.png`), fullPage: true });
  }
  await narrow.close();
}

/** The sandbox dashboard's button on this member's subscription, then back to where the page was. */
async function sandbox(page: Page, email: string, button: string) {
  const back = page.url();
  await page.goto(`/sandbox/?email=${encodeURIComponent(email)}`);
  await page.getByRole('button', { name: button }).first().click();
  await page.waitForURL(/\/sandbox\/\?email=/);
  await page.goto(back);
}

async function paidCourseNeverBought(base: string): Promise<CourseListItem> {
  const courses = (await (await fetch(`${base}/api/v1/courses/`)).json()) as CourseListItem[];
  const paid = courses.filter((c) => c.course_type === 'paid');
  expect(paid.length).toBeGreaterThan(0);
  return paid.at(-1)!;
}

describe('memberships: monthly with Stripe', () => {
  it('a visitor picks the monthly plan, logs in through the modal, pays, is activated, learns, renews, cancels and expires', async () => {
    const email = await createStudent(baseUrl(), 'Mira Okafor');
    const { context, page, errors } = await open(baseUrl());

    // The plans, as a visitor: monthly by default; choosing it asks to log in first.
    await page.goto('/subscribe');
    await page.getByRole('heading', { name: 'Choose your plan' }).waitFor();
    expect(await page.getByRole('radio', { name: 'Monthly' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Subscribe Monthly' }).click();
    const login = page.getByRole('dialog', { name: 'Log in to subscribe' });
    await login.waitFor();
    await login.getByLabel('Email').fill(email);
    await login.getByLabel('Password', { exact: true }).fill(password);
    await login.getByRole('button', { name: 'Login' }).click();

    // After the reload the chosen plan goes straight to the payment-confirm overlay.
    const overlay = page.getByRole('dialog', { name: 'Confirm your plan' });
    await overlay.waitFor({ timeout: 20_000 });
    expect(await overlay.getByTestId('confirm-plan-name').textContent()).toMatch(/month/i);
    await overlay.getByRole('button', { name: 'Continue to secure payment' }).click();

    // The sandbox's hosted Stripe checkout, in subscription mode.
    await page.waitForURL(/\/sandbox\/stripe\/checkout\//);
    await page.getByRole('button', { name: /^Subscribe and pay/ }).click();
    await page.waitForURL(/\/pending-activation\/?\?session_id=/);
    await page.getByRole('heading', { name: m.activated }).waitFor({ timeout: 15_000 });
    expect(await page.getByText(m.redirecting).isVisible()).toBe(true);
    await page.waitForURL(/\/subscription$/, { timeout: 10_000 });

    const card = page.getByTestId('subscription-card');
    await card.waitFor();
    expect(await card.getByTestId('subscription-status').textContent()).toBe('Active');
    expect(await card.getByTestId('subscription-auto-renew').textContent()).toBe('Enabled');
    expect(await card.getByText('Stripe', { exact: true }).count()).toBe(1);
    await look(page, 'subscription-active', (view) => view.getByTestId('subscription-card').waitFor());

    // The plans now say 'Already Subscribed'.
    await page.goto('/subscribe');
    await page.getByRole('button', { name: m.alreadySubscribed }).first().waitFor();
    expect(await page.getByRole('button', { name: m.alreadySubscribed }).first().isDisabled()).toBe(true);
    await look(page, 'subscribe-member', (view) => view.getByRole('button', { name: m.alreadySubscribed }).first().waitFor());

    // A locked lesson of a course never bought opens for the member, and is completed.
    const course = await paidCourseNeverBought(baseUrl());
    const detail = await api<CourseDetail>(page, `/courses/${course.slug}/`);
    expect(detail.access).toBe('membership');
    const section = detail.sections.find((s) => s.lessons.some((l) => !l.enable_preview))!;
    const lesson = section.lessons.find((l) => !l.enable_preview)!;
    await page.goto(`/courses/${course.slug}`);
    await page.getByTestId('included-in-membership').waitFor();
    expect(await page.getByRole('button', { name: 'Add to cart' }).count()).toBe(0);
    await look(page, 'course-detail-member', (view) => view.getByTestId('included-in-membership').waitFor());
    await page.goto('/courses');
    await page.getByText(m.includedInMembership).first().waitFor();
    await page.screenshot({ path: path.join(artifacts, 'courses-member-1280.png') });

    await page.goto(`/lesson/${course.slug}/${section.uuid}/${lesson.uuid}/`);
    await page.getByRole('heading', { name: 'Course content' }).waitFor();
    const check = page.locator('.lesson-item.is-active .lesson-item-check');
    await check.waitFor();
    expect(await page.getByTestId('locked-panel').count()).toBe(0);
    if (!(await check.isChecked())) await check.check();
    await expect.poll(async () => (await api<CourseDetail>(page, `/courses/${course.slug}/`)).completed_total_lessons, { timeout: 10_000 }).toBeGreaterThan(0);

    // One month later: a renewal, in the history.
    await sandbox(page, email, 'Advance to the end of the period');
    await expect
      .poll(async () => (await api<SubscriptionHistoryRow[]>(page, '/subscription-history')).map((r) => r.status), { timeout: 15_000 })
      .toContain('renewed');
    await page.goto('/subscription/history');
    await page.locator('tr[data-status="renewed"]').first().waitFor();
    await look(page, 'subscription-history', (view) => view.locator('tr[data-status="renewed"]').first().waitFor());

    // Cancel: the browser's confirmation, then the server's message; still Active, auto renew Disabled.
    await page.goto('/subscription');
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });
    await page.getByRole('button', { name: 'Cancel Subscription' }).click();
    await expect.poll(() => card.getByTestId('subscription-auto-renew').textContent(), { timeout: 10_000 }).toBe('Disabled');
    expect(dialogs[0]).toBe(m.cancelConfirm);
    await expect.poll(() => dialogs.length).toBe(2);
    expect(await card.getByTestId('subscription-status').textContent()).toBe('Active');
    expect(await page.getByRole('button', { name: 'Cancel Subscription' }).count()).toBe(0);
    await page.getByTestId('subscription-expiry-notice').waitFor();
    await look(page, 'subscription-cancelled', (view) => view.getByTestId('subscription-expiry-notice').waitFor());

    // Past the end: Inactive, the lesson locked again, the progress kept.
    await sandbox(page, email, 'Advance to the end of the period');
    await expect.poll(async () => (await api<{ is_active: boolean }>(page, '/user/subscription-detail/')).is_active, { timeout: 15_000 }).toBe(false);
    await page.reload();
    await expect.poll(() => card.getByTestId('subscription-status').textContent(), { timeout: 10_000 }).toBe('Inactive');
    await page.goto(`/lesson/${course.slug}/${section.uuid}/${lesson.uuid}/`);
    await page.getByTestId('locked-panel').waitFor();
    await look(page, 'lesson-locked', (view) => view.getByTestId('locked-panel').waitFor());
    await page.goto(`/courses/${course.slug}`);
    await expect.poll(() => page.getByTestId('course-progress').textContent(), { timeout: 10_000 }).toMatch(/[1-9]\d* of \d+ lessons completed/);
    const after = await api<CourseDetail>(page, `/courses/${course.slug}/`);
    expect(after.access).toBe('none');
    expect(after.completed_total_lessons).toBeGreaterThan(0);

    expect(errors).toEqual([]);
    await context.close();
  }, 600_000);
});

describe('memberships: what a member changes themselves (issue 21)', () => {
  it('cancels and turns auto-renew back on, switches monthly to yearly, pays a declined renewal with a new card, and ends', async () => {
    const email = await createStudent(baseUrl(), 'Lena Fischer');
    const { context, page, errors } = await open(baseUrl());
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });
    await signIn(page, email);
    await page.goto('/subscribe');
    await page.getByRole('button', { name: 'Subscribe Monthly' }).click();
    await page.getByRole('dialog', { name: 'Confirm your plan' }).getByRole('button', { name: 'Continue to secure payment' }).click();
    await page.waitForURL(/\/sandbox\/stripe\/checkout\//);
    await page.getByRole('button', { name: /^Subscribe and pay/ }).click();
    await page.waitForURL(/\/subscription$/, { timeout: 20_000 });
    const card = page.getByTestId('subscription-card');
    await card.waitFor();

    // The plans page offers the other plans as changes, not a second membership.
    await page.goto('/subscribe');
    await page.getByRole('link', { name: 'Upgrade to Lifetime' }).click();
    await page.waitForURL(/\/subscription#change-plan$/);
    const changes = page.getByTestId('change-plan');
    await changes.waitFor();
    expect(await changes.getByTestId('plan-change-amount-yearly').textContent()).toMatch(/^\$[\d,.]+ today$/);
    await look(page, 'subscription-change-plan', (view) => view.getByTestId('change-plan').waitFor());

    // Cancel, then change one's mind before the period ends.
    await page.getByRole('button', { name: 'Cancel Subscription' }).click();
    await page.getByTestId('subscription-expiry-notice').waitFor();
    await look(page, 'subscription-ending', (view) => view.getByTestId('subscription-expiry-notice').waitFor());
    await page.getByRole('button', { name: 'Turn auto-renew back on' }).click();
    await expect.poll(() => card.getByTestId('subscription-auto-renew').textContent(), { timeout: 10_000 }).toBe('Enabled');
    await expect.poll(() => dialogs.at(-1) ?? '').toMatch(/^Auto-renewal is back on\. Your membership renews on /);
    expect(await page.getByRole('button', { name: 'Cancel Subscription' }).count()).toBe(1);

    // Monthly to yearly, now, with Stripe's proration.
    await changes.getByRole('button', { name: 'Switch to Yearly' }).click();
    await expect.poll(() => card.getByRole('heading', { name: 'Yearly Membership' }).count(), { timeout: 15_000 }).toBe(1);
    expect(dialogs.some((text) => /^Switch to the Yearly Membership\? \$[\d,.]+ is charged today\.$/.test(text))).toBe(true);
    await expect.poll(() => dialogs.at(-1) ?? '').toMatch(/^You are now on the Yearly Membership\. It renews on /);
    const detail = await api<{ plan_type: string; state: string; paid_through: string }>(page, '/user/subscription-detail/');
    expect(detail).toMatchObject({ plan_type: 'yearly', state: 'renewing' });
    expect(Date.parse(detail.paid_through) - Date.now()).toBeGreaterThan(360 * 24 * 60 * 60 * 1000);

    // The renewal is declined: the page says so, with what was paid for and until when access lasts.
    await sandbox(page, email, 'Card: decline renewals');
    await sandbox(page, email, 'Advance to the end of the period');
    await expect.poll(async () => (await api<{ state: string }>(page, '/user/subscription-detail/')).state, { timeout: 15_000 }).toBe('retrying');
    await page.reload();
    await expect.poll(() => card.getByTestId('subscription-status').textContent(), { timeout: 10_000 }).toBe('Payment failed — retrying');
    expect(await card.getByTestId('subscription-end-label').textContent()).toBe('Paid through');
    await look(page, 'subscription-retrying', (view) => view.getByTestId('subscription-retry-notice').waitFor());

    // A new card in Stripe's portal pays it at once.
    await card.getByRole('button', { name: 'Update card' }).click();
    await page.waitForURL(/\/sandbox\/stripe\/portal\//);
    await page.getByRole('button', { name: 'Save a card that pays' }).click();
    await page.waitForURL(/\/subscription$/);
    await expect.poll(async () => (await api<{ state: string }>(page, '/user/subscription-detail/')).state, { timeout: 15_000 }).toBe('renewing');
    await page.reload();
    await expect.poll(() => card.getByTestId('subscription-status').textContent(), { timeout: 10_000 }).toBe('Active');

    // Cancel and let the year run out: 'Ended on …'.
    await page.getByRole('button', { name: 'Cancel Subscription' }).click();
    await page.getByTestId('subscription-expiry-notice').waitFor();
    await sandbox(page, email, 'Advance to the end of the period');
    await expect.poll(async () => (await api<{ state: string }>(page, '/user/subscription-detail/')).state, { timeout: 15_000 }).toBe('ended');
    await page.reload();
    await expect.poll(() => card.getByTestId('subscription-end-label').textContent(), { timeout: 10_000 }).toBe('Ended on');
    await look(page, 'subscription-ended', (view) => view.getByTestId('subscription-ended-notice').waitFor());

    expect(errors).toEqual([]);
    await context.close();
  }, 600_000);
});

describe('memberships: lifetime with Stripe', () => {
  it('a signed-in student buys lifetime access: the return confirms the session once, and the card says Lifetime', async () => {
    const email = await createStudent(baseUrl(), 'Tomás Herrera');
    const { context, page, errors } = await open(baseUrl());
    await signIn(page, email);
    await page.goto('/subscribe');
    await page.getByRole('button', { name: /^Get Lifetime Access/ }).click();
    const overlay = page.getByRole('dialog', { name: 'Confirm your plan' });
    await overlay.getByRole('button', { name: 'Continue to secure payment' }).click();
    await page.waitForURL(/\/sandbox\/stripe\/checkout\//);

    const confirms: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/api/v1/update-lifetime-subscription/')) confirms.push(request.postData() ?? '');
    });
    await page.getByRole('button', { name: /^Pay/ }).click();
    await page.waitForURL(/\/pending-activation/);
    await page.getByRole('heading', { name: m.activated }).waitFor({ timeout: 15_000 });
    // The query string is removed, and the session remembered.
    expect(new URL(page.url()).search).toBe('');
    const remembered = await page.evaluate(() => sessionStorage.getItem('lifetimeSubscriptionSession'));
    expect(remembered).toMatch(/^cs_/);
    expect(confirms).toHaveLength(1);
    expect(JSON.parse(confirms[0]!)).toEqual({ payment_method: 'stripe', session_id: remembered });
    await page.screenshot({ path: path.join(artifacts, 'pending-activated-1280.png') });

    await page.waitForURL(/\/subscription$/, { timeout: 10_000 });
    const card = page.getByTestId('subscription-card');
    await card.waitFor();
    expect(await card.getByTestId('subscription-status').textContent()).toBe('Active');
    expect(await card.getByTestId('subscription-end').textContent()).toBe('Lifetime');
    expect(await page.getByRole('button', { name: 'Cancel Subscription' }).count()).toBe(0);

    // Replaying the return address sends nothing again.
    await page.goto(`/pending-activation/?session_id=${remembered}&plan=lifetime`);
    await page.getByRole('heading', { name: m.activated }).waitFor();
    expect(confirms).toHaveLength(1);
    const history = await api<SubscriptionHistoryRow[]>(page, '/subscription-history');
    expect(history.filter((r) => r.status === 'active')).toHaveLength(1);

    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});

// An India visitor: the server reads the visitor's country at boot from DEV_COUNTRY, so a second
// server runs here (started as e2e/server.ts starts the shared one, on its own port and data folder).

describe('memberships: Razorpay monthly for a visitor from India', () => {
  let india: SandboxServer | undefined;
  beforeAll(async () => {
    india = await startSandboxServer({ name: 'members', env: { DEV_COUNTRY: 'IN' } });
  }, 300_000);
  afterAll(async () => {
    await india?.stop();
  });

  it('pays the monthly plan in INR with the Razorpay popup; the signature is verified and the membership activated', async () => {
    const email = await createStudent(india!.url, 'Ananya Iyer');
    const { context, page, errors } = await open(india!.url);
    await signIn(page, email);
    await page.goto('/subscribe');
    await page.getByRole('button', { name: 'Subscribe Monthly' }).click();
    const overlay = page.getByRole('dialog', { name: 'Confirm your plan' });
    await overlay.waitFor();
    expect(await overlay.textContent()).toContain('₹');
    await overlay.getByRole('radio', { name: /Razorpay/ }).check();
    await page.screenshot({ path: path.join(artifacts, 'payment-confirm-1280.png') });
    await overlay.getByRole('button', { name: 'Pay with Razorpay' }).click();

    const popup = page.getByRole('dialog', { name: /Razorpay/ });
    await popup.waitFor();
    expect(await popup.getByTestId('rzp-amount').textContent()).toMatch(/^₹[\d,]+/);
    await popup.getByRole('button', { name: 'Pay' }).click();

    await page.waitForURL(/\/pending-activation/);
    await page.getByRole('heading', { name: m.activated }).waitFor({ timeout: 15_000 });
    await page.waitForURL(/\/subscription$/, { timeout: 10_000 });
    const card = page.getByTestId('subscription-card');
    await card.waitFor();
    expect(await card.getByTestId('subscription-status').textContent()).toBe('Active');
    expect(await card.getByText('Razorpay', { exact: true }).count()).toBe(1);
    const history = await api<SubscriptionHistoryRow[]>(page, '/subscription-history');
    expect(history.some((r) => r.status === 'active' && r.currency.toUpperCase() === 'INR' && r.payment_method.toLowerCase() === 'razorpay')).toBe(true);

    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
