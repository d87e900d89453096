import { Link } from 'react-router';
import { usePageMeta } from '../../lib/usePageMeta';
import { EmailOrForm, LegalLayout, ReachUs, type LegalSection } from './LegalLayout';
import { useSupportEmail } from '../../api/site';

export default function PrivacyPage() {
  usePageMeta('privacy');
  const email = useSupportEmail();

  const sections: LegalSection[] = [
    {
      id: 'scope',
      title: 'Scope of this policy',
      body: (
        <p>
          This Privacy Policy explains how Lectern (&quot;we&quot;, &quot;us&quot;) collects, uses, shares and protects personal information when you visit our
          website, create an account, buy courses or memberships, contact us, or use our software development services. It should be read together with our{' '}
          <Link to="/terms-and-conditions">Terms and Conditions</Link>.
        </p>
      ),
    },
    {
      id: 'information-we-collect',
      title: 'Information we collect',
      body: (
        <>
          <h3>Information you give us</h3>
          <ul>
            <li>
              <strong>Account details:</strong> your name, email address and password (stored only as a secure hash), and optional profile details such as phone
              number, address, a short bio and a profile picture.
            </li>
            <li>
              <strong>Billing details:</strong> the name, email, phone number and address you enter at checkout, and the courses or plan you buy.
            </li>
            <li>
              <strong>Messages:</strong> what you send through the contact form or by email, including your role and any project details.
            </li>
            <li>
              <strong>Content:</strong> questions, answers, reviews and project submissions you post.
            </li>
          </ul>
          <h3>Information collected automatically</h3>
          <ul>
            <li>
              <strong>Technical data:</strong> your IP address, browser type, device and pages visited. We use your IP address to work out your country so we
              can show prices in your local currency.
            </li>
            <li>
              <strong>Learning activity:</strong> enrolments, lessons completed and course progress, so we can track your progress and issue certificates.
            </li>
            <li>
              <strong>Usage analytics:</strong> page views and feature usage, in aggregate, to understand what works and what to improve.
            </li>
          </ul>
          <h3>Information from partners</h3>
          <p>
            If you sign in with Google, we receive your name, email address and profile picture from Google. Our payment partners tell us whether a payment
            succeeded and give us a transaction reference; we never receive your full card number.
          </p>
        </>
      ),
    },
    {
      id: 'how-we-use',
      title: 'How we use your information',
      body: (
        <ul>
          <li>to create and manage your account and give you access to the courses and memberships you are entitled to;</li>
          <li>to process payments, send receipts and handle refunds;</li>
          <li>to track your progress, review projects and issue certificates and pre-experience letters;</li>
          <li>to reply to your messages and provide support;</li>
          <li>
            to send service emails, such as account verification, password resets and subscription notices, and, where you have not opted out, reminders about
            items left in your cart;
          </li>
          <li>to protect the Service against fraud, spam and abuse, for example with a captcha on sign-up and contact forms;</li>
          <li>to improve our courses and the website, and to meet our legal and tax obligations.</li>
        </ul>
      ),
    },
    {
      id: 'cookies',
      title: 'Cookies and local storage',
      body: (
        <>
          <p>We use a small number of cookies and browser storage entries that the Service needs in order to work:</p>
          <ul>
            <li>
              <strong>Sign-in tokens</strong> kept in your browser&apos;s local storage so you stay signed in;
            </li>
            <li>
              <strong>A cart identifier and item count</strong> so your cart survives page reloads;
            </li>
            <li>
              <strong>A security cookie</strong> that protects forms against cross-site request forgery;
            </li>
            <li>
              <strong>A location cookie</strong> holding your IP address for six hours, used to show local prices.
            </li>
          </ul>
          <p>
            We do not use advertising cookies. You can clear cookies and local storage in your browser at any time; you will then be signed out and your cart
            emptied.
          </p>
        </>
      ),
    },
    {
      id: 'sharing',
      title: 'How we share information',
      body: (
        <>
          <p>We do not sell your personal information. We share it only with:</p>
          <ul>
            <li>payment processors (such as Stripe and Razorpay) to take payments and handle refunds;</li>
            <li>service providers that host our website, deliver our email and store our data, under contracts that require them to protect it;</li>
            <li>video hosting providers that stream course lessons;</li>
            <li>authorities, where the law requires it or to protect our rights, our users or the public.</li>
          </ul>
          <p>If Lectern is ever involved in a merger or sale, your information may be transferred to the new owner under the same protections.</p>
        </>
      ),
    },
    {
      id: 'retention',
      title: 'How long we keep it',
      body: (
        <p>
          We keep account and learning information for as long as your account is open. Order and payment records are kept for as long as tax and accounting
          laws require. Contact messages are kept for up to two years. When information is no longer needed, we delete or anonymise it.
        </p>
      ),
    },
    {
      id: 'security',
      title: 'Security',
      body: (
        <p>
          We protect your information with encrypted connections (HTTPS), hashed passwords, access controls and regular updates. No system is completely secure,
          so please use a strong, unique password and let us know straight away if you suspect any misuse of your account.
        </p>
      ),
    },
    {
      id: 'your-rights',
      title: 'Your rights and choices',
      body: (
        <>
          <p>Subject to applicable law, you can:</p>
          <ul>
            <li>access the personal information we hold about you and get a copy of it;</li>
            <li>correct inaccurate information, much of which you can edit yourself on your profile page;</li>
            <li>ask us to delete your account and personal information, unless we must keep it by law;</li>
            <li>withdraw consent or opt out of non-essential emails at any time, using the link in the email or by contacting us.</li>
          </ul>
          <p>
            To exercise any of these rights, write to us <ReachUs email={email} />. We will respond within 30 days.
          </p>
        </>
      ),
    },
    {
      id: 'children',
      title: "Children's privacy",
      body: (
        <p>
          The Service is not directed at children under 13, and we do not knowingly collect their personal information. Learners under 18 should use the Service
          with the involvement of a parent or guardian. If you believe a child has given us personal information, please contact us and we will delete it.
        </p>
      ),
    },
    {
      id: 'international',
      title: 'International transfers',
      body: (
        <p>
          We are based in India and our service providers may process information in other countries. Wherever your information is processed, we take steps to
          make sure it is protected as described in this policy.
        </p>
      ),
    },
    {
      id: 'changes',
      title: 'Changes to this policy',
      body: (
        <p>
          We may update this policy from time to time. We will change the effective date above and, for significant changes, let you know by email or on the
          site.
        </p>
      ),
    },
    {
      id: 'governing-law',
      title: 'Governing law',
      body: (
        <p>
          This policy is governed by the laws of India, including the Information Technology Act, 2000 and the rules made under it. Disputes are subject to the
          jurisdiction of the competent courts in India.
        </p>
      ),
    },
    {
      id: 'contact',
      title: 'Contact us',
      body: (
        <p>
          For any privacy question, request or complaint: <EmailOrForm email={email} /> We aim to reply within one business day.
        </p>
      ),
    },
  ];

  return (
    <LegalLayout
      title="Privacy Policy"
      current="/privacy-policy"
      intro={<p>Your privacy matters to us. This policy explains, in plain language, what we collect, why we collect it and the choices you have.</p>}
      sections={sections}
    />
  );
}
