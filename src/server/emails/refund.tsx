import { formatPersonName } from '../../shared/text.js';
import { EmailLayout, renderEmail, type RenderedEmail } from './render.js';

export function refundEmail(input: { fullName: string; orderNumber: string; amount: string; courses: string[] }): RenderedEmail {
  const subject = `Your refund for order ${input.orderNumber}`;
  const element = (
    <EmailLayout title={subject}>
      <h1 style={{ fontSize: 20, margin: '0 0 16px' }}>Hi {formatPersonName(input.fullName)}, your order was refunded</h1>
      <p>
        We have refunded {input.amount} for order {input.orderNumber}. Card refunds usually reach your bank within 5 to 10 working days.
      </p>
      <p>These courses are no longer in your account:</p>
      <ul>
        {input.courses.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
    </EmailLayout>
  );
  const text = `Hi ${formatPersonName(input.fullName)},\n\nWe have refunded ${input.amount} for order ${input.orderNumber}. Card refunds usually reach your bank within 5 to 10 working days.\n\nThese courses are no longer in your account:\n${input.courses.map((c) => `- ${c}`).join('\n')}\n`;
  return renderEmail(subject, element, text);
}
