import { formatPrice } from '../../../shared/money.js';
import { toMajor } from '../../../shared/pricing.js';
import { regions } from '../../../shared/regions.js';
import { renderPdf } from '../../lib/pdf/document.js';
import { drawText, type TextStyle } from '../../lib/pdf/text.js';
import type { InvoiceData } from './service.js';

const symbolOf = (currency: string) => Object.values(regions).find((r) => r.currency === currency)?.symbol ?? '';
/** Amounts always carry their currency code; PDF standard fonts have no ₹ glyph, so no symbol there. */
export function invoiceMoney(minor: number, currency: string): string {
  const symbol = symbolOf(currency);
  const printable = symbol && !/[^\x20-\x7E£€]/.test(symbol) ? symbol : '';
  const major = toMajor(minor);
  const digits = formatPrice(major, '', currency);
  const fixed = Number.isInteger(major) ? `${digits}.00` : digits;
  return `${currency} ${printable}${fixed}`;
}

const dateText = (date: Date) => date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * A one-page A4 tax invoice: title and number, dates, seller (legal name, address, tax number)
 * and buyer (name, address, country, contact) blocks, the lines, the totals and the currency.
 * Every text is set with the PDF text module (any script, wrapped in its column); each row starts
 * below the tallest cell of the row before.
 */
export function renderInvoicePdf(invoice: InvoiceData, options: { compress?: boolean } = {}): Promise<Buffer> {
  const title = invoice.seller.taxId ? 'Tax invoice' : 'Invoice';
  return renderPdf(
    {
      size: 'A4',
      margin: 56,
      compress: options.compress ?? true,
      info: { Title: `${title} ${invoice.invoiceNumber}`, Author: invoice.seller.legalName },
    },
    (doc) => {
      const left = 56;
      const right = doc.page.width - 56;
      const half = (right - left) / 2;
      const muted = '#6b7280';
      const ink = '#111827';
      const put = (text: string, x: number, y: number, width: number, style: Partial<TextStyle> = {}) =>
        drawText(doc, text, x, y, width, { size: 10, color: ink, ...style }).bottom;

      // Heading: what the document is, its number and dates.
      let y = put(title, left, 56, right - left, { size: 20, weight: 'bold' });
      const refunded = invoice.refunds.reduce((total, r) => total + r.amount, 0);
      if (invoice.status === 'Refunded') y = put('Refunded: this order was refunded in full.', left, y, right - left, { size: 11, color: '#b91c1c' });
      else if (refunded > 0)
        y = put(`Partly refunded: ${invoiceMoney(refunded, invoice.currency)} of this order went back to the buyer.`, left, y, right - left, {
          size: 11,
          color: '#b91c1c',
        });
      y += 6;
      const facts: [string, string][] = [
        ['Invoice number', invoice.invoiceNumber],
        ['Invoice date', dateText(invoice.invoiceDate)],
        ['Order number', invoice.orderNumber],
        ['Order date', dateText(invoice.orderDate)],
        ['Payment', invoice.transactionId ? `${invoice.paymentMethod} (${invoice.transactionId})` : invoice.paymentMethod],
        ['Currency', invoice.currency],
      ];
      for (const [label, value] of facts) {
        y = Math.max(put(label, left, y, 110, { color: muted }), put(value, left + 110, y, right - left - 110));
      }

      // Seller and buyer blocks, side by side.
      const top = y + 18;
      const block = (x: number, heading: string, lines: string[]) => {
        let bottom = put(heading.toUpperCase(), x, top, half - 12, { size: 9, weight: 'bold', color: muted });
        for (const line of lines) bottom = put(line, x, bottom + 2, half - 12);
        return bottom;
      };
      const seller = invoice.seller;
      const sellerBottom = block(left, 'Seller', [
        seller.legalName,
        ...seller.address.split('\n').filter((l) => l.trim()),
        ...(seller.taxId ? [`Tax number (GSTIN/VAT): ${seller.taxId}`] : []),
      ]);
      const buyer = invoice.buyer;
      const buyerBottom = block(left + half + 12, 'Billed to', [
        buyer.name,
        ...buyer.addressLines,
        `Country: ${buyer.country || 'not given'}`,
        buyer.email,
        ...(buyer.phone ? [buyer.phone] : []),
      ]);

      // Lines.
      y = Math.max(sellerBottom, buyerBottom) + 28;
      const cols = { qty: right - 220, unit: right - 170, amount: right - 90 };
      const bold = { weight: 'bold' } as const;
      y = Math.max(
        put('Description', left, y, cols.qty - left - 8, bold),
        put('Qty', cols.qty, y, 40, { ...bold, align: 'right' }),
        put('Unit price', cols.unit, y, 80, { ...bold, align: 'right' }),
        put('Amount', cols.amount, y, 90, { ...bold, align: 'right' }),
      );
      y += 6;
      doc.moveTo(left, y).lineTo(right, y).strokeColor('#d1d5db').stroke();
      for (const line of invoice.lines) {
        y += 8;
        y = Math.max(
          put(line.description, left, y, cols.qty - left - 8),
          put(String(line.quantity), cols.qty, y, 40, { align: 'right' }),
          put(invoiceMoney(line.unitPrice, invoice.currency), cols.unit - 20, y, 100, { align: 'right' }),
          put(invoiceMoney(line.amount, invoice.currency), cols.amount - 20, y, 110, { align: 'right' }),
        );
      }
      y += 8;
      doc.moveTo(left, y).lineTo(right, y).stroke();

      // Totals.
      const total = (label: string, value: string, strong = false) => {
        y += 8;
        const weight = strong ? 'bold' : 'regular';
        y = Math.max(put(label, right - 300, y, 180, { weight, align: 'right' }), put(value, right - 110, y, 110, { weight, align: 'right' }));
      };
      total('Subtotal', invoiceMoney(invoice.subtotal, invoice.currency));
      if (invoice.discount > 0)
        total(`Discount${invoice.couponCode ? ` (coupon ${invoice.couponCode})` : ''}`, `-${invoiceMoney(invoice.discount, invoice.currency)}`);
      if (invoice.tax) total(invoice.tax.label, invoiceMoney(invoice.tax.amount, invoice.currency));
      if (invoice.refunds.length) {
        // The invoice keeps what was sold; each refund follows, as a credit at its own date, then what was paid after them.
        total('Total', invoiceMoney(invoice.total, invoice.currency), true);
        for (const r of invoice.refunds) total(`Refunded on ${dateText(r.at)}`, `-${invoiceMoney(r.amount, invoice.currency)}`);
        total('Paid after refunds', invoiceMoney(Math.max(0, invoice.total - refunded), invoice.currency), true);
      } else total(invoice.status === 'Refunded' ? 'Total (refunded)' : 'Total paid', invoiceMoney(invoice.total, invoice.currency), true);

      y = put(invoice.tax ? 'Thank you for your purchase.' : 'Prices include any applicable tax. Thank you for your purchase.', left, y + 36, right - left, {
        size: 9,
        color: muted,
      });
      put('30-day money-back guarantee. Refunds are processed within 5 business days, plus 2-4 working days to reach your bank.', left, y, right - left, {
        size: 9,
        color: muted,
      });
    },
  );
}
