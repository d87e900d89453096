// Issue 24, quizzes: the instructor builds a quiz in the studio's curriculum editor; a student fails
// it, sees which question was wrong (and not the answers), tries again, passes, sees the explanations,
// and the lesson is completed.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, openPage } from './browser';
import { apiAs, createAdmin, createStudent, signIn } from './fixtures';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

describe('a quiz', () => {
  it('is built in the studio, failed, then passed by a student', async () => {
    const stamp = Date.now().toString(36);
    const admin = await openPage(browser);
    await signIn(admin.page, await createAdmin('nikhil rao'));
    const adminStorage = await admin.context.storageState();
    const categoryId = ((await apiAs(adminStorage, '/admin/categories/')) as { id: number }[])[0]!.id;
    const course = (await apiAs(adminStorage, '/admin/courses/', {
      title: 'Quiz Course',
      subtitle: 'A course to check a quiz end to end',
      slug: `quiz-course-${stamp}`,
      course_type: 'free',
      complexity: 'Beginner',
      category_id: categoryId,
      course_description: '<p>Quizzes.</p>',
    })) as { id: number; slug: string };
    await apiAs(adminStorage, `/admin/courses/${course.id}/sections/`, { title: 'Basics' });

    // The instructor builds the quiz in the curriculum editor.
    const page = admin.page;
    await page.goto(`/admin/courses/${course.id}?tab=curriculum`);
    await page.getByRole('button', { name: 'Add lesson' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Title').fill('Python Check');
    await dialog.getByText('Quiz', { exact: true }).click();
    await dialog.getByLabel('Pass mark (%)').fill('100');
    await dialog.getByLabel('Question', { exact: true }).fill('Which keyword defines a function?');
    await dialog.getByLabel('Option 1', { exact: true }).fill('def');
    await dialog.getByLabel('Option 2', { exact: true }).fill('fun');
    await dialog.getByLabel('Explanation', { exact: false }).fill('def starts a function definition.');
    await dialog.getByRole('button', { name: 'Add a question' }).click();
    await dialog.getByLabel('Kind').nth(1).selectOption('true_false');
    await dialog.getByLabel('Question', { exact: true }).nth(1).fill('Python blocks are indented.');
    await dialog.getByRole('button', { name: 'Move question 2 up' }).click();
    await dialog.getByRole('button', { name: 'Preview as a student' }).click();
    await dialog.getByText('Preview: this is the quiz as a student sees it.').waitFor();
    await dialog.getByRole('button', { name: 'Add lesson' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Python Check').waitFor();
    await apiAs(adminStorage, `/admin/courses/${course.id}/publish/`, {});
    await admin.context.close();

    // A student enrols, fails, then passes.
    const student = await openPage(browser);
    await signIn(student.page, await createStudent('asha verma'));
    const studentStorage = await student.context.storageState();
    await apiAs(studentStorage, `/free-enroll/${course.id}/`, {});
    const s = student.page;
    await s.goto(`/lesson/${course.slug}/`);
    await s.getByRole('button', { name: 'Submit answers' }).waitFor();
    // The first question is now the true/false one (moved up in the studio).
    await s.getByLabel('True').check();
    await s.getByLabel('fun').check();
    await s.getByRole('button', { name: 'Submit answers' }).click();
    await s.getByText(/You scored 50%; 100% passes\. 1 wrong\./).waitFor();
    expect(await s.getByText('Right answer').count()).toBe(0);
    expect(await s.getByText('def starts a function definition.').count()).toBe(0);

    await s.getByRole('button', { name: 'Try again' }).click();
    await s.getByLabel('def').check();
    await s.getByRole('button', { name: 'Submit answers' }).click();
    await s.getByText(/Passed with 100%/).waitFor();
    await s.getByText('def starts a function definition.').waitFor();
    // The grade shows as soon as the server gives it; the tick comes with the course, reloaded after it.
    await s.getByRole('checkbox', { name: /Python Check completed/, checked: true }).waitFor();
    expect(student.errors).toEqual([]);
    await student.context.close();
  });
});
