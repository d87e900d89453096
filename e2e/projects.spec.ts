// Issue 23, done when: a student hands in a project, a reviewer requests changes, the student
// resubmits, the admin approves, the letter page verifies, the PDF downloads, a signed-out employer
// checks the letter, the admin revokes it and the employer then reads that it was revoked.
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launch, openPage } from './browser';
import { createAdmin, createReviewer, createStudent, signIn } from './fixtures';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

const stamp = Date.now().toString(36);
const projectTitle = `Ship a URL Shortener ${stamp}`;
const criteria = ['The API has tests', 'It is deployed'];

/** A call as the signed-in user of `page` (the bearer the app keeps in localStorage). */
function apiIn(page: Page, path: string, method = 'GET') {
  return page.evaluate(
    async ({ path, method }) => {
      const token = localStorage.getItem('accessToken');
      const response = await fetch(`/api/v1${path}`, { method, headers: { Authorization: `Bearer ${token}` } });
      return { status: response.status, body: await response.text() };
    },
    { path, method },
  );
}

describe('projects and letters', () => {
  it('takes a project from hand-in through changes, approval and revocation to what an employer sees', async () => {
    const courses = (await (await fetch(`${baseUrl()}/api/v1/courses/`)).json()) as { id: number; slug: string; title: string; course_type: string }[];
    const course = courses.find((c) => c.course_type === 'free');
    if (!course) throw new Error('The demo catalog has no free course');

    const admin = await openPage(browser);
    const student = await openPage(browser);
    const reviewer = await openPage(browser);
    const employer = await openPage(browser, { width: 375 });
    await Promise.all([
      createAdmin('nikhil rao').then((email) => signIn(admin.page, email)),
      createStudent('asha verma').then((email) => signIn(student.page, email)),
      createReviewer('kavya menon').then((email) => signIn(reviewer.page, email)),
    ]);

    // The admin adds the project in the course editor's Projects tab.
    await admin.page.goto(`/admin/courses/${course.id}?tab=projects`);
    await admin.page.getByRole('button', { name: 'New project' }).click();
    const dialog = admin.page.getByRole('dialog', { name: 'New project' });
    await dialog.getByLabel('Title').fill(projectTitle);
    await dialog.getByLabel('Summary').fill('Proves you can build, test and deploy a small web service.');
    await dialog.getByRole('textbox', { name: 'Brief' }).fill('Build a URL shortener with an API and deploy it.');
    await dialog.getByRole('textbox', { name: 'Criteria it is judged by, item 1' }).fill(criteria[0]!);
    await dialog.getByRole('button', { name: 'Add a line' }).click();
    await dialog.getByRole('textbox', { name: 'Criteria it is judged by, item 2' }).fill(criteria[1]!);
    await dialog.getByRole('button', { name: 'Add project' }).click();
    await dialog.waitFor({ state: 'detached' });
    await admin.page.getByRole('heading', { name: new RegExp(projectTitle) }).waitFor();

    // The student enrols, finds the project on the course page and hands it in.
    expect((await apiIn(student.page, `/free-enroll/${course.id}/`, 'POST')).status).toBeLessThan(300);
    await student.page.goto(`/courses/${course.slug}`);
    const block = student.page.getByRole('region', { name: 'Earn a pre-experience letter' });
    await block.getByRole('heading', { name: `Project: ${projectTitle}` }).waitFor();
    await expect.poll(() => block.getByText('Reviewed personally by the instructor').count()).toBeGreaterThan(0);
    // The course may carry other projects (the demo seed's): this one's link.
    await block
      .getByRole('link', { name: /^Get your letter/ })
      .filter({ hasText: projectTitle })
      .click();
    await student.page.getByRole('heading', { level: 1, name: `Project: ${projectTitle}` }).waitFor();
    await student.page.getByText(criteria[0]!).first().waitFor();
    // A repository elsewhere than the four hosts is refused in the form, before anything is sent.
    await student.page.getByLabel('Repository URL').fill('https://example.com/asha/shortener');
    await student.page.getByRole('button', { name: 'Hand in project' }).click();
    await student.page
      .getByText(/GitHub, GitLab, Bitbucket or Codeberg/)
      .first()
      .waitFor();
    await student.page.getByLabel('Repository URL').fill('https://github.com/asha/shortener');
    await student.page.getByRole('button', { name: 'Hand in project' }).click();
    await student.page.getByRole('region', { name: 'Your submission' }).getByRole('heading', { name: 'Submitted' }).waitFor();

    // The reviewer finds it in the queue (the nav shows only Projects) and requests changes.
    await reviewer.page.goto('/admin');
    await reviewer.page.waitForURL(/\/admin\/projects\/?$/);
    expect(await reviewer.page.getByRole('navigation', { name: 'Studio' }).getByRole('link', { name: 'Orders' }).count()).toBe(0);
    await reviewer.page.getByRole('link', { name: projectTitle }).first().click();
    await reviewer.page.getByRole('heading', { name: 'Your review' }).waitFor();
    const repoLink = reviewer.page.getByRole('link', { name: /github\.com\/asha\/shortener/ });
    expect(await repoLink.getAttribute('target')).toBe('_blank');
    expect(await repoLink.getAttribute('rel')).toContain('noopener');
    expect(await reviewer.page.locator('iframe').count()).toBe(0);
    await reviewer.page.getByLabel(`Comment on ${criteria[0]}`).fill('Add tests for the redirect.');
    await reviewer.page.getByLabel('Overall feedback').fill('A good start: the redirect needs tests.');
    await reviewer.page.getByRole('button', { name: 'Request changes' }).click();
    await reviewer.page.getByRole('heading', { name: 'Decision' }).waitFor();
    // A reviewer may not reach the money (asked outside the page, whose console would log the refusal).
    const reviewerToken = (await reviewer.context.storageState()).origins.flatMap((o) => o.localStorage).find((item) => item.name === 'accessToken')?.value;
    const orders = await fetch(`${baseUrl()}/api/v1/admin/orders/`, { headers: { Authorization: `Bearer ${reviewerToken}` } });
    expect(orders.status).toBe(403);

    // The student reads the feedback criterion by criterion and resubmits.
    await student.page.goto('/projects/');
    const card = student.page.getByRole('region', { name: projectTitle });
    await card.getByRole('heading', { name: 'Changes requested' }).waitFor();
    await card.getByText('Add tests for the redirect.').waitFor();
    await card.getByRole('button', { name: 'Resubmit' }).click();
    await card.getByLabel('Notes for the reviewer (optional)').fill('Tests added for the redirect.');
    await card.getByRole('button', { name: 'Hand in again' }).click();
    await card.getByRole('heading', { name: 'Resubmitted' }).waitFor();

    // The admin approves the new round.
    await admin.page.goto('/admin/projects');
    await admin.page.getByRole('link', { name: projectTitle }).first().click();
    await admin.page.getByRole('heading', { name: 'Earlier rounds' }).waitFor();
    for (const criterion of criteria)
      await admin.page
        .getByRole('radiogroup', { name: `${criterion}: met or not yet` })
        .getByText('Met')
        .click();
    await admin.page.getByLabel('Overall feedback').fill('Well tested and deployed.');
    await admin.page.getByRole('button', { name: 'Approve', exact: true }).click();
    await admin.page
      .getByRole('heading', { name: /^Letter / })
      .getByText('Valid')
      .waitFor();

    // The letter page verifies; its owner downloads the PDF and can add it to LinkedIn.
    await student.page.goto('/projects/');
    await student.page.getByRole('region', { name: projectTitle }).getByRole('link', { name: 'Open your letter' }).click();
    await student.page.getByRole('heading', { name: 'Verified pre-experience letter' }).waitFor();
    const letterUrl = student.page.url();
    const letterId = new URL(letterUrl).pathname.split('/').filter(Boolean).at(-1)!;
    for (const criterion of criteria) await student.page.getByText(criterion).first().waitFor();
    const [download] = await Promise.all([student.page.waitForEvent('download'), student.page.getByRole('button', { name: 'Download PDF' }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    expect(
      readFileSync((await download.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const linkedIn = new URL((await student.page.getByRole('link', { name: /Add to LinkedIn/ }).getAttribute('href'))!);
    expect(linkedIn.origin + linkedIn.pathname).toBe('https://www.linkedin.com/profile/add');
    expect(linkedIn.searchParams.get('startTask')).toBe('CERTIFICATION_NAME');
    expect(linkedIn.searchParams.get('certUrl')).toContain(`/letters/${letterId}`);
    expect(linkedIn.searchParams.get('certId')).toBeTruthy();
    const credential = await fetch(new URL((await student.page.getByRole('link', { name: /Signed credential/ }).getAttribute('href'))!, baseUrl()));
    expect(credential.status).toBe(200);
    expect((await credential.text()).split('.')).toHaveLength(3);

    // A signed-out employer checks it on a phone: valid, no download.
    await employer.page.goto(`/letters/${letterId}`);
    await employer.page.getByRole('heading', { name: 'Verified pre-experience letter' }).waitFor();
    await employer.page
      .getByText(/Kavya Menon|Nikhil Rao/i)
      .first()
      .waitFor();
    expect(await employer.page.getByRole('button', { name: 'Download PDF' }).count()).toBe(0);
    expect(await employer.page.content()).not.toContain('@example.com');

    // The admin revokes it with a reason; the employer now reads that it was revoked, and the credential is gone.
    await admin.page.getByRole('button', { name: 'Revoke letter' }).click();
    const revoke = admin.page.getByRole('dialog', { name: 'Revoke this letter?' });
    await revoke.getByLabel('Reason').fill('The repository was copied from another student.');
    await revoke.getByRole('button', { name: 'Revoke letter' }).click();
    await admin.page
      .getByRole('heading', { name: /^Letter / })
      .getByText('Revoked')
      .waitFor();
    await employer.page.reload();
    await employer.page.getByRole('heading', { name: 'Revoked pre-experience letter' }).waitFor();
    await employer.page.getByText(/revoked on/).waitFor();
    expect((await fetch(new URL(`/api/v1/letters/${letterId}/credential/`, baseUrl()))).status).toBe(410);

    for (const { errors, context } of [admin, student, reviewer, employer]) {
      expect(errors).toEqual([]);
      await context.close();
    }
  }, 180_000);
});
