import PDFDocument from 'pdfkit';
import { formatPrice } from '../../../shared/money.js';
import { toMajor } from '../../../shared/pricing.js';
import { regions } from '../../../shared/regions.js';
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
 */
export function renderInvoicePdf(invoice: InvoiceData, options: { compress?: boolean } = {}): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const title = invoice.seller.taxId ? 'Tax invoice' : 'Invoice';
    const doc = new PDFDocument({
      size: 'A4',
      margin: 56,
      compress: options.compress ?? true,
      info: { Title: `${title} ${invoice.invoiceNumber}`, Author: invoice.seller.legalName || 'Lectern' },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    const left = 56;
    const right = doc.page.width - 56;
    const half = (right - left) / 2;
    const muted = '#6b7280';
    const ink = '#111827';

    // Heading: what the document is, its number and dates.
    doc.fillColor(ink).font('Helvetica-Bold').fontSize(20).text(title, left, 56);
    if (invoice.status === 'Refunded') doc.fillColor('#b91c1c').fontSize(11).text('Refunded: this order was refunded in full.');
    doc.fillColor(ink).font('Helvetica').fontSize(10).moveDown(0.6);
    const facts: [string, string][] = [
      ['Invoice number', invoice.invoiceNumber],
      ['Invoice date', dateText(invoice.invoiceDate)],
      ['Order number', invoice.orderNumber],
      ['Order date', dateText(invoice.orderDate)],
      ['Payment', invoice.transactionId ? `${invoice.paymentMethod} (${invoice.transactionId})` : invoice.paymentMethod],
      ['Currency', invoice.currency],
    ];
    for (const [label, value] of facts) {
      const y = doc.y;
      doc.fillColor(muted).text(label, left, y, { width: 110 });
      doc.fillColor(ink).text(value, left + 110, y, { width: right - left - 110 });
    }

    // Seller and buyer blocks, side by side.
    const top = doc.y + 18;
    const block = (x: number, heading: string, lines: string[]) => {
      doc
        .font('Helvetica-Bold')
        .fillColor(muted)
        .fontSize(9)
        .text(heading.toUpperCase(), x, top, { width: half - 12 });
      doc.font('Helvetica').fillColor(ink).fontSize(10);
      for (const line of lines) doc.text(line, x, doc.y + 2, { width: half - 12 });
      return doc.y;
    };
    const seller = invoice.seller;
    const sellerBottom = block(left, 'Seller', [
      seller.legalName || 'Seller name not set',
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
    let y = Math.max(sellerBottom, buyerBottom) + 28;
    const cols = { qty: right - 220, unit: right - 170, amount: right - 90 };
    doc.font('Helvetica-Bold').fontSize(10).fillColor(ink);
    doc.text('Description', left, y, { width: cols.qty - left - 8 });
    doc.text('Qty', cols.qty, y, { width: 40, align: 'right' });
    doc.text('Unit price', cols.unit, y, { width: 80, align: 'right' });
    doc.text('Amount', cols.amount, y, { width: 90, align: 'right' });
    y = doc.y + 6;
    doc.moveTo(left, y).lineTo(right, y).strokeColor('#d1d5db').stroke();
    doc.font('Helvetica');
    for (const line of invoice.lines) {
      y += 8;
      doc.text(line.description, left, y, { width: cols.qty - left - 8 });
      const bottom = doc.y;
      doc.text(String(line.quantity), cols.qty, y, { width: 40, align: 'right' });
      doc.text(invoiceMoney(line.unitPrice, invoice.currency), cols.unit - 20, y, { width: 100, align: 'right' });
      doc.text(invoiceMoney(line.amount, invoice.currency), cols.amount - 20, y, { width: 110, align: 'right' });
      y = Math.max(bottom, doc.y);
    }
    y += 8;
    doc.moveTo(left, y).lineTo(right, y).stroke();

    // Totals.
    const total = (label: string, value: string, bold = false) => {
      y += 8;
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
      doc.text(label, right - 300, y, { width: 180, align: 'right' });
      doc.text(value, right - 110, y, { width: 110, align: 'right' });
      y = doc.y;
    };
    total('Subtotal', invoiceMoney(invoice.subtotal, invoice.currency));
    if (invoice.discount > 0)
      total(`Discount${invoice.couponCode ? ` (coupon ${invoice.couponCode})` : ''}`, `-${invoiceMoney(invoice.discount, invoice.currency)}`);
    if (invoice.tax) total(invoice.tax.label, invoiceMoney(invoice.tax.amount, invoice.currency));
    total(invoice.status === 'Refunded' ? 'Total (refunded)' : 'Total paid', invoiceMoney(invoice.total, invoice.currency), true);

    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(muted)
      .text(invoice.tax ? 'Thank you for your purchase.' : 'Prices include any applicable tax. Thank you for your purchase.', left, y + 36, {
        width: right - left,
      })
      .text('30-day money-back guarantee. Refunds are processed within 5 business days, plus 2-4 working days to reach your bank.', { width: right - left });
    doc.end();
  });
}
