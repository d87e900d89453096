// Issue 12, done when: first-run setup creates the admin; the admin creates a course with two
// sections and three lessons, prices it, publishes it; a student buys it in the sandbox and opens a
// lesson; the admin sees the order and its revenue, refunds it; the student has lost access; the
// audit log shows each step. Its own server: the first-run link is read from that server's log.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch } from './browser';
import { startSandboxServer, type SandboxServer } from './sandbox';

/** A fresh server (no admin yet) and the one-time setup link it prints. */
async function startFreshServer(): Promise<SandboxServer & { setupLink: string }> {
  const server = await startSandboxServer({ name: 'studio', captureLog: true });
  // The link is printed just after the server starts listening.
  const deadline = Date.now() + 30_000;
  for (;;) {
    const link = /(http:\/\/\S+\/admin\/setup\?token=\S+)/.exec(server.log())?.[1];
    if (link) return { ...server, setupLink: link };
    if (Date.now() > deadline) {
      await server.stop();
      throw new Error('No setup link within 30 s of the start');
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

let browser: Browser;
let server: Awaited<ReturnType<typeof startFreshServer>>;
beforeAll(async () => {
  [browser, server] = await Promise.all([launch(), startFreshServer()]);
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function open(width = 1280) {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width, height: 900 } });
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

const stamp = Date.now().toString(36);
const admin = { name: 'Meera Iyer', email: `meera-${stamp}@example.com`, password: 'Studio!Passw0rd' };
const student = { email: `student-${stamp}@example.com` };
const courseTitle = `Shipping Web Apps ${stamp}`;

async function addLesson(page: Page, section: string, title: string, kind: 'Video' | 'Article') {
  // By its heading: a section's title is also an option of the other sections' 'Move to' menus.
  await page
    .locator('.curriculum-section')
    .filter({ has: page.getByRole('heading', { name: section }) })
    .getByRole('button', { name: 'Add lesson' })
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Title', { exact: true }).fill(title);
  if (kind === 'Video') {
    await dialog.getByLabel('Video address').fill('https://youtu.be/dQw4w9WgXcQ');
    await dialog.getByText('YouTube video dQw4w9WgXcQ').waitFor();
    await dialog.getByLabel('Minutes').fill('4');
  } else {
    await dialog.getByText('Article', { exact: true }).click();
    const editor = dialog.getByRole('textbox', { name: 'Article' });
    await editor.click();
    await page.keyboard.type('Deploying is a habit, not an event.');
    await dialog.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type(' Ship small.');
  }
  await dialog.getByRole('button', { name: 'Add lesson' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.locator('.curriculum-lesson', { hasText: title }).waitFor();
}

async function fillBilling(page: Page, email: string) {
  await page.getByLabel('Full name').fill('Ravi Menon');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Phone number').fill('+1 415 555 0100');
  await page.getByLabel('Address', { exact: true }).fill('1 Market Street');
  const state = page.getByLabel('State / Province');
  await expect.poll(() => state.locator('option').count()).toBeGreaterThan(2);
  await state.selectOption({ index: 2 });
  await page.getByLabel('City').fill('Springfield');
  await page.getByLabel('PIN / Postal code').fill('94105');
  await page.getByLabel('Password', { exact: true }).fill('Str0ng!Passw0rd');
}

describe('studio: the whole business from the browser (issue 12)', () => {
  it('setup → course → price → publish → a sale → refund → access gone → audit log', { timeout: 300_000 }, async () => {
    const studio = await open();
    const { page } = studio;

    // First run: the link from the server's log creates the instructor's account and signs them in.
    await page.goto(server.setupLink);
    await page.getByLabel('Full name').fill(admin.name);
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password', { exact: true }).fill(admin.password);
    await page.getByRole('button', { name: 'Create instructor account' }).click();
    await page.waitForURL(/\/admin\/courses$/);
    await page.getByText(admin.name).first().waitFor();
    // The link is spent.
    expect(
      ((await (await fetch(`${server.url}/api/v1/setup/?token=${new URL(server.setupLink).searchParams.get('token')}`)).json()) as { state: string }).state,
    ).toBe('done');

    // A course with two sections and three lessons.
    await page.getByRole('link', { name: 'New course' }).click();
    await page.getByLabel('Title', { exact: true }).fill(courseTitle);
    await page.getByLabel('Category').selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Create draft' }).click();
    await page.waitForURL(/\/admin\/courses\/\d+\?tab=curriculum$/);
    const courseId = Number(/courses\/(\d+)/.exec(page.url())![1]);
    for (const section of ['Getting started', 'Going live']) {
      await page.getByLabel('New section').fill(section);
      await page.getByRole('button', { name: 'Add section' }).click();
      await page.locator('.curriculum-section', { hasText: section }).waitFor();
    }
    await addLesson(page, 'Getting started', 'Welcome and setup', 'Video');
    await addLesson(page, 'Getting started', 'The deploy habit', 'Article');
    await addLesson(page, 'Going live', 'Your first release', 'Video');

    // Keyboard reordering: the second lesson moves above the first (Space, ArrowUp, Space).
    await page.getByRole('button', { name: 'Move lesson The deploy habit' }).focus();
    // dnd-kit measures between key presses: give each a moment.
    for (const key of ['Space', 'ArrowUp', 'Space']) {
      await page.keyboard.press(key);
      await page.waitForTimeout(300);
    }
    await expect
      .poll(async () =>
        (
          await page
            .locator('.curriculum-section')
            .filter({ has: page.getByRole('heading', { name: 'Getting started' }) })
            .locator('.curriculum-lesson')
            .allTextContents()
        ).map((t) => t.slice(0, 16)),
      )
      .toEqual(['The deploy habit', 'Welcome and setu']);

    // Prices, then publish (confirmed).
    await page.getByRole('tab', { name: 'Prices' }).click();
    await page.getByRole('button', { name: 'Set a USD price' }).click();
    await page.locator('#price-US-amount').fill('49');
    await page.locator('#price-US-regular').fill('99');
    await page.getByRole('button', { name: 'Save prices' }).click();
    await page.getByText('Now: $49.00').waitFor();
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Publish' }).click();
    await page.locator('h1 .badge', { hasText: 'published' }).waitFor();
    const course = (await (await fetch(`${server.url}/api/v1/courses/`)).json()) as { id: number; slug: string; title: string }[];
    const listed = course.find((c) => c.id === courseId);
    expect(listed?.title).toBe(courseTitle);

    // A student buys it through the sandbox Stripe checkout and opens a lesson.
    const shopper = await open();
    const buyer = shopper.page;
    await buyer.goto(`/courses/${listed!.slug}`);
    await buyer.getByRole('heading', { level: 1, name: courseTitle }).waitFor();
    await buyer.getByRole('button', { name: 'Add to cart' }).first().click();
    await buyer.getByRole('button', { name: 'Go to cart' }).first().click();
    await buyer.waitForURL(/\/checkout\/?$/);
    await fillBilling(buyer, student.email);
    await buyer.getByRole('button', { name: 'Enroll Now' }).click();
    await buyer.waitForURL(/\/sandbox\/stripe\/checkout\//);
    await buyer.getByRole('button', { name: /^Pay / }).click();
    await buyer.waitForURL(/\/order\/success\/\?order_no=.+/);
    await buyer.getByRole('heading', { name: 'Congratulations' }).waitFor();
    await buyer.goto(`/lesson/${listed!.slug}/`);
    await buyer.locator('#lesson-progress').waitFor();
    await buyer.locator('.lesson-details-title', { hasText: 'The deploy habit' }).waitFor();
    const access = () =>
      buyer.evaluate(async (slug) => {
        const res = await fetch(`/api/v1/courses/${slug}/`, { headers: { Authorization: `Bearer ${localStorage.getItem('accessToken')}` } });
        return ((await res.json()) as { access: string }).access;
      }, listed!.slug);
    expect(await access()).toBe('enrolled');

    // The admin sees the order and its revenue, and refunds it (confirmed).
    await page.getByRole('link', { name: 'Overview' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    await page.getByRole('region', { name: 'Revenue table' }).getByText('$49.00').first().waitFor();
    await page.getByRole('link', { name: 'Orders' }).first().click();
    const row = page.locator('tbody tr', { hasText: student.email });
    await row.waitFor();
    expect(await row.textContent()).toContain('$49.00');
    expect(await row.textContent()).toContain('Paid');
    await row.getByRole('link').click();
    await page.getByRole('heading', { level: 1, name: /^Order LEC-/ }).waitFor();
    await page.getByText(courseTitle).waitFor();
    // First a part, with a reason the buyer reads: access stays.
    await page.getByRole('button', { name: 'Refund' }).click();
    const refund = page.getByRole('dialog');
    await refund.getByLabel('Amount (USD)').fill('20');
    await refund.getByLabel('Reason (optional)').fill('The last module is not ready yet.');
    await refund.getByRole('button', { name: 'Review refund' }).click();
    await refund.getByRole('button', { name: 'Refund $20.00' }).click();
    await page.getByRole('region', { name: 'Refunds' }).getByText('$29.00 left to refund').waitFor();
    await page.getByRole('region', { name: 'Refunds' }).getByText('“The last module is not ready yet.”').waitFor();
    expect(await access()).toBe('enrolled');
    // Then the rest (prefilled): the order is refunded and access ends.
    await page.getByRole('button', { name: 'Refund more' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Review refund' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Refund $29.00' }).click();
    await page.locator('h1 .badge', { hasText: 'Refunded' }).waitFor();
    // The dialog fades out after the refund: count the page's buttons once it has gone.
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    expect(await page.getByRole('button', { name: /^Refund/ }).count()).toBe(0);

    // The student has lost access: no progress panel, the course answers 'none'.
    await expect.poll(access).toBe('none');
    await buyer.goto(`/lesson/${listed!.slug}/`);
    await buyer.getByRole('heading', { name: 'Course content' }).waitFor();
    expect(await buyer.locator('#lesson-progress').count()).toBe(0);

    // The audit log shows each step.
    // Its own table (by its caption): until the audit page is shown, the order's payments table is on screen.
    await page.getByRole('link', { name: 'Audit log' }).first().click();
    await page.waitForURL(/\/admin\/audit-log$/);
    await page.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
    const auditTable = page.getByRole('table', { name: 'Changes, newest first' });
    await auditTable.locator('tbody tr').first().waitFor();
    const log = (await auditTable.locator('tbody').textContent()) ?? '';
    for (const action of [
      'admin.setup',
      'course.create',
      'section.create',
      'lesson.create',
      'course.reorder',
      'course.prices',
      'course.publish',
      'order.refund',
    ])
      expect(log, action).toContain(action);

    expect(studio.errors).toEqual([]);
    expect(shopper.errors).toEqual([]);
    await studio.context.close();
    await shopper.context.close();
  });
});
