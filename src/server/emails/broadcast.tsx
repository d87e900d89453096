import { EmailLayout, renderEmail, type RenderedEmail } from './render.js';

export interface BroadcastEmailInput {
  subject: string;
  /** Sanitised already (lib/html.ts), as stored. */
  html: string;
  /** Its plain-text part, as stored. */
  text: string;
  /** Why this person gets it ('you are a student of Intermediate Python'). */
  reason: string;
  /** The preferences page, through the signed link (the visible unsubscribe link). */
  preferencesUrl: string;
  siteName: string;
}

/** A broadcast: the instructor's own words, then a footer saying why it came and how to stop it. */
export function broadcastEmail(input: BroadcastEmailInput): RenderedEmail {
  const element = (
    <EmailLayout title={input.subject}>
      <div style={{ fontSize: 16, lineHeight: 1.6 }} dangerouslySetInnerHTML={{ __html: input.html }} />
      <hr style={{ border: 0, borderTop: '1px solid #e5e7eb', margin: '32px 0 16px' }} />
      <p style={{ fontSize: 13, color: '#6b7280', margin: 0 }}>
        You are receiving this email from {input.siteName} because {input.reason}.{' '}
        <a href={input.preferencesUrl} style={{ color: '#6b7280' }}>
          Unsubscribe
        </a>{' '}
        from these emails at any time. Receipts and account emails still reach you.
      </p>
    </EmailLayout>
  );
  const text = `${input.text.trim()}\n\n--\nYou are receiving this email from ${input.siteName} because ${input.reason}.\nUnsubscribe from these emails: ${input.preferencesUrl}\n`;
  return renderEmail(input.subject, element, text);
}
