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
