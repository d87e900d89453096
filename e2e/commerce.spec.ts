import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launch } from './browser';
import { startSandboxServer, type SandboxServer } from './sandbox';

interface CourseSummary {
  id: number;
  slug: string;
  title: string;
  course_type: 'free' | 'paid';
  country_price: { amount: number; symbol: string; currency: string };
}

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

/**
 * A page on the given server whose console errors and page errors are collected (as e2e/browser.ts
 * does). The sandbox's hosted Stripe page is served by the server without a favicon: the browser's
 * own /favicon.ico request there is not the app's.
 */
async function openShop(base: string) {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() !== 'error' || message.location().url.endsWith('/favicon.ico')) return;
    errors.push(message.text());
  });
  return { context, page, errors };
}

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function paidCourses(base: string): Promise<CourseSummary[]> {
  const courses = (await (await fetch(`${base}/api/v1/courses/`)).json()) as CourseSummary[];
  const paid = courses.filter((c) => c.course_type === 'paid');
  expect(paid.length).toBeGreaterThan(0);
  return paid;
}

/** From the course page: 'Add to cart' → 'Go to cart' → /checkout. */
async function addToCartAndGoToCheckout(page: Page, course: CourseSummary) {
  await page.goto(`/courses/${course.slug}`);
  await page.getByRole('heading', { level: 1, name: course.title }).waitFor();
  await page.getByRole('button', { name: 'Add to cart' }).first().click();
  await page.getByRole('button', { name: 'Go to cart' }).first().click();
  await page.waitForURL(/\/checkout\/?$/);
  await page.getByRole('main').getByRole('link', { name: course.title }).waitFor();
}

/** The guest's personal details (the country is preselected from the visitor's location). */
async function fillBilling(page: Page, email: string, country: string) {
  await page.getByLabel('Full name').fill('Asha Verma');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Phone number').fill('+1 415 555 0100');
  await page.getByLabel('Address', { exact: true }).fill('1 Market Street');
  await expect.poll(() => page.getByLabel('Country').inputValue()).toBe(country);
  const state = page.getByLabel('State / Province');
  await expect.poll(() => state.locator('option').count()).toBeGreaterThan(2);
  await state.selectOption({ index: 2 });
  await page.getByLabel('City').fill('Springfield');
  await page.getByLabel('PIN / Postal code').fill('94105');
  await page.getByLabel('Password', { exact: true }).fill('Str0ng!Passw0rd');
}

async function storage(page: Page) {
  return page.evaluate(() => ({ cartId: localStorage.getItem('cartId'), count: localStorage.getItem('cartItemsCount') }));
}

