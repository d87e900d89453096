// Issue 25's emails, end to end: the instructor writes an email in Studio → Emails to the students of
// a course, sends themselves a test, sends it after the confirm and follows it on its page; the
// student's copy carries RFC 8058's one-click unsubscribe, which works without signing in and which
// the preferences page then shows; the next email skips them, while their next receipt still arrives.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launch, openPage } from './browser';
import { apiAs, createAdmin, createStudent, sessionOf, signIn } from './fixtures';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

const mailbox = async () => ((await (await fetch(`${baseUrl()}/api/v1/dev/mailbox/`)).json()) as { messages: MailMessage[] }).messages;

/** The newest email to `to` whose subject matches, once it has arrived. */
async function mailTo(to: string, subject: string | RegExp): Promise<MailMessage> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const found = (await mailbox()).find((m) => m.to === to && (typeof subject === 'string' ? m.subject === subject : subject.test(m.subject)));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No email to ${to} with the subject ${String(subject)}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

describe('emails to students', () => {
  it('are written, tested and sent in the studio; one click unsubscribes; the next email skips them, a receipt does not', { timeout: 240_000 }, async () => {
    const stamp = Date.now().toString(36);
    const adminEmail = await createAdmin('nikhil rao');
    const admin = await openPage(browser);
    await signIn(admin.page, adminEmail);
    const adminStorage = await admin.context.storageState();

    // A free course of its own, so its audience is exactly the two students who enrol.
    const categoryId = ((await apiAs(adminStorage, '/admin/categories/')) as { id: number }[])[0]!.id;
    const course = (await apiAs(adminStorage, '/admin/courses/', {
      title: `Email Course ${stamp}`,
      subtitle: 'A course whose students get the instructor’s news',
      slug: `email-course-${stamp}`,
      course_type: 'free',
      complexity: 'Beginner',
      category_id: categoryId,
      course_description: '<p>News by email.</p>',
    })) as { id: number; title: string };
    const section = (await apiAs(adminStorage, `/admin/courses/${course.id}/sections/`, { title: 'Start' })) as { sections: { id: number }[] };
    await apiAs(adminStorage, `/admin/sections/${section.sections[0]!.id}/lessons/`, {
      lesson_title: 'Welcome',
      lesson_type: 'Video',
      video_source: 'https://www.youtube.com/watch?v=rfscVS0vtbw',
      duration_seconds: 60,
    });
    await apiAs(adminStorage, `/admin/courses/${course.id}/publish/`, {});
    const leaverEmail = await createStudent('asha verma');
    const stayerEmail = await createStudent('rohan mehta');
    const leaver = await sessionOf(browser, leaverEmail);
    const stayer = await sessionOf(browser, stayerEmail);
    await apiAs(leaver, `/free-enroll/${course.id}/`, {});
    await apiAs(stayer, `/free-enroll/${course.id}/`, {});

    // The studio: write it, pick the course's students, see how many, test it, send it after the confirm.
    const a = admin.page;
    const subject = `Live Q&A this Friday ${stamp}`;
    await a.goto('/admin/emails');
    await a.getByRole('link', { name: 'New email' }).click();
    await a.getByRole('heading', { name: 'New email' }).waitFor();
    await a.getByLabel('Subject').fill(subject);
    const editor = a.getByRole('textbox', { name: 'Email' });
    await editor.click();
    await a.keyboard.type('Bring your questions: ');
    await a.keyboard.press('ControlOrMeta+b');
    await a.keyboard.type('Friday at 18:00 UTC');
    await a.getByLabel('Audience').selectOption('course_students');
    await a.getByLabel('Course').selectOption({ label: course.title });
    await a.getByText('2 people will receive this').first().waitFor();

    await a.getByRole('button', { name: 'Send a test to me' }).click();
    await a.getByRole('button', { name: 'Saved' }).waitFor();
    await a.waitForURL(/\/admin\/emails\/\d+\/edit$/);
    const test = await mailTo(adminEmail, `[Test] ${subject}`);
    expect(test.html).toContain('Bring your questions: <strong>Friday at 18:00 UTC</strong>');

    await a.getByRole('button', { name: 'Send now…' }).click();
    const confirm = a.getByRole('dialog', { name: 'Send to 2 people now?' });
    await confirm.getByRole('button', { name: 'Send now' }).click();
    await a.waitForURL(/\/admin\/emails\/\d+$/);
    const emailPage = a.url();
    await a.getByRole('heading', { name: subject }).waitFor();

    // The student's copy: the one-click headers (RFC 8058) and the footer's link to the preferences page.
    const copy = await mailTo(leaverEmail, subject);
    expect(copy.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const oneClick = /<(https?:\/\/[^>]+\/api\/v1\/email-preferences\/unsubscribe\/\?token=[^>]+)>/.exec(copy.headers['List-Unsubscribe'] ?? '')?.[1];
    expect(oneClick).toBeDefined();
    const footer = /https?:\/\/\S+\/email-preferences\?token=[\w.-]+/.exec(copy.text)?.[0];
    expect(footer).toBeDefined();
    await mailTo(stayerEmail, subject);

    // The studio follows it to the end: both sent.
    await a.getByRole('table').getByText(stayerEmail).waitFor();
    await expect.poll(async () => (await a.getByRole('region', { name: 'Delivery' }).textContent()) ?? '', { timeout: 30_000 }).toMatch(/Sent2/);

    // One click, as a mailbox provider makes it: a form POST, no sign-in.
    const unsubscribed = await fetch(oneClick!, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(unsubscribed.status).toBe(200);
    expect(await unsubscribed.json()).toEqual({ email: leaverEmail, broadcasts: false });

    // The footer's link, opened signed out, says so and offers to resubscribe.
    const visitor = await openPage(browser);
    await visitor.page.goto(new URL(footer!).pathname + new URL(footer!).search);
    await visitor.page.getByText('You are unsubscribed from these emails.').waitFor();
    await visitor.page.getByRole('button', { name: 'Resubscribe' }).waitFor();
    await visitor.page.getByText('Receipts, invoices and refunds for what you buy').waitFor();
    await visitor.context.close();

    // The email's page shows who unsubscribed through it.
    await a.goto(emailPage);
    await a
      .getByRole('table')
      .getByText(/Unsubscribed through it/)
      .waitFor();

    // The next email reaches the one who stayed only.
    const next = `Week two is up ${stamp}`;
    await a.goto('/admin/emails/new');
    await a.getByLabel('Subject').fill(next);
    await a.getByRole('textbox', { name: 'Email' }).click();
    await a.keyboard.type('Two new lessons.');
    await a.getByLabel('Audience').selectOption('course_students');
    await a.getByLabel('Course').selectOption({ label: course.title });
    await a
      .getByText(/1 person will receive this \(1 person in it unsubscribed/)
      .first()
      .waitFor();
    await a.getByRole('button', { name: 'Send now…' }).click();
    await a.getByRole('dialog', { name: 'Send to 1 person now?' }).getByRole('button', { name: 'Send now' }).click();
    await a.waitForURL(/\/admin\/emails\/\d+$/);
    await mailTo(stayerEmail, next);

    // A purchase's receipt is not a broadcast: it still arrives.
    const paid = ((await (await fetch(`${baseUrl()}/api/v1/courses/`)).json()) as { id: number; course_type: string }[]).find((c) => c.course_type === 'paid')!;
    await apiAs(leaver, '/create-order/', {
      full_name: 'Asha Verma',
      email: leaverEmail,
      phone_number: '+1 415 555 0100',
      address_line_1: '500 Market St',
      country: 'United States',
      state: 'California',
      city: 'San Francisco',
      pin_code: '94105',
      courses: [paid.id],
      total: 0,
      payment_method: 'Full_Discount',
      coupon_code: 'FREECOURSE',
    });
    await mailTo(leaverEmail, /receipt/i);
    expect((await mailbox()).filter((m) => m.to === leaverEmail).map((m) => m.subject)).not.toContain(next);
    await admin.context.close();
  });
});
