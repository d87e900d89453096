/** Issue 9 item 13: the invoice is a tax-invoice layout with the seller's legal details and the buyer's country. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../../../../test/admin.js';
import { createTestApp, type TestApp } from '../../../../test/helpers.js';
import { freeCouponOrder } from '../../../../test/orders.js';
import { pdfSpans, pdfText } from '../../../../test/pdf-text.js';
import { orders } from '../../db/schema/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: {
      SELLER_LEGAL_NAME: 'Rao Learning Private Limited',
      SELLER_ADDRESS: '12 MG Road\\nBengaluru 560001\\nKarnataka, India',
      SELLER_TAX_ID: '29ABCDE1234F1Z5',
    },
  });
});
afterAll(() => t.close());

let n = 0;
const meeraFreeOrder = (country: string) =>
  freeCouponOrder(t, {
    full_name: 'Meera Iyer',
    email: `meera${++n}-${Date.now()}@example.com`,
    phone_number: '+91 98450 00000',
    address_line_1: '4 Residency Road',
    country,
    state: 'Karnataka',
    city: 'Bengaluru',
    pin_code: '560025',
  });

const invoiceOf = (orderNumber: string, access: string) =>
  t.app.inject({ url: `/api/v1/orders/${orderNumber}/invoice.pdf`, headers: { authorization: `Bearer ${access}` } });

describe('the invoice PDF', () => {
  it('prints the seller, the buyer with their country, a consecutive invoice number, dates, lines and totals in the currency', async () => {
    const { course, order } = await meeraFreeOrder('IN');
    const res = await invoiceOf(order.order_number, order.tokens.access);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const [row] = await t.handle.db.select().from(orders).where(eq(orders.orderNumber, order.order_number));
    expect(row!.invoiceNumber).toMatch(/^INV-\d{6}$/);
    expect(res.headers['content-disposition']).toContain(row!.invoiceNumber!);

    const text = pdfText(res.rawPayload).join('\n');
    expect(text).toContain('Tax invoice');
    expect(text).toContain(row!.invoiceNumber!);
    expect(text).toContain(order.order_number);
    expect(text).toMatch(/Invoice date\n\d{1,2} [A-Z][a-z]+ \d{4}/);
    expect(text).toContain('Rao Learning Private Limited');
    expect(text).toContain('Bengaluru 560001');
    expect(text).toContain('Tax number (GSTIN/VAT): 29ABCDE1234F1Z5');
    expect(text).toContain('Meera Iyer');
    expect(text).toContain('Country: India (IN)');
    expect(text).toContain(course.title);
    expect(text).toContain(`Currency\n${row!.currency}`);
    expect(text).toMatch(new RegExp(`Discount \\(coupon FREECOURSE\\)\\n-${row!.currency} `));
    expect(text).toMatch(new RegExp(`Total paid\\n${row!.currency} \\D?0\\.00`));
  });

  it('takes the seller from the studio settings over the environment, and numbers invoices consecutively', async () => {
    const admin = await signedIn(t, { isAdmin: true });
    const saved = await admin.call('PATCH', '/admin/settings/', { seller_legal_name: 'Rao Learning LLP', seller_tax_id: '29AAAAA0000A1Z5' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ seller_legal_name: 'Rao Learning LLP', sources: { seller_legal_name: 'studio', seller_address: 'environment' } });

    const first = await meeraFreeOrder('United States');
    const second = await meeraFreeOrder('United States');
    const text = pdfText((await invoiceOf(second.order.order_number, second.order.tokens.access)).rawPayload).join('\n');
    expect(text).toContain('Rao Learning LLP');
    expect(text).toContain('29AAAAA0000A1Z5');
    expect(text).toContain('Country: United States');
    const numbers = await Promise.all(
      [first, second].map(async ({ order }) => (await t.handle.db.select().from(orders).where(eq(orders.orderNumber, order.order_number)))[0]!.invoiceNumber!),
    );
    expect(Number(numbers[1]!.slice(4)) - Number(numbers[0]!.slice(4))).toBe(1);
  });

  it('is refused for another buyer and for an unpaid order', async () => {
    const { order } = await meeraFreeOrder('IN');
    const other = await signedIn(t);
    expect((await invoiceOf(order.order_number, other.access)).statusCode).toBe(404);
    await t.handle.db.update(orders).set({ status: 'Pending' }).where(eq(orders.orderNumber, order.order_number));
    expect((await invoiceOf(order.order_number, order.tokens.access)).statusCode).toBe(404);
  });
});

/** Issue 21 item 2: invoices print the buyer's name and address in their own script (Helvetica garbled them). */
describe('the invoice in other scripts', () => {
  it.each([
    ['Hindi', 'प्रिया शर्मा', 'मकान 12, एमजी रोड'],
    ['Tamil', 'கார்த்திக் சுப்பிரமணியன்', '4 அண்ணா சாலை'],
    ['Polish', 'Łukasz Ñúñez-Kowalski', 'ul. Źródlana 7'],
    ['Chinese', '王小明', '北京市朝阳区建国路88号'],
    ['Arabic', 'فاطمة الزهراء', 'شارع الملك فهد 12'],
  ])('%s', async (_, name, street) => {
    const { order } = await freeCouponOrder(t, {
      full_name: name,
      email: `script${++n}-${Date.now()}@example.com`,
      phone_number: '+91 98450 00000',
      address_line_1: street,
      country: 'IN',
      state: 'Karnataka',
      city: 'Bengaluru',
      pin_code: '560025',
    });
    const spans = pdfSpans((await invoiceOf(order.order_number, order.tokens.access)).rawPayload);
    const texts = spans.map((s) => s.text);
    expect(texts).toContain(name);
    expect(texts.some((s) => s.includes(street))).toBe(true);
    expect(spans.reduce((sum, s) => sum + s.notdef, 0)).toBe(0);
  });
});

/** Issue 21 item 3: a customer document never carries a placeholder. */
describe('an invoice before the studio gave its legal name', () => {
  it("names the site as the seller, never 'Seller name not set'", async () => {
    const bare = await createTestApp();
    try {
      const { order } = await freeCouponOrder(bare, {
        full_name: 'Meera Iyer',
        email: `bare-${Date.now()}@example.com`,
        phone_number: '+91 98450 00000',
        address_line_1: '4 Residency Road',
        country: 'IN',
        state: 'Karnataka',
        city: 'Bengaluru',
        pin_code: '560025',
      });
      const res = await bare.app.inject({
        url: `/api/v1/orders/${order.order_number}/invoice.pdf`,
        headers: { authorization: `Bearer ${order.tokens.access}` },
      });
      expect(res.statusCode).toBe(200);
      const text = pdfText(res.rawPayload).join('\n');
      expect(text).not.toMatch(/not set|placeholder/i);
      expect(text).toContain('SELLER\nLectern\n');
      expect(text).toMatch(/^Invoice\n/);
    } finally {
      await bare.close();
    }
  });
});
