import { EmailButton, EmailLayout, renderEmail, type RenderedEmail } from './render.js';

export function abandonedCartEmail(input: {
  courses: { title: string; url: string }[];
  checkoutUrl: string;
  unsubscribeUrl: string;
  reason: string;
}): RenderedEmail {
  const subject = input.reason === 'subscription' ? 'Your membership is one step away' : 'You left something in your cart';
  const element = (
    <EmailLayout title={subject}>
      <h1 style={{ fontSize: 20, margin: '0 0 16px' }}>{subject}</h1>
      <p>{input.reason === 'subscription' ? 'Pick up where you left off and unlock every course.' : 'Your courses are waiting for you:'}</p>
      <ul>
        {input.courses.map((c) => (
          <li key={c.url}>
            <a href={c.url}>{c.title}</a>
          </li>
        ))}
      </ul>
      <EmailButton href={input.checkoutUrl}>Complete my enrolment</EmailButton>
      <p style={{ fontSize: 12, color: '#6b7280' }}>
        Don't want these reminders? <a href={input.unsubscribeUrl}>Unsubscribe</a>.
      </p>
    </EmailLayout>
  );
  const text = `${subject}\n\n${input.courses.map((c) => `- ${c.title}: ${c.url}`).join('\n')}\n\nComplete your enrolment: ${input.checkoutUrl}\n\nUnsubscribe: ${input.unsubscribeUrl}\n`;
  return renderEmail(subject, element, text);
}
