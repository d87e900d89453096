import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { learningMessages } from '../src/shared/learning';
import { baseUrl, launch, openPage } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

const password = 'Str0ng!Passw0rd';

/** A verified student: registered through the API, activated through the link in the dev mailbox. */
async function createStudent(fullName: string): Promise<string> {
  const email = `learner-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const registered = await fetch(`${baseUrl()}/api/v1/register/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ full_name: fullName, email, password }),
  });
  expect(registered.status).toBeLessThan(300);
  const deadline = Date.now() + 15_000;
  for (;;) {
    const { messages } = (await (await fetch(`${baseUrl()}/api/v1/dev/mailbox/`)).json()) as { messages: { to: string; text: string }[] };
    const link = messages.find((m) => m.to.includes(email))?.text.match(/https?:\/\/\S+\/verify-email\/\S+/)?.[0];
    if (link) {
      const verified = await fetch(link, { redirect: 'manual' });
      expect(verified.status).toBeLessThan(400);
      return email;
    }
    if (Date.now() > deadline) throw new Error(`No verification email for ${email}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

async function logIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

/** What the provider's player posts when a video plays to its end (YouTube onStateChange 0, Vimeo 'ended'), from the player's frame. */
async function playToEnd(page: Page) {
  await page.evaluate(() => {
    const frame = document.querySelector<HTMLIFrameElement>('iframe[data-provider]');
    if (!frame) throw new Error('No video player on the page');
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

const progressLabel = (page: Page) => page.locator('#lesson-progress [data-testid="progress-label"]').textContent();

describe('learning', () => {
  it('a visitor opens a preview lesson and sees the locked panel on a premium one', async () => {
    const { context, page, errors } = await openPage(browser);
    await page.goto('/lesson/python-foundations/');
    await page.getByRole('heading', { level: 1, name: /Python Foundations/ }).waitFor();
    await page.getByRole('heading', { name: 'Course content' }).waitFor();

    const player = page.locator('iframe[data-provider]');
    await player.waitFor();
    expect(await player.getAttribute('title')).toMatch(/^Lesson 1: /);
    expect(await player.getAttribute('src')).toMatch(/^https:\/\/(www\.youtube-nocookie\.com\/embed\/.+enablejsapi=1|player\.vimeo\.com\/video\/.+api=1)/);
    expect(await page.getByText('Free Preview').count()).toBeGreaterThan(0);
    expect(await page.locator('#lesson-progress').count()).toBe(0);

    const premium = page.locator('.lesson-item', { hasText: 'Premium' }).first().getByRole('button').first();
    const premiumName = (await premium.locator('.lesson-item-title').textContent()) ?? '';
    expect(premiumName).toMatch(/^Lesson \d+: /);
    await premium.click();
    const panel = page.getByTestId('locked-panel');
    await panel.getByRole('heading', { name: 'Premium Video Locked' }).waitFor();
    expect(await panel.textContent()).toContain('exclusive to members');
    expect(await panel.getByRole('link', { name: "you'll need to login" }).getAttribute('href')).toBe('/login');
    expect(await panel.getByRole('link', { name: /membership plans/ }).getAttribute('href')).toBe('/subscribe?scrollTo=plans');
    expect(await page.locator('iframe').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/lesson/python-foundations/');

    // A lesson's own address (section and lesson by numeric id) opens the same locked view.
    const course = (await (await fetch(`${baseUrl()}/api/v1/courses/python-foundations/`)).json()) as {
      sections: { id: number; lessons: { id: number; enable_preview: boolean }[] }[];
    };
    const section = course.sections[0]!;
    const locked = section.lessons.find((l) => !l.enable_preview)!;
    await page.goto(`/lesson/python-foundations/${section.id}/${locked.id}/`);
    await page.getByRole('heading', { name: 'Premium Video Locked' }).waitFor();

    expect(errors).toEqual([]);
    await context.close();
  });

  it('a student free-enrols, finishes every lesson, downloads the certificate, verifies it and restarts', { timeout: 180_000 }, async () => {
    const email = await createStudent('asha verma');
    const { context, page, errors } = await openPage(browser);
    await logIn(page, email);

    // Free enrolment from the course page.
    await page.goto('/courses/javascript-essentials');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Enroll Now' }).click();
    await page.getByText('Successfully enrolled in the course!').waitFor();
    await page.getByRole('link', { name: /Start Course/ }).click();
    await page.waitForURL(/\/lesson\/javascript-essentials\/?$/);

    // Every lesson: an article completes when it opens; a video when its player reports the end.
    await page.locator('#lesson-progress').waitFor();
    const total = Number((await progressLabel(page))!.match(/of (\d+) lessons/)![1]);
    expect(total).toBeGreaterThan(5);
    for (let done = 1; done <= total; done++) {
      const title = await page.locator('.lesson-details-title').textContent();
      expect(title).toMatch(new RegExp(`^Lesson ${done}: `));
      if (await page.locator('iframe[data-provider]').count()) await playToEnd(page);
      else await page.getByRole('heading', { name: 'Lesson Overview' }).waitFor();
      await expect.poll(() => progressLabel(page), { timeout: 10_000 }).toBe(`Your progress: ${done} of ${total} lessons complete`);
      if (done < total) {
        await page.getByRole('button', { name: 'Next lesson', exact: true }).click();
        await page.locator('.lesson-details-title', { hasText: `Lesson ${done + 1}: ` }).waitFor();
      }
    }
    expect(new URL(page.url()).pathname).toMatch(/^\/lesson\/javascript-essentials\/[0-9a-f-]{36}\/[0-9a-f-]{36}\/$/);
    await expect.poll(() => page.locator('#lesson-progress .progress-ring-text').textContent()).toBe('100%');
    await page.locator('#lesson-progress').click();
    await page.getByText(`${total} of ${total} complete.`).waitFor();

    // The course card agrees.
    await page.goto('/courses/javascript-essentials');
    await page.getByRole('button', { name: /Restart Course/ }).waitFor();
    await page.getByTestId('course-progress').getByText('100%').waitFor();

    // The certificate: download the PDF, then open its public verification page.
    await page.goto('/certificate-download/');
    const card = page.locator('.certificate-card', { hasText: 'JavaScript' });
    await card.waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: /Download PDF/ }).click()]);
    expect(download.suggestedFilename()).toMatch(/^certificate-LEC-[A-Z0-9]+\.pdf$/);
    expect(
      readFileSync((await download.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const certificateId = (await card.locator('.certificate-id').textContent())!;
    await card.locator('.certificate-id').click();
    await page.waitForURL(`**/certificates/${certificateId}`);
    await page.getByRole('heading', { name: 'Verified certificate' }).waitFor();
    await page.locator('#main dd', { hasText: 'Asha Verma' }).waitFor();

    // A visitor can verify it too.
    const visitor = await openPage(browser);
    await visitor.page.goto(`/certificates/${certificateId}`);
    await visitor.page.getByRole('heading', { name: 'Verified certificate' }).waitFor();
    await visitor.page.goto('/certificates/LEC-NOTAREALID');
    await visitor.page.getByText('We could not find a certificate with this id.').waitFor();
    await visitor.context.close();

    // Restart: back to 0 %.
    await page.goto('/courses/javascript-essentials');
    await page.getByRole('button', { name: /Restart Course/ }).click();
    await page.getByRole('link', { name: /Continue Course/ }).waitFor();
    await page.getByTestId('course-progress').getByText('0%').waitFor();
    await page.getByText(`0 of ${total} lessons completed`).waitFor();
    await page.goto('/dashboard/');
    const row = page.locator('tr', { hasText: 'JavaScript' });
    await row.getByRole('link', { name: /^Continue / }).waitFor();

    // 'Complete Course' before every lesson is done: refused with how far the learner is, no new certificate.
    await page.goto('/courses/javascript-essentials');
    await page.getByRole('button', { name: /Complete Course/ }).click();
    await page.getByRole('alert').getByText(learningMessages.finishEveryLesson(0, total)).waitFor();
    await page.getByTestId('course-progress').getByText('0%').waitFor();

    // A lesson ticked and unticked by hand in the player's course content.
    await page.getByRole('link', { name: /Continue Course/ }).click();
    await page.locator('#lesson-progress').waitFor();
    // (An article completes when it opens: let that settle first.)
    await page.waitForLoadState('networkidle');
    const firstBox = page.getByRole('checkbox', { name: /^Lesson 1: .* completed$/ });
    const wasTicked = await firstBox.isChecked();
    const doneBefore = wasTicked ? 1 : 0;
    // (A click, then the box follows: it shows the cached course, which the click updates at once.)
    await firstBox.click();
    await expect.poll(() => firstBox.isChecked()).toBe(!wasTicked);
    await expect.poll(() => progressLabel(page), { timeout: 10_000 }).toBe(`Your progress: ${1 - doneBefore} of ${total} lessons complete`);
    await page.reload();
    await page.locator('#lesson-progress').waitFor();
    expect(await firstBox.isChecked()).toBe(!wasTicked);
    await firstBox.click();
    await expect.poll(() => firstBox.isChecked()).toBe(wasTicked);
    await expect.poll(() => progressLabel(page), { timeout: 10_000 }).toBe(`Your progress: ${doneBefore} of ${total} lessons complete`);

    // The expected 404 of the unknown certificate is the visitor's, not this page's; the one 409 is 'Complete Course' refused.
    expect(errors).toEqual(['Failed to load resource: the server responded with a status of 409 (Conflict)']);
    await context.close();
  });
});
