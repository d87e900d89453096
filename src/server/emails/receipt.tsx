import { formatPrice } from '../../shared/money.js';
import { toMajor } from '../../shared/pricing.js';
import { formatPersonName } from '../../shared/text.js';
import { EmailButton, EmailLayout, renderEmail, type RenderedEmail } from './render.js';

export interface ReceiptInput {
  fullName: string;
  orderNumber: string;
  paidAt: Date;
  paymentMethod: string;
  symbol: string;
  currency: string;
  items: { title: string; price: number }[];
  discount: number;
  total: number;
  coupon: string | null;
  orderUrl: string;
  dashboardUrl: string;
  /** The buyer's email is not verified yet: the receipt carries the link. */
  verifyUrl?: string | undefined;
}

const cell = { padding: '8px 0', borderBottom: '1px solid #eee' };

export function receiptEmail(input: ReceiptInput): RenderedEmail {
  const money = (minor: number) => formatPrice(toMajor(minor), input.symbol, input.currency);
  const subject = `Your Lectern receipt for order ${input.orderNumber}`;
  const date = input.paidAt.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
  const element = (
    <EmailLayout title={subject}>
      <h1 style={{ fontSize: 20, margin: '0 0 8px' }}>Thank you, {formatPersonName(input.fullName)}!</h1>
      <p style={{ margin: '0 0 20px', color: '#4b5563' }}>
        Order {input.orderNumber} · {date} · {input.paymentMethod === 'Full_Discount' ? 'Coupon (100% off)' : input.paymentMethod}
      </p>
      <table style={{ width: '100%', borderCollapse: 'collapse' }}>
        <tbody>
          {input.items.map((item) => (
            <tr key={item.title}>
              <td style={cell}>{item.title}</td>
              <td style={{ ...cell, textAlign: 'right' }}>{money(item.price)}</td>
            </tr>
          ))}
          {input.discount > 0 && (
            <tr>
              <td style={cell}>Coupon {input.coupon}</td>
              <td style={{ ...cell, textAlign: 'right' }}>−{money(input.discount)}</td>
            </tr>
          )}
          <tr>
            <td style={{ ...cell, fontWeight: 700 }}>Total paid</td>
            <td style={{ ...cell, textAlign: 'right', fontWeight: 700 }}>{money(input.total)}</td>
          </tr>
        </tbody>
      </table>
      <EmailButton href={input.dashboardUrl}>Start learning</EmailButton>
      {input.verifyUrl && (
        <p style={{ margin: '0 0 24px', padding: 16, background: '#fef3c7', borderRadius: 8 }}>
          <strong>One more step: confirm your email address.</strong> Your courses are open already; confirming keeps your account safe and lets you reset your
          password. <a href={input.verifyUrl}>Confirm my email address</a>
        </p>
      )}
      <p style={{ fontSize: 13, color: '#6b7280' }}>
        Your invoice is at <a href={input.orderUrl}>{input.orderUrl}</a>. 30-day money-back guarantee: reply to this email if the course is not for you.
      </p>
    </EmailLayout>
  );
  const text = [
    `Thank you, ${formatPersonName(input.fullName)}!`,
    `Order ${input.orderNumber} · ${date} · ${input.paymentMethod}`,
    '',
    ...input.items.map((i) => `${i.title}: ${money(i.price)}`),
    ...(input.discount > 0 ? [`Coupon ${input.coupon}: -${money(input.discount)}`] : []),
    `Total paid: ${money(input.total)}`,
    '',
    `Start learning: ${input.dashboardUrl}`,
    ...(input.verifyUrl ? [`One more step: confirm your email address: ${input.verifyUrl}`] : []),
    `Invoice: ${input.orderUrl}`,
  ].join('\n');
  return renderEmail(subject, element, text);
}
