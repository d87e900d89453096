import { describe, expect, it } from 'vitest';
import { verifyEmailEmail, resetPasswordEmail, teamInviteEmail } from './account.js';
import { answerNotificationEmail } from './answer-notification.js';
import { membershipActivatedEmail, membershipEndedEmail, paymentFailedEmail } from './membership.js';
import { refundEmail } from './refund.js';
import { contactNotificationEmail } from './contact-notification.js';
import { receiptEmail } from './receipt.js';

/** Every email that names a person shows the name capitalised per word, however it was typed. */
describe('names in emails', () => {
  const typed = '  priya   NATARAJAN ';
  const member = { name: typed, planName: 'Monthly plan', price: '$19.99', subscriptionUrl: 'http://lectern.test/subscription' };
  const emails = {
    verification: verifyEmailEmail(typed, 'http://lectern.test/verify', 48),
    reset: resetPasswordEmail(typed, 'http://lectern.test/reset', 60),
    teamInvite: teamInviteEmail({
      fullName: typed,
      invitedBy: 'ada LOVELACE',
      role: 'reviewer',
      link: 'http://lectern.test/reset',
      studioUrl: 'http://lectern.test/studio',
      days: 7,
    }),
    answer: answerNotificationEmail({ name: typed, question: 'Why?', answer: 'Because.', url: 'http://lectern.test/qa' }),
    contact: contactNotificationEmail({ name: typed, email: 'p@example.com', role: 'student', specify: '', message: 'Hello' }),
    refund: refundEmail({
      fullName: typed,
      orderNumber: 'LEC-1',
      amount: '$19.99',
      reason: null,
      netPaid: '$0.00',
      closed: true,
      courses: ['Python Foundations'],
      orderUrl: 'http://lectern.test/order',
    }),
    membership: membershipActivatedEmail({ ...member, endDate: null, autoRenew: false, dashboardUrl: 'http://lectern.test/dashboard/' }),
    paymentFailed: paymentFailedEmail({ ...member, graceUntil: new Date('2025-02-01T00:00:00Z') }),
    membershipEnded: membershipEndedEmail({ ...member, reason: 'cancelled', subscribeUrl: 'http://lectern.test/subscribe' }),
    receipt: receiptEmail({
      fullName: typed,
      orderNumber: 'LEC-1',
      paidAt: new Date('2025-01-05T12:00:00Z'),
      paymentMethod: 'Stripe',
      symbol: '$',
      currency: 'USD',
      items: [{ title: 'Python Foundations', price: 1999 }],
      discount: 0,
      total: 1999,
      coupon: null,
      orderUrl: 'http://lectern.test/order',
      dashboardUrl: 'http://lectern.test/dashboard/',
    }),
  };

  it.each(Object.entries(emails))('%s', (_name, email) => {
    expect(email.html).toContain('Priya Natarajan');
    expect(email.text).toContain('Priya Natarajan');
    expect(`${email.subject}${email.html}${email.text}`).not.toMatch(/NATARAJAN|priya /);
  });
});
