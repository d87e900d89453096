import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launch, openPage } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

describe('the public storefront', () => {
  it('home → courses → a course → preview lesson → share Copy link', async () => {
    const { context, page, errors } = await openPage(browser);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    await page.goto('/');
    await page.getByRole('heading', { name: 'Learn For Free' }).waitFor();
    await page.getByRole('link', { name: 'Explore Courses' }).first().click();
    await page.waitForURL(/\/courses\/?$/);
    await page.getByRole('heading', { name: 'Premium Courses' }).waitFor();

    const firstPremium = page.locator('.course-card a[href^="/courses/"]').first();
    await firstPremium.waitFor();
    const href = await firstPremium.getAttribute('href');
    await firstPremium.click();
    await page.waitForURL(`**${href}`);
    await page.getByRole('heading', { level: 1 }).waitFor();

    await page.getByRole('tab', { name: 'Curriculum' }).click();
    await page
      .getByRole('button', { name: /^Preview (?!this course)/ })
      .first()
      .click();
    const modal = page.getByRole('dialog');
    await modal.waitFor();
    expect(await modal.textContent()).toContain('Lesson Preview - ');
    await modal.locator('iframe').waitFor();
    await modal.getByRole('button', { name: /close/i }).click();
    await modal.waitFor({ state: 'detached' });

    const alert = new Promise<string>((resolve) => page.once('dialog', (dialog) => void dialog.accept().then(() => resolve(dialog.message()))));
    await page.getByRole('button', { name: /share/i }).first().click();
    await page
      .getByRole('button', { name: 'Copy link' })
      .or(page.getByRole('menuitem', { name: 'Copy link' }))
      .first()
      .click();
    expect(await alert).toBe('Link copied to clipboard!');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseUrl()}${href}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('contact form: shows the rules, then sends once the captcha is solved', async () => {
    const { context, page, errors } = await openPage(browser);
    await page.goto('/contact');
    await page.getByRole('button', { name: /send/i }).click();
    for (const message of ['Name is required', 'Email is required', 'Please select a role'])
      await page.locator('.invalid-feedback', { hasText: message }).waitFor();

    await page.getByLabel('Name').fill('Priya Natarajan');
    await page.getByLabel('Email').fill('priya@example');
    await page.getByLabel('Role').selectOption('other');
    await page.getByRole('button', { name: /send/i }).click();
    await page.locator('.invalid-feedback', { hasText: 'Enter a valid email address' }).waitFor();
    await page.locator('.invalid-feedback', { hasText: 'Please specify' }).waitFor();

    await page.getByLabel('Email').fill('priya@example.com');
    await page.getByLabel('Please specify').fill('Hiring manager');
    await page.getByLabel('Message').fill('We would like a private Django workshop for our team of twelve.');
    await page.locator('altcha-widget input[type="checkbox"]').click();
    await page.locator('altcha-widget [data-state="verified"], altcha-widget .altcha[data-state="verified"]').first().waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: /send/i }).click();
    await page.getByText(/your message has been sent/i).waitFor();
    expect(await page.getByLabel('Name').inputValue()).toBe('');

    const mailbox = await (await fetch(`${baseUrl()}/api/v1/dev/mailbox/`)).json();
    const deadline = Date.now() + 10_000;
    let found = JSON.stringify(mailbox).includes('private Django workshop');
    while (!found && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 300));
      found = JSON.stringify(await (await fetch(`${baseUrl()}/api/v1/dev/mailbox/`)).json()).includes('private Django workshop');
    }
    expect(found).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('serves a course page whose raw HTML (no JavaScript) holds its share tags', async () => {
    const courses = (await (await fetch(`${baseUrl()}/api/v1/courses/`)).json()) as { slug: string; title: string }[];
    const course = courses[0]!;
    const html = await (await fetch(`${baseUrl()}/courses/${course.slug}`)).text();
    expect(html).toContain(`<meta property="og:url" content="${baseUrl()}/courses/${course.slug}">`);
    expect(html).toMatch(/<meta property="og:title" content="[^"]+">/);
    expect(html).toMatch(/<meta property="og:image" content="http[^"]+">/);
    expect(html).toMatch(/<meta property="og:description" content="[^"]+">/);
    expect(html).toContain('"@type":"Course"');
    const linkedIn = await fetch(`${baseUrl()}/course/${course.slug}`);
    expect(linkedIn.status).toBe(200);
  });

  it('answers an unknown address with a real 404 page', async () => {
    const { context, page } = await openPage(browser);
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await context.close();
  });

  it('hydrates the server-rendered public pages without console errors, keeping the nodes the server sent', async () => {
    const courses = (await (await fetch(`${baseUrl()}/api/v1/courses/`)).json()) as { slug: string; title: string; course_type: string }[];
    const paid = courses.find((c) => c.course_type === 'paid')!;
    const pages: [string, number][] = [
      ['/', 200],
      ['/courses', 200],
      [`/courses/${paid.slug}`, 200],
      ['/subscribe', 200],
      ['/services', 200],
      ['/roadmap', 200],
      ['/course-reviews', 200],
      ['/contact', 200],
      ['/terms-and-conditions', 200],
      ['/courses/no-such-course', 404],
      ['/no-such-page', 404],
    ];
    for (const width of [375, 1280]) {
      const { context, page, errors } = await openPage(browser, { width });
      // The server's <h1>, taken before any script runs: hydration adopts it, a client render would replace it.
      await page.addInitScript(() => {
        document.addEventListener('readystatechange', () => {
          if (document.readyState === 'interactive') (window as unknown as { serverH1: Element | null }).serverH1 = document.querySelector('h1');
        });
      });
      for (const [path, status] of pages) {
        const response = await page.goto(path, { waitUntil: 'networkidle' });
        expect(response?.status(), path).toBe(status);
        const adopted = await page.evaluate(() => {
          const h1 = (window as unknown as { serverH1: Element | null }).serverH1;
          return Boolean(h1) && h1 === document.querySelector('h1') && h1!.isConnected && '__LECTERN_STATE__' in window;
        });
        expect(adopted, path).toBe(true);
      }
      expect(errors.filter((e) => !/status of 404/.test(e))).toEqual([]);
      await context.close();
    }
  });
});
