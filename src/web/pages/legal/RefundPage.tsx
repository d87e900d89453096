import { Link } from 'react-router';
import { usePageMeta } from '../../lib/usePageMeta';
import { EmailLink, LegalLayout, ReachUs, type LegalSection } from './LegalLayout';
import { useSupportEmail } from '../../api/site';

/** Spec section 9: the refund terms. */
export const refundTerms = {
  guaranteeDays: 30,
  processingBusinessDays: 5,
  bankWorkingDays: '2-4',
} as const;

export default function RefundPage() {
  usePageMeta('refund');
  const email = useSupportEmail();

  const sections: LegalSection[] = [
    {
      id: 'guarantee',
      title: `Our ${refundTerms.guaranteeDays}-day money-back guarantee`,
      body: (
        <>
          <div className="legal-callout">
            <i className="bi bi-shield-check" aria-hidden="true" />
            <p className="mb-0">
              If a course or membership is not right for you, ask for a refund within <strong>{refundTerms.guaranteeDays} days</strong> of purchase and we will
              give you your money back, subject to the exceptions below.
            </p>
          </div>
          <p>The guarantee applies to individual course purchases and to the first payment of a membership plan, including lifetime access.</p>
        </>
      ),
    },
    {
      id: 'how-to-request',
      title: 'How to request a refund',
      body: (
        <ol>
          <li>
            {email ? (
              <>
                Email <EmailLink email={email} /> from the address linked to your account, or use our <Link to="/contact">contact form</Link>.
              </>
            ) : (
              <>
                Use our <Link to="/contact">contact form</Link> with the address linked to your account.
              </>
            )}
          </li>
          <li>
            Include your order number (you can find it in your order history) and, if you like, a line on why the course was not a good fit. It helps us
            improve.
          </li>
          <li>We will confirm your request by email, usually within one business day.</li>
        </ol>
      ),
    },
    {
      id: 'processing-time',
      title: 'When you will receive your money',
      body: (
        <>
          <p>
            Approved refunds are processed within <strong>{refundTerms.processingBusinessDays} business days</strong>, back to the original payment method.
          </p>
          <p>
            After that, your bank or card issuer usually takes another <strong>{refundTerms.bankWorkingDays} working days</strong> to show the money in your
            account. If you have not received it after that time, contact your bank first, then write to us with your order number and we will send you the
            refund reference.
          </p>
        </>
      ),
    },
    {
      id: 'exceptions',
      title: 'Exceptions',
      body: (
        <>
          <p>Refunds are not available when:</p>
          <ul>
            <li>the purchase was made through a third-party reseller (please contact the reseller for their refund terms);</li>
            <li>the product has been used beyond the trial, for example when most of a course has been completed or a certificate has been issued;</li>
            <li>the problem was caused by damage or modification by the customer, such as changes to downloaded resources or account settings;</li>
            <li>
              the account has violated our <Link to="/terms-and-conditions">Terms and Conditions</Link>, for example by sharing access or redistributing course
              content.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'cancelling-membership',
      title: 'Cancelling a membership',
      body: (
        <>
          <p>
            You can cancel a monthly or yearly membership at any time from your subscription page. Cancelling turns off auto-renewal: you will not be charged
            again, and you keep access until the end of the period you have already paid for.
          </p>
          <p>If you were charged for a renewal you did not intend to make, contact us as soon as you notice and we will review it with you.</p>
        </>
      ),
    },
    {
      id: 'after-refund',
      title: 'What happens after a refund',
      body: (
        <p>
          Once a refund is issued, access to the refunded course or membership ends, and any certificate or pre-experience letter issued for it is withdrawn.
          Coupon discounts are not refunded as cash.
        </p>
      ),
    },
    {
      id: 'contact',
      title: 'Contact us',
      body: (
        <p>
          Questions about a cancellation or refund? Write to us <ReachUs email={email} />. This policy forms part of our{' '}
          <Link to="/terms-and-conditions">Terms and Conditions</Link> and is governed by the laws of India.
        </p>
      ),
    },
  ];

  return (
    <LegalLayout
      title="Cancellation & Refund Policy"
      current="/cancellation-refund-policy"
      intro={<p>We want you to be happy with every course you take. This policy explains how cancellations and refunds work, and how long they take.</p>}
      sections={sections}
    />
  );
}