describe('commerce: a guest buys a course', () => {
  it('pays through the sandbox Stripe checkout → success page → Start Learning', async () => {
    const [course] = await paidCourses(baseUrl());
    const { context, page, errors } = await openShop(baseUrl());
    await addToCartAndGoToCheckout(page, course!);
    expect(await page.getByTestId('cart-count').textContent()).toBe('1');

    await fillBilling(page, `buyer-${unique()}@example.com`, 'United States');
    await expect.poll(() => page.getByRole('radio', { name: /card/i }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: /razorpay/i }).count()).toBe(0);
    await page.getByRole('button', { name: 'Enroll Now' }).click();

    await page.waitForURL(/\/sandbox\/stripe\/checkout\//);
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL(/\/order\/success\/\?order_no=.+&session_id=/);
    await page.getByRole('heading', { name: 'Congratulations' }).waitFor();
    await page.getByRole('link', { name: /Start Learning/ }).waitFor();
    await page.getByText(course!.title).first().waitFor();
    await page.getByText('Transaction ID').waitFor();
    expect(await storage(page)).toEqual({ cartId: null, count: '0' });

    await page.getByRole('link', { name: /Start Learning/ }).click();
    await page.waitForURL(/\/dashboard\/?$/);
    await page.getByText(course!.title).first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('enrols with the 100% coupon FREECOURSE, without a payment choice', async () => {
    const paid = await paidCourses(baseUrl());
    const course = paid[1] ?? paid[0]!;
    const { context, page, errors } = await openShop(baseUrl());
    await addToCartAndGoToCheckout(page, course);

    await page.getByLabel('Coupon code').fill('FREECOURSE');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('button', { name: 'Remove', exact: true }).waitFor();
    expect(await page.getByLabel('Coupon code').getAttribute('readonly')).not.toBeNull();
    expect(await page.getByRole('group', { name: 'Payment method' }).count()).toBe(0);
    expect(await page.getByTestId('checkout-total').textContent()).toMatch(/^\$0\b/);

    await fillBilling(page, `free-${unique()}@example.com`, 'United States');
    await page.getByRole('button', { name: 'Enroll Now' }).click();
    await page.waitForURL(/\/order\/success\/\?order_no=/);
    await page.getByRole('heading', { name: 'Congratulations' }).waitFor();
    await page.getByText('FREECOURSE').waitFor();
    await page.getByRole('link', { name: /Start Learning/ }).click();
    await page.waitForURL(/\/dashboard\/?$/);
    await page.getByText(course.title).first().waitFor();
    expect(await storage(page)).toEqual({ cartId: null, count: '0' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('comes back from a cancelled Stripe payment to the checkout: a calm note, the cart and the details kept, no order in the history', async () => {
    const [course] = await paidCourses(baseUrl());
    const { context, page, errors } = await openShop(baseUrl());
    await addToCartAndGoToCheckout(page, course!);
    await fillBilling(page, `left-${unique()}@example.com`, 'United States');
    await page.getByRole('button', { name: 'Enroll Now' }).click();

    await page.waitForURL(/\/sandbox\/stripe\/checkout\//);
    await page.getByRole('button', { name: 'Cancel and go back' }).click();
    await page.waitForURL(/\/checkout\/?$/);
    await page.getByTestId('payment-cancelled').waitFor();
    expect(await page.getByRole('heading', { name: 'Payment Failed' }).count()).toBe(0);
    await page.getByRole('main').getByRole('link', { name: course!.title }).waitFor();
    // The account the checkout made is signed in, and the form holds what the buyer typed.
    await page.getByText(/You are checking out as/).waitFor();
    await expect.poll(() => page.getByLabel('Address', { exact: true }).inputValue()).toBe('1 Market Street');
    expect(await page.getByLabel('Phone number').inputValue()).toBe('+1 415 555 0100');
    expect(await page.getByLabel('City').inputValue()).toBe('Springfield');
    expect(await page.getByLabel('PIN / Postal code').inputValue()).toBe('94105');

    // Nothing was paid or tried: the left checkout is the studio's record, not an order in the buyer's history.
    await page.goto('/order-history/');
    await page.getByRole('main').getByText('You have no order history yet.').waitFor();
    expect(await page.getByRole('main').getByText('Cancelled', { exact: true }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('two tabs: Pay in the tab a newer checkout replaced says so, charges nothing, and continues the newer checkout', async () => {
    const [course] = await paidCourses(baseUrl());
    const { context, page: tabA, errors } = await openShop(baseUrl());
    await addToCartAndGoToCheckout(tabA, course!);
    await fillBilling(tabA, `tabs-${unique()}@example.com`, 'United States');
    await tabA.getByRole('button', { name: 'Enroll Now' }).click();
    await tabA.waitForURL(/\/sandbox\/stripe\/checkout\//);

    // Another tab of the same browser: signed in by the first checkout, its details filled in.
    const tabB = await context.newPage();
    await tabB.goto('/checkout');
    await tabB.getByText(/You are checking out as/).waitFor();
    await expect.poll(() => tabB.getByLabel('Address', { exact: true }).inputValue()).toBe('1 Market Street');
    await expect.poll(() => tabB.getByLabel('State / Province').inputValue()).not.toBe('');
    await tabB.getByRole('button', { name: 'Enroll Now' }).click();
    await tabB.waitForURL(/\/sandbox\/stripe\/checkout\//);
    const newer = tabB.url();

    await tabA.getByRole('button', { name: /^Pay / }).click();
    await tabA.waitForURL(/\/checkout\/?(\?.*)?$/);
    const note = tabA.getByTestId('payment-cancelled');
    await note.getByText('This checkout was replaced by a newer one; nothing was charged.').waitFor();
    expect(await note.getByText(/Payment cancelled/).count()).toBe(0);
    await note.getByRole('link', { name: 'Continue the newer checkout' }).click();
    await tabA.waitForURL(newer);
    await tabA.getByRole('button', { name: /^Pay / }).click();
    await tabA.waitForURL(/\/order\/success\/\?order_no=.+&session_id=/);
    await tabA.getByRole('heading', { name: 'Congratulations' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('reaches the failure page when the card is declined, with the cart kept', async () => {
    const [course] = await paidCourses(baseUrl());
    const { context, page, errors } = await openShop(baseUrl());
    await addToCartAndGoToCheckout(page, course!);
    await fillBilling(page, `declined-${unique()}@example.com`, 'United States');
    await page.getByRole('button', { name: 'Enroll Now' }).click();

    await page.waitForURL(/\/sandbox\/stripe\/checkout\//);
    await page.getByRole('button', { name: 'Decline the card' }).click();
    await page.waitForURL(/\/order\/failure\//);
    await page.getByRole('heading', { name: 'Payment Failed' }).waitFor();
    expect(await page.getByTestId('order-id').textContent()).toMatch(/^LEC-/);
    expect(await page.getByTestId('payment-id').textContent()).toBe('N/A');
    await page.getByText('Your card was declined.').waitFor();

    await page.getByRole('link', { name: /Order Again/ }).click();
    await page.waitForURL(/\/checkout\/?$/);
    await page.getByRole('main').getByRole('link', { name: course!.title }).waitFor();
    // The new account is signed in now: its email shows, and no password is asked.
    await page.getByText(/You are checking out as/).waitFor();
    expect(await page.getByLabel('Password', { exact: true }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

// ---------------------------------------------------------------------------------------------
// An India visitor: the server reads the visitor's country at boot from DEV_COUNTRY, so a second
// server runs for this test (started as e2e/server.ts starts the shared one, on its own port and data folder).

describe('commerce: an India visitor', () => {
  let india: SandboxServer | undefined;
  beforeAll(async () => {
    india = await startSandboxServer({ name: 'in', env: { DEV_COUNTRY: 'IN' } });
  }, 300_000);
  afterAll(async () => {
    await india?.stop();
  });

  it('sees INR and pays with the sandbox Razorpay popup', async () => {
    const [course] = await paidCourses(india!.url);
    expect(course!.country_price.currency).toBe('INR');
    const { context, page, errors } = await openShop(india!.url);

    await addToCartAndGoToCheckout(page, course!);
    expect(await page.getByTestId('checkout-total').textContent()).toMatch(/^₹[\d,]+/);
    expect(await page.getByTestId('checkout-total').textContent()).toContain('INR');

    await fillBilling(page, `india-${unique()}@example.com`, 'India');
    await page.getByRole('radio', { name: /razorpay/i }).check();
    await page.getByRole('button', { name: 'Enroll Now' }).click();

    const popup = page.getByRole('dialog', { name: /Razorpay/ });
    await popup.waitFor();
    expect(await popup.getByTestId('rzp-amount').textContent()).toMatch(/^₹[\d,]+/);
    await popup.getByRole('button', { name: 'Pay', exact: true }).click();

    await page.waitForURL(/\/order\/success\/\?order_no=.+&payment_id=.+&order_id=.+&signature=/);
    await page.getByRole('heading', { name: 'Congratulations' }).waitFor();
    await page.getByRole('link', { name: /Start Learning/ }).waitFor();
    await page.getByText('INR').first().waitFor();
    await page.getByText(course!.title).first().waitFor();
    expect(await storage(page)).toEqual({ cartId: null, count: '0' });

    // The order is Paid on the server, in rupees.
    const orderNo = new URL(page.url()).searchParams.get('order_no')!;
    const token = await page.evaluate(() => localStorage.getItem('accessToken'));
    const order = (await (await fetch(`${india!.url}/api/v1/order-details/${orderNo}/`, { headers: { Authorization: `Bearer ${token}` } })).json()) as {
      order_status: string;
      currency: string;
      payment_method: string;
    };
    expect(order).toMatchObject({ order_status: 'Paid', currency: 'INR', payment_method: 'RazorPay' });
    expect(errors).toEqual([]);
    await context.close();
  });
});
