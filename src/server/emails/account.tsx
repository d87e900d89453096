import { formatPersonName } from '../../shared/text.js';
import { EmailButton, EmailLayout, renderEmail, type RenderedEmail } from './render.js';

export function verifyEmailEmail(fullName: string, link: string, hours: number): RenderedEmail {
  const name = formatPersonName(fullName);
  const subject = 'Confirm your email address';
  const element = (
    <EmailLayout title={subject}>
      <h1 style={{ fontSize: 20, margin: '0 0 16px' }}>Welcome to Lectern, {name}!</h1>
      <p>Confirm your email address to activate your account and start learning.</p>
      <EmailButton href={link}>Activate my account</EmailButton>
      <p style={{ fontSize: 13, color: '#6b7280' }}>
        The link works once and expires in {hours} hours. If you did not create an account, you can ignore this email.
      </p>
      <p style={{ fontSize: 12, color: '#6b7280', wordBreak: 'break-all' }}>{link}</p>
    </EmailLayout>
  );
  const text = `Welcome to Lectern, ${name}!\n\nConfirm your email address to activate your account:\n${link}\n\nThe link works once and expires in ${hours} hours. If you did not create an account, ignore this email.\n`;
  return renderEmail(subject, element, text);
}

export function resetPasswordEmail(fullName: string, link: string, minutes: number): RenderedEmail {
  const name = formatPersonName(fullName);
  const subject = 'Reset your Lectern password';
  const element = (
    <EmailLayout title={subject}>
      <h1 style={{ fontSize: 20, margin: '0 0 16px' }}>Reset your password</h1>
      <p>Hi {name}, we received a request to reset the password of your account.</p>
      <EmailButton href={link}>Choose a new password</EmailButton>
      <p style={{ fontSize: 13, color: '#6b7280' }}>
        The link works once and expires in {minutes} minutes. If you did not ask for it, ignore this email: your password stays the same.
      </p>
      <p style={{ fontSize: 12, color: '#6b7280', wordBreak: 'break-all' }}>{link}</p>
    </EmailLayout>
  );
  const text = `Hi ${name},\n\nReset your Lectern password here:\n${link}\n\nThe link works once and expires in ${minutes} minutes. If you did not ask for it, ignore this email.\n`;
  return renderEmail(subject, element, text);
}

/** Settings → Team: an invitation to review projects (or to run the studio), with a link to set a password. */
export function teamInviteEmail(input: {
  fullName: string;
  invitedBy: string;
  role: 'admin' | 'reviewer';
  link: string;
  studioUrl: string;
  days: number;
}): RenderedEmail {
  const name = formatPersonName(input.fullName);
  const inviter = formatPersonName(input.invitedBy);
  const what = input.role === 'reviewer' ? 'review students’ projects' : 'run the studio as an admin';
  const subject = input.role === 'reviewer' ? 'You are invited to review projects on Lectern' : 'You are invited to the Lectern studio';
  const element = (
    <EmailLayout title={subject}>
      <h1 style={{ fontSize: 20, margin: '0 0 16px' }}>Join the team</h1>
      <p>
        Hi {name}, {inviter} invited you to {what}. Choose a password to sign in; the studio is at {input.studioUrl}.
      </p>
      <EmailButton href={input.link}>Choose a password</EmailButton>
      <p style={{ fontSize: 13, color: '#6b7280' }}>
        The link works once and expires in {input.days} days. If you already have a password, sign in with it: the link is not needed.
      </p>
      <p style={{ fontSize: 12, color: '#6b7280', wordBreak: 'break-all' }}>{input.link}</p>
    </EmailLayout>
  );
  const text = `Hi ${name},\n\n${inviter} invited you to ${what} on Lectern.\nChoose a password here:\n${input.link}\n\nThen sign in to the studio at ${input.studioUrl}.\nThe link works once and expires in ${input.days} days.\n`;
  return renderEmail(subject, element, text);
}
