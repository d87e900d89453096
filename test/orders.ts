// Checkout fixtures for server tests: the billing details a guest sends to POST /create-order/,
// and a free (100% coupon) order of the demo catalog's first paid course.
import { expect } from 'vitest';
import type { CourseListItem } from '../src/shared/catalog.js';
import { freshIp, STRONG_PASSWORD, type TestApp } from './helpers.js';

/** A guest's checkout form in the US, paying with Stripe; override any field (email, courses, total ...). */
export function guestBilling<T extends Record<string, unknown>>(overrides: T = {} as T) {
  return {
    full_name: 'Rohan Verma',
    phone_number: '+1 415 555 0100',
    address_line_1: '500 Market St',
    country: 'United States',
    state: 'California',
    city: 'San Francisco',
    pin_code: '94105',
    password: STRONG_PASSWORD,
    payment_method: 'Stripe',
    ...overrides,
  };
}

/** The demo catalog's first paid course, priced for the default (US) visitor. */
export async function firstPaidCourse(t: TestApp): Promise<CourseListItem> {
  const course = (await t.app.inject({ url: '/api/v1/courses/' })).json<CourseListItem[]>().find((c) => c.course_type === 'paid');
  if (!course) throw new Error('No paid course in the demo catalog');
  return course;
}

/** POST /create-order/ from a fresh address (so rate limits never join two tests). */
export const createOrder = (t: TestApp, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/v1/create-order/', remoteAddress: freshIp(), payload });

/** A guest's order of the first paid course with the FREECOURSE coupon (100% off): paid at once, no provider. */
export async function freeCouponOrder(t: TestApp, billing: Record<string, unknown>) {
  const course = await firstPaidCourse(t);
  const res = await createOrder(t, guestBilling({ ...billing, payment_method: 'Full_Discount', coupon_code: 'FREECOURSE', courses: [course.id], total: 0 }));
  expect(res.statusCode, res.body).toBe(201);
  return { course, order: res.json<{ order_number: string; tokens: { access: string } }>() };
}
