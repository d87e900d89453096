import { formatPersonName } from '../../shared/text.js';
import { EmailLayout, renderEmail, type RenderedEmail } from './render.js';

export function answerNotificationEmail(input: { name: string; question: string; answer: string; url: string }): RenderedEmail {
  const name = formatPersonName(input.name);
  const subject = `Your question has an answer: ${input.question}`;
  const element = (
    <EmailLayout title={subject}>
      <h1 style={{ fontSize: 20, margin: '0 0 16px' }}>Hi {name}, the instructor answered</h1>
      <p style={{ fontWeight: 600 }}>{input.question}</p>
      <div style={{ whiteSpace: 'pre-wrap', background: '#f9fafb', borderRadius: 8, padding: 16 }}>{input.answer}</div>
      <p style={{ marginTop: 24 }}>
        <a href={input.url}>See it in your questions</a>
      </p>
    </EmailLayout>
  );
  return renderEmail(subject, element, `Hi ${name},\n\nThe instructor answered "${input.question}":\n\n${input.answer}\n\n${input.url}\n`);
}
