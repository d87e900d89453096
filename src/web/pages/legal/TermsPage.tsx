import { Link } from 'react-router';
import { usePageMeta } from '../../lib/usePageMeta';
import { EmailOrForm, LegalLayout, ReachUs, type LegalSection } from './LegalLayout';
import { useSupportEmail } from '../../api/site';

export default function TermsPage() {
  usePageMeta('terms');
  const email = useSupportEmail();

  const sections: LegalSection[] = [
    {
      id: 'acceptance',
      title: 'Acceptance of these terms',
      body: (
        <>
          <p>
            These Terms and Conditions (the &quot;Terms&quot;) govern your access to and use of the Lectern website, its courses, memberships, lessons and
            related services (together, the &quot;Service&quot;). By creating an account, purchasing a course or membership, or otherwise using the Service, you
            agree to be bound by these Terms and by our <Link to="/privacy-policy">Privacy Policy</Link> and{' '}
            <Link to="/cancellation-refund-policy">Cancellation &amp; Refund Policy</Link>, which form part of these Terms.
          </p>
          <p>If you do not agree with these Terms, please do not use the Service.</p>
        </>
      ),
    },
    {
      id: 'who-we-are',
      title: 'Who we are',
      body: (
        <p>
          The Service is operated by Lectern (&quot;Lectern&quot;, &quot;we&quot;, &quot;us&quot; or &quot;our&quot;), an independent online education business
          based in India that publishes project-based programming courses and provides custom software development services. You can reach us{' '}
          <ReachUs email={email} />.
        </p>
      ),
    },
    {
      id: 'eligibility-accounts',
      title: 'Eligibility and accounts',
      body: (
        <ul>
          <li>You must be at least 18 years old, or have the consent and supervision of a parent or legal guardian, to buy courses or memberships.</li>
          <li>You agree to give accurate, current and complete information when you register or check out, and to keep it up to date.</li>
          <li>
            You are responsible for keeping your password confidential and for all activity under your account. Tell us straight away <ReachUs email={email} />{' '}
            if you suspect unauthorised use.
          </li>
          <li>An account is personal to one learner. Sharing logins or reselling access is not permitted.</li>
        </ul>
      ),
    },
    {
      id: 'licence',
      title: 'Courses and your licence to use them',
      body: (
        <>
          <p>
            When you enrol in a free course, buy a paid course or hold an active membership, we grant you a limited, personal, non-exclusive, non-transferable
            and revocable licence to view the course content through the Service for your own, non-commercial learning.
          </p>
          <p>You may not:</p>
          <ul>
            <li>
              download, record, copy, redistribute, resell, publicly perform or broadcast course videos or materials, except where a download is expressly
              offered;
            </li>
            <li>share your account or course access with anyone else;</li>
            <li>use course content to create a competing course or training product.</li>
          </ul>
          <p>
            Source code shown in lessons may be used in your own projects, including commercial ones, unless a lesson states otherwise. We may update,
            restructure or retire course content to keep it accurate and current.
          </p>
        </>
      ),
    },
    {
      id: 'payments',
      title: 'Prices and payments',
      body: (
        <>
          <p>
            Prices are shown in the currency of your region and may include introductory discounts. Payments are processed by our payment partners (such as
            Stripe and Razorpay); we do not see or store your full card details. You agree to pay all charges, including applicable taxes, at the prices in
            effect when you place your order.
          </p>
          <p>
            Coupons are subject to their stated conditions, cannot be exchanged for cash and may be withdrawn at any time. If a payment fails or is reversed, we
            may suspend access to the content it paid for.
          </p>
        </>
      ),
    },
    {
      id: 'memberships',
      title: 'Memberships',
      body: (
        <>
          <p>Memberships give access to all premium courses included in the membership for as long as the membership is active.</p>
          <ul>
            <li>
              <strong>Monthly and yearly plans</strong> start immediately after payment and renew automatically at the end of each billing period until you
              cancel.
            </li>
            <li>
              You can cancel at any time from your subscription page. Cancelling turns off auto-renewal; you keep access until the end of the period you have
              already paid for.
            </li>
            <li>
              <strong>Lifetime access</strong> is a one-time payment that gives access to membership content for as long as we operate the Service.
            </li>
            <li>We will give you reasonable notice of any price change to a recurring plan before it applies to your next renewal.</li>
          </ul>
        </>
      ),
    },
    {
      id: 'refunds',
      title: 'Cancellations and refunds',
      body: (
        <p>
          Purchases are covered by our 30-day money-back guarantee, subject to the conditions set out in our{' '}
          <Link to="/cancellation-refund-policy">Cancellation &amp; Refund Policy</Link>.
        </p>
      ),
    },
    {
      id: 'certificates',
      title: 'Certificates and pre-experience letters',
      body: (
        <p>
          Certificates of completion and pre-experience letters are issued at our discretion once you finish a course and, where required, submit a project that
          our team reviews. They recognise the work you completed with us; they are not academic degrees or accredited qualifications, and they do not guarantee
          employment.
        </p>
      ),
    },
    {
      id: 'acceptable-use',
      title: 'Acceptable use',
      body: (
        <>
          <p>When using the Service you agree not to:</p>
          <ul>
            <li>break any law, or infringe anyone&apos;s intellectual property, privacy or other rights;</li>
            <li>post content in questions, answers or reviews that is abusive, misleading, defamatory or spam;</li>
            <li>attempt to gain unauthorised access to the Service, other accounts or our systems, or interfere with their security or performance;</li>
            <li>scrape, crawl or bulk-download content, or bypass any access restriction or captcha.</li>
          </ul>
        </>
      ),
    },
    {
      id: 'intellectual-property',
      title: 'Intellectual property',
      body: (
        <p>
          The Service and all course videos, text, graphics, logos, code samples and other materials are owned by Lectern or its licensors and are protected by
          copyright and other laws. Except for the licence granted in these Terms, no rights are transferred to you.
        </p>
      ),
    },
    {
      id: 'user-content',
      title: 'Your content',
      body: (
        <p>
          You keep ownership of the questions, answers, reviews, project submissions and other content you post. You grant us a worldwide, royalty-free licence
          to host, display and use that content to operate and promote the Service. You confirm that you have the right to share it.
        </p>
      ),
    },
    {
      id: 'third-parties',
      title: 'Third-party services',
      body: (
        <p>
          The Service relies on third parties such as payment providers and video hosts, and may link to other websites. Their services are governed by their
          own terms and policies, and we are not responsible for them.
        </p>
      ),
    },
    {
      id: 'disclaimers',
      title: 'Disclaimers',
      body: (
        <p>
          We work hard to keep our courses accurate and the Service available, but the Service is provided &quot;as is&quot; and &quot;as available&quot;. To
          the fullest extent permitted by law, we make no warranty that the Service will be uninterrupted or error-free, or that any course will lead to a
          particular result, job or income.
        </p>
      ),
    },
    {
      id: 'liability',
      title: 'Limitation of liability',
      body: (
        <p>
          To the fullest extent permitted by law, Lectern will not be liable for any indirect, incidental, special or consequential loss, or for loss of
          profits, data or goodwill. Our total liability for any claim relating to the Service is limited to the amount you paid us in the twelve (12) months
          before the claim arose. Nothing in these Terms limits any liability that cannot be limited under applicable law.
        </p>
      ),
    },
    {
      id: 'termination',
      title: 'Suspension and termination',
      body: (
        <p>
          You may close your account at any time by contacting us. We may suspend or terminate access to the Service if you materially breach these Terms, for
          example by sharing your account or redistributing course content. Sections that by their nature should survive termination will continue to apply.
        </p>
      ),
    },
    {
      id: 'changes',
      title: 'Changes to these terms',
      body: (
        <p>
          We may update these Terms from time to time. When we make material changes we will update the effective date above and, where appropriate, notify you
          by email or on the site. Continuing to use the Service after the changes take effect means you accept the updated Terms.
        </p>
      ),
    },
    {
      id: 'governing-law',
      title: 'Governing law and disputes',
      body: (
        <p>
          These Terms are governed by the laws of India. Any dispute arising out of or in connection with these Terms or the Service will be subject to the
          exclusive jurisdiction of the competent courts in India. Before starting any proceedings, please contact us so we can try to resolve the matter
          informally.
        </p>
      ),
    },
    {
      id: 'contact',
      title: 'Contact us',
      body: (
        <p>
          Questions about these Terms? <EmailOrForm email={email} />
        </p>
      ),
    },
  ];

  return (
    <LegalLayout
      title="Terms and Conditions"
      current="/terms-and-conditions"
      intro={<p>Please read these terms carefully. They explain what you can expect from us, and what we expect from you, when you learn with Lectern.</p>}
      sections={sections}
    />
  );
}
