import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../../../../test/admin.js';
import { createTestApp, type TestApp } from '../../../../test/helpers.js';
import { createOrder, freeCouponOrder, guestBilling } from '../../../../test/orders.js';
import type { CourseListItem } from '../../../shared/catalog.js';
import type { AdminOrderDetail, AdminOrderListItem } from '../../../shared/admin.js';
import { orders } from '../../db/schema/index.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
const made: string[] = [];
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, { isAdmin: true });
  for (const [i, country] of ['India', 'United Kingdom', 'India', '=HYPERLINK("http://evil")'].entries()) {
    const { order } = await freeCouponOrder(t, {
      full_name: i === 3 ? '=cmd|calc Attacker' : `Buyer Number${i}`,
      email: `buyer${i}-${Date.now()}@example.com`,
      phone_number: '+44 20 7946 0000',
      address_line_1: '1 High St',
      country,
      state: 'Somewhere',
      city: 'Town',
      pin_code: '12345',
    });
    made.push(order.order_number);
  }
  await t.handle.db.update(orders).set({ status: 'Refunded' }).where(eq(orders.orderNumber, made[1]!));
});
afterAll(() => t.close());

type Page = { results: AdminOrderListItem[]; next_cursor: string | null };

describe('the order list', () => {
  it('pages newest first with a cursor, and filters by status, provider, country and search', async () => {
    const first = (await admin.call('GET', '/admin/orders/?page_size=3')).json<Page>();
    expect(first.results.map((o) => o.order_number)).toEqual([made[3], made[2], made[1]]);
    const second = (await admin.call('GET', `/admin/orders/?page_size=3&cursor=${first.next_cursor}`)).json<Page>();
    expect(second.results.map((o) => o.order_number)).toEqual([made[0]]);
    expect(second.next_cursor).toBeNull();

    expect((await admin.call('GET', '/admin/orders/?status=Refunded')).json<Page>().results.map((o) => o.order_number)).toEqual([made[1]]);
    expect((await admin.call('GET', '/admin/orders/?payment_method=Stripe')).json<Page>().results).toEqual([]);
    expect((await admin.call('GET', '/admin/orders/?country=india')).json<Page>().results).toHaveLength(2);
    expect((await admin.call('GET', `/admin/orders/?search=${made[2]!.toLowerCase()}`)).json<Page>().results.map((o) => o.order_number)).toEqual([made[2]]);
    expect((await admin.call('GET', '/admin/orders/?search=Number0')).json<Page>().results.map((o) => o.order_number)).toEqual([made[0]]);
    expect((await admin.call('GET', '/admin/orders/?from=2000-01-01&to=2000-01-02')).json<Page>().results).toEqual([]);

    expect((await admin.call('GET', '/admin/orders/?cursor=bm90LWEtY3Vyc29y')).json()).toHaveProperty('cursor');
    expect((await admin.call('GET', '/admin/orders/?status=Stolen')).statusCode).toBe(400);
    expect((await admin.call('GET', '/admin/orders/?currency=DOLLARS')).statusCode).toBe(400);
    expect((await admin.call('GET', '/admin/orders/?from=2026-02-01&to=2026-01-01')).json()).toHaveProperty('to');
  });

  it('shows one order with its lines and payments, and 404s an unknown or malformed number', async () => {
    const detail = (await admin.call('GET', `/admin/orders/${made[0]}/`)).json<AdminOrderDetail>();
    expect(detail).toMatchObject({ order_number: made[0], status: 'Paid', payment_method: 'Full_Discount', refundable: true, total: 0 });
    expect(detail.invoice_number).toMatch(/^INV-\d{6}$/);
    expect(detail.lines).toHaveLength(1);
    expect(detail.address).toBe('1 High St, Town, Somewhere, 12345, India');
    expect((await admin.call('GET', '/admin/orders/LEC-00000000-NOPE00/')).statusCode).toBe(404);
    expect((await admin.call('GET', `/admin/orders/${encodeURIComponent("x' or 1=1")}/`)).statusCode).toBe(400);
  });

  it('exports the same filter as CSV, with spreadsheet formulas neutralised', async () => {
    const res = await admin.call('GET', '/admin/orders/export.csv?status=Paid');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'order_number,invoice_number,created_at,paid_at,status,payment_method,currency,subtotal,discount,total,coupon,full_name,email,country,items',
    );
    expect(lines).toHaveLength(4);
    expect(res.body).not.toContain(made[1]);
    expect(res.body).toContain(`"'=cmd|calc Attacker"`);
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect((await admin.call('GET', '/admin/orders/export.csv?from=2026-02-01&to=2026-01-01')).statusCode).toBe(400);
  });

  it("counts each order's own lines: a two-course order says 2, the others 1", async () => {
    // The count was a correlated subquery that compared order_items with itself ("order_id" = "id").
    const [a, b] = (await t.app.inject({ url: '/api/v1/courses/' })).json<CourseListItem[]>().filter((c) => c.course_type === 'paid');
    const res = await createOrder(
      t,
      guestBilling({ email: `two-${Date.now()}@example.com`, payment_method: 'Full_Discount', coupon_code: 'FREECOURSE', courses: [a!.id, b!.id], total: 0 }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const two = res.json<{ order_number: string }>().order_number;
    const list = (await admin.call('GET', '/admin/orders/?page_size=100')).json<Page>().results;
    const items = new Map(list.map((o) => [o.order_number, o.items]));
    expect(items.get(two)).toBe(2);
    for (const number of made) expect(items.get(number)).toBe(1);
    const csv = (await admin.call('GET', `/admin/orders/export.csv?search=${two}`)).body.trim().split('\r\n');
    expect(csv[1]!.split(',').at(-1)).toBe('"2"');
  });
});
