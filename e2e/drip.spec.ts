// Issue 24's walk, end to end: the instructor builds a quiz and a drip schedule in the studio's
// curriculum editor; a student fails then passes the quiz, finds the dripped lesson locked with its
// date (in their own locale) and none of its content; the instructor opens it early from the
// student's page; the student opens it, finishes the course, rates it, and the course card shows the
// new average where it said 'New'.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launch, openPage } from './browser';
import { apiAs, createAdmin, createStudent, signIn } from './fixtures';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

interface DetailLesson {
  id: number;
  uuid: string;
  lesson_title: string;
  is_locked: boolean;
  available_at: string | null;
  video_source: string | null;
}

describe('a paced course', () => {
  it('is built with a quiz and a drip schedule, passed, opened early, finished and rated', { timeout: 240_000 }, async () => {
    const stamp = Date.now().toString(36);
    const title = `Paced Flask ${stamp}`;
    const admin = await openPage(browser);
    await signIn(admin.page, await createAdmin('nikhil rao'));
    const adminStorage = await admin.context.storageState();
    const categoryId = ((await apiAs(adminStorage, '/admin/categories/')) as { id: number }[])[0]!.id;
    const course = (await apiAs(adminStorage, '/admin/courses/', {
      title,
      subtitle: 'A course that opens a week at a time',
      slug: `paced-flask-${stamp}`,
      course_type: 'free',
      complexity: 'Beginner',
      category_id: categoryId,
      course_description: '<p>One week at a time.</p>',
    })) as { id: number; slug: string };
    await apiAs(adminStorage, `/admin/courses/${course.id}/sections/`, { title: 'Week one' });

    // The studio: a quiz, an open lesson and a lesson released 7 days after the student's access began.
    const a = admin.page;
    await a.goto(`/admin/courses/${course.id}?tab=curriculum`);
    const dialog = a.getByRole('dialog');
    await a.getByRole('button', { name: 'Add lesson' }).first().click();
    await dialog.getByLabel('Title').fill('Python Check');
    await dialog.getByText('Quiz', { exact: true }).click();
    await dialog.getByLabel('Pass mark (%)').fill('100');
    await dialog.getByLabel('Question', { exact: true }).fill('Which keyword defines a function?');
    await dialog.getByLabel('Option 1', { exact: true }).fill('def');
    await dialog.getByLabel('Option 2', { exact: true }).fill('fun');
    await dialog.getByLabel('Explanation', { exact: false }).fill('def starts a function definition.');
    await dialog.getByRole('button', { name: 'Add lesson' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const addVideo = async (lessonTitle: string, days?: number) => {
      await a.getByRole('button', { name: 'Add lesson' }).first().click();
      await dialog.getByLabel('Title').fill(lessonTitle);
      await dialog.getByLabel('Video address').fill('https://www.youtube.com/watch?v=rfscVS0vtbw');
      if (days !== undefined) {
        const release = dialog.getByRole('group', { name: 'Release' });
        expect(await release.getByRole('radio', { name: 'Immediately' }).isChecked()).toBe(true);
        await release.getByRole('radio', { name: /number of days after/ }).check();
        await release.getByRole('spinbutton', { name: 'days after access began' }).fill('');
        // An empty number is refused with the contract's message, not saved as 'immediately'.
        await dialog.getByRole('button', { name: 'Add lesson' }).click();
        await dialog.getByText('Enter a number of days from 0 to 3650.').waitFor();
        await release.getByRole('spinbutton', { name: 'days after access began' }).fill(String(days));
      }
      await dialog.getByRole('button', { name: 'Add lesson' }).click();
      await dialog.waitFor({ state: 'hidden' });
    };
    await addVideo('Routes and views');
    await addVideo('Templates', 7);
    const templatesRow = a.locator('.curriculum-lesson', { hasText: 'Templates' });
    await templatesRow.getByText('Day 7').waitFor();
    expect(await a.locator('.curriculum-lesson', { hasText: 'Routes and views' }).locator('.release-badge').count()).toBe(0);
    await apiAs(adminStorage, `/admin/courses/${course.id}/publish/`, {});

    // A student (a British English browser) enrols; the card says 'New' until someone rates it.
    const studentEmail = await createStudent('lena fischer');
    const student = await openPage(browser, { locale: 'en-GB' });
    const s = student.page;
    await signIn(s, studentEmail);
    const studentStorage = await student.context.storageState();
    const card = s.locator('.course-card', { has: s.getByRole('heading', { name: title }) });
    await s.goto('/courses');
    await card.getByText('New', { exact: true }).waitFor();
    await s.goto(`/courses/${course.slug}`);
    await s.getByRole('button', { name: 'Enroll Now' }).click();
    await s.getByText('Successfully enrolled in the course!').waitFor();

    // The quiz: failed (which question, not the answer), then passed.
    await s.goto(`/lesson/${course.slug}/`);
    await s.getByRole('button', { name: 'Submit answers' }).waitFor();
    await s.getByLabel('fun').check();
    await s.getByRole('button', { name: 'Submit answers' }).click();
    await s.getByText(/You scored 0%; 100% passes\. 1 wrong\./).waitFor();
    expect(await s.getByText('def starts a function definition.').count()).toBe(0);
    await s.getByRole('button', { name: 'Try again' }).click();
    await s.getByLabel('def').check();
    await s.getByRole('button', { name: 'Submit answers' }).click();
    await s.getByText(/Passed with 100%/).waitFor();

    // The dripped lesson: locked with its date written the student's way, and nothing of it sent.
    const detail = (await apiAs(studentStorage, `/courses/${course.slug}/`)) as { sections: { lessons: DetailLesson[] }[] };
    const templates = detail.sections.flatMap((section) => section.lessons).find((l) => l.lesson_title === 'Templates')!;
    expect(templates).toMatchObject({ is_locked: true, video_source: null });
    const day = await s.evaluate(
      (iso) => new Intl.DateTimeFormat(navigator.languages, { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(iso)),
      templates.available_at!,
    );
    expect(day).toMatch(/^\d{1,2} [A-Z][a-z]{2,4} \d{4}$/);
    const templatesItem = s.locator('[data-testid="lesson-item"]', { hasText: 'Templates' });
    await templatesItem.getByText(`Available on ${day}`).waitFor();
    expect(await templatesItem.getByRole('checkbox').isDisabled()).toBe(true);
    await s.getByRole('button', { name: /^Lesson 3: Templates/ }).click();
    await s
      .getByTestId('dripped-panel')
      .getByRole('heading', { name: `Available on ${day}` })
      .waitFor();
    expect(await s.locator('iframe[data-provider]').count()).toBe(0);
    const token = studentStorage.origins.flatMap((origin) => origin.localStorage).find((item) => item.name === 'accessToken')!.value;
    const refused = await fetch(`${baseUrl()}/api/v1/complete-lesson/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ lesson_uuid: templates.uuid }),
    });
    expect(refused.status).toBe(403);
    // The course page says the same.
    await s.goto(`/courses/${course.slug}`);
    await s.getByRole('tab', { name: 'Curriculum' }).click();
    await s.locator('.curriculum-lesson', { hasText: 'Templates' }).getByText(`Available on ${day}`).waitFor();

    // The instructor opens it early from the student's page.
    const found = (await apiAs(adminStorage, `/admin/students/?search=${encodeURIComponent(studentEmail)}`)) as { results: { id: number }[] };
    await a.goto(`/admin/students/${found.results[0]!.id}`);
    const held = a.getByRole('list', { name: 'Lessons not open yet' });
    await held.getByText('Available on', { exact: false }).waitFor();
    await a.getByRole('button', { name: 'Open early: Templates' }).click();
    await a.getByText('Templates is open for this student.').waitFor();
    await held.waitFor({ state: 'detached' });
    expect(admin.errors).toEqual([]);
    await admin.context.close();

    // The student opens it, ticks the other two lessons done (the quiz is done by its pass), and the course is finished.
    await s.goto(`/lesson/${course.slug}/`);
    await s.getByRole('button', { name: /^Lesson 3: Templates/ }).click();
    await s.locator('iframe[data-provider]').waitFor();
    expect(await templatesItem.getByText(/Available on/).count()).toBe(0);
    await s.getByRole('checkbox', { name: /^Lesson 2: Routes and Views completed$/ }).check();
    await s.getByRole('checkbox', { name: /^Lesson 3: Templates completed$/ }).check();
    await expect
      .poll(() => s.locator('#lesson-progress [data-testid="progress-label"]').textContent(), { timeout: 10_000 })
      .toMatch(/Your progress: 3 of 3 lessons complete/);
    await expect.poll(async () => ((await apiAs(studentStorage, `/courses/${course.slug}/`)) as { course_status: string }).course_status).toBe('completed');

    // Rated: the card's 'New' becomes the average.
    await s.goto(`/courses/${course.slug}`);
    const form = s.getByRole('form', { name: 'Rate this course' });
    await form.getByTitle('4 stars', { exact: true }).click();
    await form.getByLabel(/Your review/).fill('Paced just right: a week to practise each part.');
    await form.getByRole('button', { name: 'Post review' }).click();
    await s.getByText('Thank you: your review is saved.').waitFor();
    await s.goto('/courses');
    await card.getByText('4.0/5.0').waitFor();
    expect(await card.getByText('New', { exact: true }).count()).toBe(0);

    expect(student.errors).toEqual([]);
    await student.context.close();
  });
});
