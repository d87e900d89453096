import type { ContactBody } from '../../shared/site.js';
import { formatPersonName } from '../../shared/text.js';
import { EmailLayout, renderEmail, type RenderedEmail } from './render.js';

const roleLabel: Record<ContactBody['role'], string> = { student: 'Student', client: 'Client / Business Owner', other: 'Other' };

export function contactNotificationEmail(message: ContactBody): RenderedEmail {
  const role = message.role === 'other' && message.specify ? `Other (${message.specify})` : roleLabel[message.role];
  const name = formatPersonName(message.name);
  const subject = `New message from ${name} (${role})`;
  const element = (
    <EmailLayout title={subject}>
      <h1 style={{ fontSize: 20, margin: '0 0 16px' }}>New contact message</h1>
      <p style={{ margin: '0 0 4px' }}>
        <strong>From:</strong> {name} &lt;{message.email}&gt;
      </p>
      <p style={{ margin: '0 0 16px' }}>
        <strong>Role:</strong> {role}
      </p>
      <div style={{ whiteSpace: 'pre-wrap', background: '#f9fafb', borderRadius: 8, padding: 16 }}>{message.message}</div>
      <p style={{ marginTop: 24, fontSize: 13, color: '#6b7280' }}>Reply to this email to answer {name} directly.</p>
    </EmailLayout>
  );
  const text = `New contact message\n\nFrom: ${name} <${message.email}>\nRole: ${role}\n\n${message.message}\n`;
  return renderEmail(subject, element, text);
}
