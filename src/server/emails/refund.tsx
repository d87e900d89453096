import { formatPersonName } from '../../shared/text.js';
import { EmailButton, EmailLayout, renderEmail, type RenderedEmail } from './render.js';

export interface RefundEmailInput {
  fullName: string;
  orderNumber: string;
  /** This refund, written with its currency ('$10.00 USD'). */
  amount: string;
  /** Why, as the instructor wrote it; null when none was given. */
  reason: string | null;
  /** What the order has cost the buyer after every refund so far. */
  netPaid: string;
  /** This refund gave back the last of what was paid: the order's courses closed. */
  closed: boolean;
  courses: string[];
  orderUrl: string;
}

/** One email per refund: its amount and reason, what the order cost after it, and whether the courses stay open. */
export function refundEmail(input: RefundEmailInput): RenderedEmail {
  const subject = `Your refund for order ${input.orderNumber}`;
  const name = formatPersonName(input.fullName);
  const lead = input.closed
    ? `We have refunded ${input.amount} for order ${input.orderNumber}. The order is now refunded in full.`
    : `We have refunded ${input.amount} of order ${input.orderNumber}. After this refund the order has cost you ${input.netPaid}.`;
  const timing = 'Card refunds usually reach your bank within 5 to 10 working days.';
  const access = input.closed ? 'These courses are no longer in your account:' : 'You keep your courses:';
  const element = (
    <EmailLayout title={subject}>
      <h1 style={{ fontSize: 20, margin: '0 0 16px' }}>
        Hi {name}, {input.closed ? 'your order was refunded' : 'part of your order was refunded'}
      </h1>
      <p>
        {lead} {timing}
      </p>
      {input.reason && (
        <p style={{ margin: '0 0 16px', padding: 16, background: '#f3f4f6', borderRadius: 8 }}>
          <strong>Reason:</strong> {input.reason}
        </p>
      )}
      <p>{access}</p>
      <ul>
        {input.courses.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <EmailButton href={input.orderUrl}>See the order</EmailButton>
    </EmailLayout>
  );
  const text = [
    `Hi ${name},`,
    '',
    `${lead} ${timing}`,
    ...(input.reason ? ['', `Reason: ${input.reason}`] : []),
    '',
    access,
    ...input.courses.map((c) => `- ${c}`),
    '',
    `See the order: ${input.orderUrl}`,
    '',
  ].join('\n');
  return renderEmail(subject, element, text);
}
