/**
 * Issue 25, the first-run checklist: every step's state comes from the data (the instructor's
 * profile and the site's name, the payment providers as this server runs them and their last
 * webhook, a course of the instructor's own, the figures, the demo content); it cannot be dismissed
 * before every step is done, and once dismissed it stays so.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../../../../test/admin.js';
import { createTestApp, type TestApp } from '../../../../test/helpers.js';
import { setupMessages, type DemoContent, type SetupChecklist } from '../../../shared/setup.js';
import { auditLog, categories, providerEvents } from '../../db/schema/index.js';
import { razorpayKeyMode } from '../../integrations/razorpay/index.js';
import { stripeKeyMode } from '../../integrations/stripe/index.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;

// Stripe with live keys (nothing is called at Stripe while nobody pays); Razorpay is the local sandbox.
beforeAll(async () => {
  t = await createTestApp({ env: { STRIPE_SECRET_KEY: 'sk_live_checklist', STRIPE_WEBHOOK_SECRET: 'whsec_checklist' } });
  admin = await signedIn(t, { isAdmin: true, fullName: 'Asha Kapoor' });
});
afterAll(() => t.close());

const checklist = async () => {
  const res = await admin.call('GET', '/admin/setup-checklist/');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SetupChecklist>();
};

describe('the first-run checklist', () => {
  it('on a first start with the demo, shows every step to do, from the data', async () => {
    const c = await checklist();
    expect(c.profile).toEqual({ done: false, instructor: 'placeholder', instructor_name: 'Nikhil Rao', site_name: '', logo: false });
    expect(c.payments.done).toBe(false);
    expect(c.payments.invoice_details).toBe(false);
    expect(c.payments.providers).toEqual([
      {
        provider: 'stripe',
        mode: 'live',
        webhook_secret: true,
        webhook_url: 'http://lectern.test/api/v1/webhooks/stripe',
        last_webhook_at: null,
        webhook_recent: false,
      },
      {
        provider: 'razorpay',
        mode: 'sandbox',
        webhook_secret: true,
        webhook_url: 'http://lectern.test/api/v1/webhooks/razorpay',
        last_webhook_at: null,
        webhook_recent: false,
      },
    ]);
    expect(c.first_course).toEqual({ done: false, course: null });
    expect(c.figures).toEqual({ done: false, from_demo: 9 });
    expect(c.demo_content.done).toBe(false);
    expect(c.demo_content.to_remove).toBeGreaterThan(40);
    expect(c).toMatchObject({ complete: false, dismissed: false });
  });

  it('cannot be dismissed before every step is done', async () => {
    const res = await admin.call('POST', '/admin/setup-checklist/dismiss/');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ detail: setupMessages.notComplete });
    expect((await checklist()).dismissed).toBe(false);
  });

  it('ticks each step as the instructor does it, and may then be dismissed for good', async () => {
    // Profile: the instructor's own profile and the site's name.
    expect((await admin.call('PATCH', '/admin/instructor/', { name: 'Asha Kapoor', designation: 'Founder' })).statusCode).toBe(200);
    let c = await checklist();
    expect(c.profile).toMatchObject({ done: false, instructor: 'yours', instructor_name: 'Asha Kapoor' });
    expect((await admin.call('PATCH', '/admin/settings/', { site_name: 'Kapoor Academy' })).statusCode).toBe(200);
    expect((await checklist()).profile).toMatchObject({ done: true, site_name: 'Kapoor Academy', logo: false });

    // First course: a draft is named but not done; published, it is.
    const category = (await t.handle.db.select({ id: categories.id }).from(categories))[0]!.id;
    const made = await admin.call('POST', '/admin/courses/', {
      title: 'Rust From Zero',
      slug: 'rust-from-zero',
      course_type: 'free',
      complexity: 'Beginner',
      category_id: category,
    });
    expect(made.statusCode, made.body).toBe(201);
    const courseId = made.json<{ id: number }>().id;
    c = await checklist();
    expect(c.first_course).toEqual({ done: false, course: { id: courseId, title: 'Rust From Zero', state: 'draft' } });
    const section = await admin.call('POST', `/admin/courses/${courseId}/sections/`, { title: 'Start' });
    const sectionId = section.json<{ sections: { id: number }[] }>().sections[0]!.id;
    const lesson = await admin.call('POST', `/admin/sections/${sectionId}/lessons/`, {
      lesson_title: 'Hello',
      lesson_type: 'Article',
      lesson_content: '<p>Hi</p>',
      duration_seconds: 60,
    });
    expect(lesson.statusCode, lesson.body).toBe(201);
    const published = await admin.call('POST', `/admin/courses/${courseId}/publish/`);
    expect(published.statusCode, published.body).toBe(200);
    expect((await checklist()).first_course).toEqual({ done: true, course: { id: courseId, title: 'Rust From Zero', state: 'published' } });

    // Payments: live keys, the invoices' legal details, and the webhook seen.
    expect(
      (await admin.call('PATCH', '/admin/settings/', { seller_legal_name: 'Kapoor Academy LLP', seller_address: '12 MG Road, Bengaluru' })).statusCode,
    ).toBe(200);
    c = await checklist();
    expect(c.payments).toMatchObject({ done: false, invoice_details: true });
    await t.handle.db.insert(providerEvents).values({ provider: 'stripe', eventId: 'evt_checklist', type: 'checkout.session.completed', payload: {} });
    c = await checklist();
    expect(c.payments.done).toBe(true);
    expect(c.payments.providers[0]).toMatchObject({ provider: 'stripe', mode: 'live', webhook_recent: true, last_webhook_at: expect.any(String) });

    // Demo content and figures: removing the demo clears the demo's figures too.
    const preview = (await admin.call('GET', '/admin/demo-content/')).json<DemoContent>();
    expect((await admin.call('POST', '/admin/demo-content/remove/', { token: preview.token })).statusCode).toBe(200);
    c = await checklist();
    expect(c.demo_content).toEqual({ done: true, to_remove: 0, kept: 0 });
    expect(c.figures).toEqual({ done: true, from_demo: 0 });
    // The instructor's profile was theirs: the removal left it alone.
    expect(c.profile).toMatchObject({ done: true, instructor: 'yours', instructor_name: 'Asha Kapoor' });
    expect(c).toMatchObject({ complete: true, dismissed: false });

    const dismissed = await admin.call('POST', '/admin/setup-checklist/dismiss/');
    expect(dismissed.statusCode).toBe(200);
    expect(dismissed.json<SetupChecklist>().dismissed).toBe(true);
    expect((await checklist()).dismissed).toBe(true);
    // Dismissing again changes nothing and audits nothing more.
    expect((await admin.call('POST', '/admin/setup-checklist/dismiss/')).statusCode).toBe(200);
    expect(await t.handle.db.select().from(auditLog).where(eq(auditLog.action, 'setup.dismiss'))).toHaveLength(1);
  });
});

describe('which keys move real money', () => {
  it('reads the key, never a flag: live keys are sk_live_/rk_live_ and rzp_live_', () => {
    expect(['sk_live_x', 'rk_live_x', 'sk_test_x', 'rk_test_x', 'whatever'].map(stripeKeyMode)).toEqual(['live', 'live', 'test', 'test', 'test']);
    expect(['rzp_live_x', 'rzp_test_x', 'live'].map(razorpayKeyMode)).toEqual(['live', 'test', 'test']);
  });
});
