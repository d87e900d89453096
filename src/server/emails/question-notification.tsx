import { formatPersonName } from '../../shared/text.js';
import { EmailLayout, renderEmail, type RenderedEmail } from './render.js';

/** To the instructor: a student asked a question (plain text, shown as text). */
export function questionNotificationEmail(input: {
  student: string;
  course: string;
  lesson: string | null;
  title: string;
  body: string;
  url: string;
}): RenderedEmail {
  const student = formatPersonName(input.student) || 'A student';
  const where = input.lesson ? `${input.course}, ${input.lesson}` : input.course;
  const subject = `New question from ${student}: ${input.title}`;
  const element = (
    <EmailLayout title={subject}>
      <h1 style={{ fontSize: 20, margin: '0 0 16px' }}>{student} asked a question</h1>
      <p style={{ margin: '0 0 16px', color: '#4b5563' }}>{where}</p>
      <p style={{ fontWeight: 600 }}>{input.title}</p>
      <div style={{ whiteSpace: 'pre-wrap', background: '#f9fafb', borderRadius: 8, padding: 16 }}>{input.body}</div>
      <p style={{ marginTop: 24 }}>
        <a href={input.url}>Answer it in the studio</a>
      </p>
    </EmailLayout>
  );
  const text = `${student} asked a question on ${where}:\n\n${input.title}\n\n${input.body}\n\nAnswer it in the studio: ${input.url}\n`;
  return renderEmail(subject, element, text);
}
