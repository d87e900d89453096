import { formatPersonName } from '../../shared/text.js';
import { EmailButton, EmailLayout, renderEmail, type RenderedEmail } from './render.js';

/**
 * The emails of a membership's life: welcome and receipt, renewal receipt, the reminder before a
 * renewal, dunning (payment failed, grace ending, ended), cancellation and refund.
 */

export interface MembershipEmailBase {
  name: string;
  planName: string;
  /** Formatted, e.g. '$19.99'. */
  price: string;
  /** Absolute link to /subscription. */
  subscriptionUrl: string;
}

const day = (d: Date) => d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

function compose(subject: string, greeting: string, paragraphs: string[], action: { label: string; url: string }, footnote?: string): RenderedEmail {
  const element = (
    <EmailLayout title={subject}>
      <h1 style={{ fontSize: 20, margin: '0 0 16px' }}>{greeting}</h1>
      {paragraphs.map((p) => (
        <p key={p} style={{ margin: '0 0 12px', lineHeight: 1.5 }}>
          {p}
        </p>
      ))}
      <EmailButton href={action.url}>{action.label}</EmailButton>
      {footnote && <p style={{ fontSize: 13, color: '#6b7280' }}>{footnote}</p>}
    </EmailLayout>
  );
  const text = [greeting, '', ...paragraphs, '', `${action.label}: ${action.url}`, ...(footnote ? ['', footnote] : [])].join('\n');
  return renderEmail(subject, element, text);
}

export function membershipActivatedEmail(input: MembershipEmailBase & { endDate: Date | null; autoRenew: boolean; dashboardUrl: string }): RenderedEmail {
  const period = input.endDate
    ? input.autoRenew
      ? `It renews on ${day(input.endDate)} at ${input.price}; you can turn auto-renewal off any time from your subscription page.`
      : `It runs until ${day(input.endDate)} and does not renew.`
    : 'It never expires: every current and future course is yours.';
  return compose(
    `Welcome to your ${input.planName}`,
    `Welcome aboard, ${formatPersonName(input.name)}!`,
    [`Your ${input.planName} is active and every course is open to you. We received ${input.price}.`, period],
    { label: 'Start learning', url: input.dashboardUrl },
    `Manage your membership at ${input.subscriptionUrl}. 30-day money-back guarantee: reply to this email if it is not for you.`,
  );
}

export function membershipRenewedEmail(input: MembershipEmailBase & { endDate: Date | null }): RenderedEmail {
  return compose(
    `Your ${input.planName} has renewed`,
    `Thanks for staying, ${formatPersonName(input.name)}!`,
    [
      `We charged ${input.price} for another period of your ${input.planName}.`,
      input.endDate ? `Your access now runs until ${day(input.endDate)}.` : '',
    ].filter(Boolean),
    { label: 'Keep learning', url: input.subscriptionUrl },
    'This is your receipt. The subscription history lists every charge.',
  );
}

export function renewalReminderEmail(input: MembershipEmailBase & { renewsOn: Date; provider: 'stripe' | 'razorpay' }): RenderedEmail {
  return compose(
    `Your ${input.planName} renews on ${day(input.renewsOn)}`,
    `Hi ${formatPersonName(input.name)},`,
    [
      `Your ${input.planName} renews automatically on ${day(input.renewsOn)}, and ${input.price} will be charged to the card you subscribed with.`,
      'Nothing to do if you want to keep learning. To stop the renewal, turn auto-renewal off from your subscription page before that date; you keep access until the end of the period.',
    ],
    { label: 'Manage my membership', url: input.subscriptionUrl },
    input.provider === 'razorpay' ? 'This is the advance notice of a recurring card debit, sent at least 24 hours before the charge.' : undefined,
  );
}

export function paymentFailedEmail(input: MembershipEmailBase & { graceUntil: Date }): RenderedEmail {
  return compose(
    `Your ${input.planName} payment did not go through`,
    `Hi ${formatPersonName(input.name)},`,
    [
      `We could not charge ${input.price} to renew your ${input.planName}. Your bank declined the payment.`,
      `You keep full access until ${day(input.graceUntil)} while we retry the card. Make sure the card has funds or is still valid, or update it from your subscription page ('Update card'); if the payment still fails by then, the membership ends.`,
    ],
    { label: 'Review my membership', url: input.subscriptionUrl },
  );
}

export function graceEndingEmail(input: MembershipEmailBase & { graceUntil: Date }): RenderedEmail {
  return compose(
    `Your ${input.planName} ends on ${day(input.graceUntil)}`,
    `Hi ${formatPersonName(input.name)},`,
    [
      `We still could not renew your ${input.planName}: the last payments of ${input.price} were declined.`,
      `Your access ends on ${day(input.graceUntil)} unless the renewal goes through: update your card from your subscription page to pay it now. Your progress is kept either way.`,
    ],
    { label: 'Keep my membership', url: input.subscriptionUrl },
  );
}

export type EndReason = 'payment_failed' | 'period_over' | 'refunded' | 'cancelled';

export function membershipEndedEmail(input: MembershipEmailBase & { reason: EndReason; subscribeUrl: string }): RenderedEmail {
  const why: Record<EndReason, string> = {
    payment_failed: `Your ${input.planName} has ended because the renewal payment could not be collected.`,
    period_over: `Your ${input.planName} has come to the end of its last paid period.`,
    refunded: `Your ${input.planName} has ended because its payment was refunded.`,
    cancelled: `Your ${input.planName} has been cancelled.`,
  };
  return compose(
    `Your ${input.planName} has ended`,
    `Hi ${formatPersonName(input.name)},`,
    [
      why[input.reason],
      'Premium lessons are locked again, but your progress and certificates are kept: subscribe again any time to pick up where you left off.',
    ],
    { label: 'See membership plans', url: input.subscribeUrl },
  );
}

export function membershipCancelledEmail(input: MembershipEmailBase & { endDate: Date }): RenderedEmail {
  return compose(
    `Auto-renewal is off for your ${input.planName}`,
    `Hi ${formatPersonName(input.name)},`,
    [
      `You turned off auto-renewal. Nothing more will be charged, and you keep full access until ${day(input.endDate)}.`,
      'Changed your mind? Subscribe again from the plans page after that date.',
    ],
    { label: 'Keep learning', url: input.subscriptionUrl },
  );
}

export function membershipRefundedEmail(input: MembershipEmailBase): RenderedEmail {
  return compose(
    `Your ${input.planName} payment was refunded`,
    `Hi ${formatPersonName(input.name)},`,
    [
      `We refunded ${input.price} for your ${input.planName}. It reaches your bank in 5 business days, plus 2-4 working days to show on your statement.`,
      'The membership has ended.',
    ],
    { label: 'My subscription', url: input.subscriptionUrl },
  );
}
