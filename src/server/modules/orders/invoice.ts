import PDFDocument from 'pdfkit';
import type { OrderHistoryItem } from '../../../shared/commerce.js';
import { formatPrice } from '../../../shared/money.js';
import { regions } from '../../../shared/regions.js';

const symbolOf = (currency: string) => Object.values(regions).find((r) => r.currency === currency)?.symbol ?? `${currency} `;
// PDF standard fonts have no ₹ glyph: print the ISO code there instead.
const pdfMoney = (amount: number, currency: string) => {
  const symbol = symbolOf(currency);
  return /[^\x20-\x7E£€]/.test(symbol) ? `${currency} ${formatPrice(amount, '', currency)}` : formatPrice(amount, symbol, currency);
};

/** A one-page A4 invoice of a paid order. */
export function renderInvoicePdf(order: OrderHistoryItem): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: `Invoice ${order.order_number}`, Author: 'Lectern' } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    const date = new Date(order.order_date).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
    doc.fillColor('#3730a3').fontSize(22).font('Helvetica-Bold').text('Lectern');
    doc.moveDown(0.2).fillColor('#6b7280').fontSize(10).font('Helvetica').text('Project-based programming courses');
    doc
      .moveDown(1.5)
      .fillColor('#111827')
      .fontSize(16)
      .font('Helvetica-Bold')
      .text(order.order_status === 'Refunded' ? 'Invoice (refunded)' : 'Invoice');
    doc.moveDown(0.5).fontSize(10).font('Helvetica');
    doc.text(`Order number: ${order.order_number}`);
    doc.text(`Order date: ${date}`);
    doc.text(`Payment method: ${order.payment_method === 'Full_Discount' ? 'Coupon (100% off)' : order.payment_method}`);
    if (order.transaction_id) doc.text(`Transaction: ${order.transaction_id}`);
    doc.moveDown(1).font('Helvetica-Bold').text('Billed to');
    doc.font('Helvetica').text(order.full_name).text(order.address).text(order.phone_number).text(order.email);

    doc.moveDown(1.5);
    const left = 56;
    const right = doc.page.width - 56;
    let y = doc.y;
    doc
      .font('Helvetica-Bold')
      .text('Course', left, y)
      .text('Price', right - 120, y, { width: 120, align: 'right' });
    y = doc.y + 6;
    doc.moveTo(left, y).lineTo(right, y).strokeColor('#e5e7eb').stroke();
    doc.font('Helvetica');
    for (const item of order.order_items) {
      y += 10;
      doc
        .text(item.course.title, left, y, { width: right - left - 140 })
        .text(pdfMoney(item.price, order.currency), right - 120, y, { width: 120, align: 'right' });
      y = doc.y;
    }
    y += 10;
    doc.moveTo(left, y).lineTo(right, y).stroke();
    const row = (label: string, value: string, bold = false) => {
      y += 10;
      doc
        .font(bold ? 'Helvetica-Bold' : 'Helvetica')
        .text(label, left, y)
        .text(value, right - 160, y, { width: 160, align: 'right' });
      y = doc.y;
    };
    row('Subtotal', pdfMoney(order.subtotal, order.currency));
    if (order.discount > 0) row(`Coupon ${order.coupon ?? ''}`, `-${pdfMoney(order.discount, order.currency)}`);
    row('Total paid', pdfMoney(order.total, order.currency), true);
    doc
      .moveDown(3)
      .font('Helvetica')
      .fontSize(9)
      .fillColor('#6b7280')
      .text('30-day money-back guarantee. Refunds are processed within 5 business days, plus 2-4 working days to reach your bank.', left);
    doc.end();
  });
}
