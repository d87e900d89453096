// Issue 25, done when: on a fresh start the instructor removes the demo content, builds a bundle of two
// courses, a student buys it with a fixed-amount coupon and opens both courses, the instructor refunds
// part and then the rest (access closes at the end), and emails that course's students; the student
// unsubscribes by the one-click link and the next email skips them while their next receipt still
// arrives. Its own server on a fresh database: the shared one keeps the demo catalog the other specs need.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendAdminCommand } from '../src/server/modules/admin/index';
import { launch } from './browser';
import { password, signIn } from './fixtures';
import { startSandboxServer, type SandboxServer } from './sandbox';

let browser: Browser;
let server: SandboxServer;
beforeAll(async () => {
  [browser, server] = await Promise.all([launch(), startSandboxServer({ name: 'business' })]);
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface MailMessage {
  to: string;
  subject: string;
  text: string;
  headers: Record<string, string>;
}

const stamp = Date.now().toString(36);

/** A page on this spec's server whose console and page errors are collected (the sandbox's Stripe page has no favicon). */
async function open() {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
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

const mailbox = async () => ((await (await fetch(`${server.url}/api/v1/dev/mailbox/`)).json()) as { messages: MailMessage[] }).messages;

/** The newest email to `to` whose subject matches, once it has arrived. */
async function mailTo(to: string, subject: string | RegExp, nth = 0): Promise<MailMessage> {
  const matches = (m: MailMessage) => m.to === to && (typeof subject === 'string' ? m.subject === subject : subject.test(m.subject));
  const deadline = Date.now() + 30_000;
  for (;;) {
    const found = (await mailbox()).filter(matches);
    if (found.length > nth) return found[0]!;
    if (Date.now() > deadline) throw new Error(`No email ${nth + 1} to ${to} with the subject ${String(subject)}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** A student registered through the API and verified through the link in the dev mailbox; returns the email. */
async function createStudent(name: string): Promise<string> {
  const email = `${name.split(' ')[0]}-${stamp}@example.com`;
  const registered = await fetch(`${server.url}/api/v1/register/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ full_name: name, email, password }),
  });
  expect(registered.status).toBeLessThan(300);
  const link = /https?:\/\/\S+\/verify-email\/\S+/.exec((await mailTo(email, /./)).text)?.[0];
  expect(link).toBeDefined();
  expect((await fetch(link!, { redirect: 'manual' })).status).toBeLessThan(400);
  return email;
}

/** The signed-in page's API call with the access token the app keeps in localStorage. */
async function api<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const response = await fetch(`${server.url}/api/v1${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), Authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A small paid course with one lesson and a USD price, published (content set up through the studio's API). */
async function paidCourse(admin: Page, title: string, categoryId: number, amount: number) {
  const course = await api<{ id: number; slug: string }>(admin, 'POST', '/admin/courses/', {
    title,
    subtitle: 'A short course sold in a bundle',
    slug: title.toLowerCase().replace(/\W+/g, '-'),
    course_type: 'paid',
    complexity: 'Beginner',
    category_id: categoryId,
    course_description: '<p>A short course.</p>',
  });
  const section = await api<{ sections: { id: number }[] }>(admin, 'POST', `/admin/courses/${course.id}/sections/`, { title: 'Start here' });
  await api(admin, 'POST', `/admin/sections/${section.sections[0]!.id}/lessons/`, {
    lesson_title: `Welcome to ${title}`,
    lesson_type: 'Video',
    video_source: 'https://www.youtube.com/watch?v=rfscVS0vtbw',
    duration_seconds: 120,
  });
  await api(admin, 'PUT', `/admin/courses/${course.id}/prices/`, { prices: [{ region: 'US', amount, regular_amount: amount * 2 }] });
  await api(admin, 'POST', `/admin/courses/${course.id}/publish/`, {});
  return { id: course.id, slug: course.slug, title };
}

/** Fills the checkout's billing fields the signed-in student's profile left empty. */
async function completeBilling(page: Page) {
  const fill = async (label: string, value: string) => {
    const field = page.getByLabel(label, { exact: true });
    if (!(await field.inputValue())) await field.fill(value);
  };
  await fill('Full name', 'Asha Verma');
  await fill('Phone number', '+1 415 555 0100');
  await fill('Address', '1 Market Street');
  await expect.poll(() => page.getByLabel('Country').inputValue()).not.toBe('');
  const state = page.getByLabel('State / Province');
  await expect.poll(() => state.locator('option').count()).toBeGreaterThan(2);
  if (!(await state.inputValue())) await state.selectOption({ index: 2 });
  await fill('City', 'Springfield');
  await fill('PIN / Postal code', '94105');
}

/** Studio → Emails → New email: written, its audience picked and counted, sent after the confirm. */
async function sendEmail(a: Page, subject: string, audience: { value: string; course?: string }, expected: string | RegExp, people: string) {
  await a.goto('/admin/emails/new');
  await a.getByRole('heading', { name: 'New email' }).waitFor();
  await a.getByLabel('Subject').fill(subject);
  await a.getByRole('textbox', { name: 'Email' }).click();
  await a.keyboard.type('News from your instructor.');
  await a.getByLabel('Audience').selectOption(audience.value);
  if (audience.course) await a.getByLabel('Course').selectOption({ label: audience.course });
  await a.getByText(expected).first().waitFor();
  await a.getByRole('button', { name: 'Send now…' }).click();
  await a
    .getByRole('dialog', { name: `Send to ${people} now?` })
    .getByRole('button', { name: 'Send now' })
    .click();
  await a.waitForURL(/\/admin\/emails\/\d+$/);
  await a.getByRole('heading', { name: subject }).waitFor();
}

describe('business: a fresh site sells a bundle, refunds it in two parts and emails its students (issue 25)', () => {
  it('demo removed → bundle → fixed coupon → sale → part refund → email, unsubscribe → rest refunded, access gone', { timeout: 240_000 }, async () => {
    // The instructor, made with the admin CLI on this server, signs in.
    const adminEmail = `instructor-${stamp}@example.com`;
    const made = await sendAdminCommand(server.dataDir, {
      command: 'create-user',
      email: adminEmail,
      name: 'Meera Iyer',
      password,
      admin: true,
      verified: true,
    });
    expect(made.exitCode, made.output).toBe(0);
    const studio = await open();
    const a = studio.page;
    await signIn(a, adminEmail);

    // 1. Overview → the first-start checklist → 'Remove the demo content', confirmed after the list of what goes.
    const demoBefore = (await (await fetch(`${server.url}/api/v1/courses/`)).json()) as unknown[];
    expect(demoBefore.length).toBeGreaterThan(0);
    await a.goto('/admin');
    await a.getByRole('heading', { name: 'Make the site yours' }).waitFor();
    await a.getByRole('button', { name: 'Remove the demo content' }).click();
    const removal = a.getByRole('dialog', { name: 'Remove the demo content?' });
    await removal.getByText('Courses (').waitFor();
    await removal.getByRole('button', { name: 'Delete the demo content' }).click();
    await removal.waitFor({ state: 'hidden' });
    await a.getByText('No demo content left.').waitFor();
    expect(await (await fetch(`${server.url}/api/v1/courses/`)).json()).toEqual([]);
    expect(await (await fetch(`${server.url}/api/v1/bundles/`)).json()).toEqual([]);

    // 2. Two small paid courses (content through the studio's API; the demo's categories went with it).
    const category = await api<{ id: number }>(a, 'POST', '/admin/categories/', { category_name: 'Web development', slug: `web-${stamp}` });
    const first = await paidCourse(a, `Deploying Django ${stamp}`, category.id, 49);
    const second = await paidCourse(a, `Testing Django ${stamp}`, category.id, 39);

    // The bundle, built in Studio → Bundles: both courses, $70 (they cost $88 one by one), published after the confirm.
    const bundleTitle = `Django Shipping Kit ${stamp}`;
    await a.goto('/admin/bundles/new');
    await a.getByRole('heading', { name: 'New bundle' }).waitFor();
    await a.getByLabel('Title', { exact: true }).fill(bundleTitle);
    for (const course of [first, second]) {
      const picker = a.getByLabel('Add a course');
      await picker.locator('option', { hasText: course.title }).waitFor({ state: 'attached' });
      await picker.selectOption({ label: course.title });
      await a.getByRole('button', { name: 'Add course' }).click();
      await a.getByRole('button', { name: `Remove ${course.title}` }).waitFor();
    }
    await a.getByLabel('Bundle price in USD').fill('70');
    await a.getByText(/Buyers save \$18(\.00)? \(20%\) on \$88(\.00)? one by one/).waitFor();
    await a.getByRole('button', { name: 'Create draft' }).click();
    await a.waitForURL(/\/admin\/bundles\/\d+$/);
    await a.getByText('Ready to publish.').waitFor();
    await a.getByRole('button', { name: 'Publish', exact: true }).click();
    await a.getByRole('dialog').getByRole('button', { name: 'Publish', exact: true }).click();
    await a.getByRole('link', { name: 'Storefront', exact: true }).waitFor();
    const [bundle] = (await (await fetch(`${server.url}/api/v1/bundles/`)).json()) as { id: number; slug: string; title: string }[];
    expect(bundle?.title).toBe(bundleTitle);

    // A coupon taking $10 off, for the bundle only (Studio → Coupons).
    const code = `KIT10${stamp}`.toUpperCase();
    await a.goto('/admin/coupons');
    await a.getByRole('button', { name: 'New coupon' }).click();
    const couponDialog = a.getByRole('dialog', { name: 'New coupon' });
    await couponDialog.getByLabel('Code').fill(code);
    await couponDialog.getByText('A fixed amount').click();
    await couponDialog.getByLabel('Amount off in USD').fill('10');
    await couponDialog.getByLabel(bundleTitle).check();
    await couponDialog.getByText('Only the ticked bundle gets the discount.').waitFor();
    await couponDialog.getByRole('button', { name: 'Create coupon' }).click();
    await couponDialog.waitFor({ state: 'hidden' });
    await a.getByText(code).first().waitFor();

    // 3. A student buys the bundle from its page with the coupon, paying $60 in the sandbox Stripe checkout.
    const studentEmail = await createStudent('asha verma');
    const stayerEmail = await createStudent('rohan mehta');
    const shopper = await open();
    const s = shopper.page;
    await signIn(s, studentEmail);
    await s.goto(`/bundles/${bundle!.slug}`);
    await s.getByRole('heading', { level: 1, name: bundleTitle }).waitFor();
    await s.getByRole('button', { name: 'Add to cart' }).first().click();
    await s.getByRole('button', { name: 'Go to cart' }).first().click();
    await s.waitForURL(/\/checkout\/?$/);
    await s.getByRole('main').getByText(bundleTitle).first().waitFor();
    await s.getByLabel('Coupon code').fill(code);
    await s.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => s.getByTestId('coupon-badge').textContent()).toMatch(new RegExp(`${code} · \\$10(\\.00)? off`));
    await expect.poll(() => s.getByTestId('checkout-total').textContent()).toMatch(/^\$60(\.00)? USD/);
    await completeBilling(s);
    await s.getByRole('button', { name: 'Enroll Now' }).click();
    await s.waitForURL(/\/sandbox\/stripe\/checkout\//);
    await s.getByRole('button', { name: /^Pay / }).click();
    await s.waitForURL(/\/order\/success\/\?order_no=.+/);
    await s.getByRole('heading', { name: 'Congratulations' }).waitFor();
    const orderNumber = new URL(s.url()).searchParams.get('order_no')!;

    // Both courses open: each lesson page shows the student's progress, the course answers 'enrolled'.
    const access = (slug: string) => api<{ access: string }>(s, 'GET', `/courses/${slug}/`).then((c) => c.access);
    for (const course of [first, second]) {
      await s.goto(`/lesson/${course.slug}/`);
      await s.locator('#lesson-progress').waitFor();
      await s.locator('.lesson-details-title', { hasText: `Welcome to ${course.title}` }).waitFor();
      expect(await access(course.slug)).toBe('enrolled');
    }

    // 5a. The instructor emails the first course's students: the student is one, and unsubscribes in one click.
    const news = `Office hours on Friday ${stamp}`;
    await sendEmail(a, news, { value: 'course_students', course: first.title }, '1 person will receive this', '1 person');
    const copy = await mailTo(studentEmail, news);
    expect(copy.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const oneClick = /<(https?:\/\/[^>]+\/api\/v1\/email-preferences\/unsubscribe\/\?token=[^>]+)>/.exec(copy.headers['List-Unsubscribe'] ?? '')?.[1];
    expect(oneClick).toBeDefined();
    const unsubscribed = await fetch(oneClick!, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(unsubscribed.status).toBe(200);
    expect(await unsubscribed.json()).toEqual({ email: studentEmail, broadcasts: false });

    // 4a. Part of the order is refunded from its page, with a reason: access stays, and the receipt still arrives.
    await a.goto(`/admin/orders/${orderNumber}`);
    await a.getByRole('heading', { level: 1, name: `Order ${orderNumber}` }).waitFor();
    await a.getByRole('button', { name: 'Refund' }).click();
    const refund = a.getByRole('dialog');
    await refund.getByLabel('Amount (USD)').fill('25');
    await refund.getByLabel('Reason (optional)').fill('The second course is still being recorded.');
    await refund.getByRole('button', { name: 'Review refund' }).click();
    await refund.getByRole('button', { name: 'Refund $25.00' }).click();
    await a.getByRole('region', { name: 'Refunds' }).getByText('$35.00 left to refund').waitFor();
    const partReceipt = await mailTo(studentEmail, `Your refund for order ${orderNumber}`);
    expect(partReceipt.text).toContain('The second course is still being recorded.');
    for (const course of [first, second]) expect(await access(course.slug)).toBe('enrolled');

    // 5b. The next email skips the student who unsubscribed (everyone: the other student only).
    const next = `A new course is coming ${stamp}`;
    await sendEmail(a, next, { value: 'all' }, /1 person will receive this \(1 person in it unsubscribed/, '1 person');
    await mailTo(stayerEmail, next);

    // 4b. The rest is refunded (prefilled): the order is refunded, both courses close.
    await a.goto(`/admin/orders/${orderNumber}`);
    await a.getByRole('region', { name: 'Refunds' }).getByText('$35.00 left to refund').waitFor();
    await a.getByRole('button', { name: 'Refund more' }).click();
    await a.getByRole('dialog').getByRole('button', { name: 'Review refund' }).click();
    await a.getByRole('dialog').getByRole('button', { name: 'Refund $35.00' }).click();
    await a.locator('h1 .badge', { hasText: 'Refunded' }).waitFor();
    await a.getByRole('dialog').waitFor({ state: 'hidden' });
    // Its receipt arrives too (the second refund email), while the email they left never did.
    await mailTo(studentEmail, `Your refund for order ${orderNumber}`, 1);
    expect((await mailbox()).filter((m) => m.to === studentEmail).map((m) => m.subject)).not.toContain(next);

    for (const course of [first, second]) await expect.poll(() => access(course.slug)).toBe('none');
    await s.goto(`/lesson/${first.slug}/`);
    await s.getByRole('heading', { name: 'Course content' }).waitFor();
    expect(await s.locator('#lesson-progress').count()).toBe(0);

    expect(studio.errors).toEqual([]);
    expect(shopper.errors).toEqual([]);
    await studio.context.close();
    await shopper.context.close();
  });
});
