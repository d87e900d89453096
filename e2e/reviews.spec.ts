import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launch, openPage } from './browser';
import { createStudent, signIn } from './fixtures';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

const SLUG = 'html-css-fundamentals';

interface Card {
  slug: string;
  ratings: number;
  ratings_count: number;
}
const cardFromApi = async () => ((await (await fetch(`${baseUrl()}/api/v1/courses/`)).json()) as Card[]).find((c) => c.slug === SLUG)!;

describe('ratings and reviews', () => {
  it('a student finishes a lesson, rates the course, and its card shows the new average', { timeout: 120_000 }, async () => {
    const before = await cardFromApi();
    expect(before.ratings_count).toBeGreaterThan(0);
    const email = await createStudent('rosa  DIAZ');
    const { context, page, errors } = await openPage(browser);
    await signIn(page, email);

    // Enrolled but nothing completed: no form yet.
    await page.goto(`/courses/${SLUG}`);
    await page.getByRole('button', { name: 'Enroll Now' }).click();
    await page.getByText('Successfully enrolled in the course!').waitFor();
    await page.getByRole('heading', { name: 'Student reviews' }).waitFor();
    expect(await page.getByRole('form', { name: 'Rate this course' }).count()).toBe(0);

    // The first lesson: an article completes when it opens; a video when its player reports the end.
    await page.getByRole('link', { name: /Start Course/ }).click();
    await page.locator('#lesson-progress').waitFor();
    if (await page.locator('iframe[data-provider]').count()) {
      await page.evaluate(() => {
        const frame = document.querySelector<HTMLIFrameElement>('iframe[data-provider]')!;
        const vimeo = frame.dataset.provider === 'vimeo';
        window.dispatchEvent(
          new MessageEvent('message', {
            data: JSON.stringify(vimeo ? { event: 'ended' } : { event: 'onStateChange', info: 0 }),
            origin: vimeo ? 'https://player.vimeo.com' : new URL(frame.src).origin,
            source: frame.contentWindow,
          }),
        );
      });
    }
    await expect
      .poll(() => page.locator('#lesson-progress [data-testid="progress-label"]').textContent(), { timeout: 10_000 })
      .toMatch(/Your progress: 1 of \d+ lessons complete/);

    // Rate it: one star, with words that look like HTML.
    await page.goto(`/courses/${SLUG}`);
    const form = page.getByRole('form', { name: 'Rate this course' });
    await form.waitFor();
    await form.getByRole('button', { name: 'Post review' }).click();
    await form.getByText('Choose from 1 to 5 stars.').waitFor();
    await form.getByTitle('1 star', { exact: true }).click();
    expect(await form.getByLabel('1 star', { exact: true }).isChecked()).toBe(true);
    const words = 'Too fast for me. <b>Not bold</b>';
    await form.getByLabel(/Your review/).fill(words);
    await form.getByRole('button', { name: 'Post review' }).click();
    await page.getByText('Thank you: your review is saved.').waitFor();

    const after = await cardFromApi();
    expect(after.ratings_count).toBe(before.ratings_count + 1);
    expect(after.ratings).toBeLessThan(before.ratings);
    const figure = `${after.ratings.toFixed(1)}/5.0`;

    // The course page: the review with the name by the one name rule, 'Verified student', the words as text.
    const list = page.locator('.course-review', { hasText: 'Rosa Diaz' });
    await list.getByText(words, { exact: true }).waitFor();
    await list.getByText('Verified student').waitFor();
    expect(await page.locator('.course-review b').count()).toBe(0);
    await page.locator('.course-reviews').getByText(figure).waitFor();

    // The course card shows the new average: on the catalog reached from the header (the browser
    // fetched the list before, on the home page), and on a freshly loaded one.
    const card = page.locator('.course-card', { has: page.getByRole('heading', { name: /^HTML & CSS Fundamentals/ }) });
    await page.getByRole('navigation').getByRole('link', { name: 'Courses', exact: true }).first().click();
    await page.waitForURL((url) => url.pathname === '/courses');
    await card.getByText(figure).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await card.getByText(figure).count()).toBe(1);
    await page.goto('/courses');
    await card.getByText(figure).waitFor();

    // An edit is an edit: the count stays.
    await page.goto(`/courses/${SLUG}`);
    const edit = page.getByRole('form', { name: 'Your review' });
    await edit.getByTitle('2 stars', { exact: true }).click();
    expect(await edit.getByLabel('2 stars', { exact: true }).isChecked()).toBe(true);
    await edit.getByRole('button', { name: 'Update review' }).click();
    await page.getByText('Your review is updated.').waitFor();
    expect((await cardFromApi()).ratings_count).toBe(after.ratings_count);

    // /course-reviews lists it among the newest, filtered by course and stars.
    await page.goto(`/course-reviews?course=${SLUG}&stars=2`);
    await page.locator('.course-review', { hasText: 'Rosa Diaz' }).waitFor();

    expect(errors).toEqual([]);
    await context.close();
  });
});
