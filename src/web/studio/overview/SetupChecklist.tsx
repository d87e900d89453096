import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { ProviderState, SetupChecklist as Checklist } from '../../../shared/setup';
import { adminErrorText } from '../../api/admin';
import { setupQueries, useDismissChecklist } from '../../api/adminSetup';
import { SubmitButton } from '../../components/form/SubmitButton';
import { formatDateTime } from '../components/ui';
import { DemoRemovalDialog } from './DemoRemovalDialog';

const providerNames = { stripe: 'Stripe', razorpay: 'Razorpay' } as const;
const modeLooks: Record<ProviderState['mode'], { label: string; badge: string }> = {
  off: { label: 'Off', badge: 'text-bg-light border' },
  sandbox: { label: 'Sandbox', badge: 'text-bg-info' },
  test: { label: 'Test keys', badge: 'text-bg-warning' },
  live: { label: 'Live keys', badge: 'text-bg-success' },
};

/** One provider as the server runs it: its keys, and whether its webhook reaches us. */
export function providerLine(p: ProviderState): string {
  if (p.mode === 'off') return 'No keys set: it is not offered at checkout.';
  if (p.mode === 'sandbox') return 'The local sandbox: checkout works, no money moves.';
  if (!p.webhook_secret) return 'The webhook signing secret is missing: payments cannot be confirmed.';
  if (!p.last_webhook_at) return 'No webhook has reached this site yet.';
  return p.webhook_recent ? `Webhook last seen ${formatDateTime(p.last_webhook_at)}.` : `No webhook since ${formatDateTime(p.last_webhook_at)}.`;
}

function Step({ done, title, children, action }: { done: boolean; title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <li className={`setup-step${done ? ' is-done' : ''}`}>
      <i className={`bi ${done ? 'bi-check-circle-fill text-success' : 'bi-circle text-body-secondary'} setup-step-icon`} aria-hidden="true" />
      <div className="setup-step-body">
        <h3 className="h6 mb-1">
          {title}
          <span className="visually-hidden">{done ? ' (done)' : ' (to do)'}</span>
        </h3>
        <div className="small text-body-secondary">{children}</div>
      </div>
      {action && <div className="setup-step-action">{action}</div>}
    </li>
  );
}

const actionClass = (done: boolean) => `btn btn-sm ${done ? 'btn-light border' : 'btn-primary'}`;

/** The steps, each with its state from the server and a link to where it is done. */
function Steps({ c, onRemoveDemo }: { c: Checklist; onRemoveDemo: () => void }) {
  const { profile, payments, first_course: course, figures, demo_content: demo } = c;
  const instructor =
    profile.instructor === 'yours'
      ? `Instructor: ${profile.instructor_name ?? 'you'}.`
      : profile.instructor === 'placeholder'
        ? `The demo's instructor${profile.instructor_name ? ` (${profile.instructor_name})` : ''} is still shown: make it your profile.`
        : 'Add your instructor profile.';
  return (
    <ol className="list-unstyled mb-0 setup-steps">
      <Step
        done={profile.done}
        title="Your profile and site name"
        action={
          // The instructor's profile first (the demo's is still shown), then the site's name and logo.
          <Link to={`/admin/settings#${profile.instructor === 'yours' ? 'settings-site' : 'settings-instructor'}`} className={actionClass(profile.done)}>
            {profile.done ? 'Edit' : profile.instructor === 'yours' ? 'Name your site' : 'Your profile'}
          </Link>
        }
      >
        {instructor} {profile.site_name ? `Site name: ${profile.site_name}.` : 'No site name yet (the site says Lectern).'}{' '}
        {profile.logo ? 'Logo added.' : 'No logo yet (optional).'}
      </Step>
      <Step
        done={payments.done}
        title="How you get paid"
        action={
          <Link to={payments.invoice_details ? '/admin/payments' : '/admin/settings#settings-seller'} className={actionClass(payments.done)}>
            {payments.invoice_details ? 'Payments log' : 'Invoice details'}
          </Link>
        }
      >
        <ul className="list-unstyled mb-1">
          {payments.providers.map((p) => (
            <li key={p.provider} className="mb-1">
              <span className="fw-semibold text-body">{providerNames[p.provider]}</span>{' '}
              <span className={`badge ${modeLooks[p.mode].badge}`}>{modeLooks[p.mode].label}</span>
              {(p.mode === 'test' || p.mode === 'live') && (
                <span className={`badge ms-1 ${p.webhook_recent ? 'text-bg-success' : 'text-bg-light border'}`}>
                  {p.webhook_recent ? 'Webhook seen' : 'No recent webhook'}
                </span>
              )}
              <span className="d-block">{providerLine(p)}</span>
              {(p.mode === 'test' || p.mode === 'live') && !p.webhook_recent && (
                <span className="d-block">
                  Send its events to <code className="text-break">{p.webhook_url}</code>
                </span>
              )}
            </li>
          ))}
        </ul>
        {payments.providers.every((p) => p.mode !== 'live') && (
          <p className="mb-1">Live keys are set in the server&apos;s environment (STRIPE_SECRET_KEY, RAZORPAY_KEY_ID and their webhook secrets).</p>
        )}
        <p className="mb-0">
          {payments.invoice_details ? 'Invoices carry your legal name and address.' : 'Add the legal name and address your invoices print.'}
        </p>
      </Step>
      <Step
        done={course.done}
        title="Your first course"
        action={
          course.course ? (
            <Link to={`/admin/courses/${course.course.id}`} className={actionClass(course.done)}>
              {course.done ? 'Open' : 'Finish it'}
            </Link>
          ) : (
            <Link to="/admin/courses/new" className={actionClass(false)}>
              New course
            </Link>
          )
        }
      >
        {!course.course
          ? 'Create a course of your own (the demo courses do not count).'
          : course.done
            ? `“${course.course.title}” is published.`
            : `“${course.course.title}” is a ${course.course.state} course: publish it when it is ready.`}
      </Step>
      <Step
        done={figures.done}
        title="The home page's figures"
        action={
          <Link to="/admin/settings#settings-figures" className={actionClass(figures.done)}>
            {figures.done ? 'Edit' : 'Review figures'}
          </Link>
        }
      >
        {figures.done
          ? 'Your own figures, or what your database knows.'
          : `${figures.from_demo === 1 ? '1 figure is' : `${figures.from_demo} figures are`} still the demo's (like '75K+ Online Students'): keep what your database knows or set your own.`}
      </Step>
      <Step
        done={demo.done}
        title="Remove the demo content"
        action={
          !demo.done && (
            <button type="button" className="btn btn-sm btn-outline-danger" onClick={onRemoveDemo}>
              Remove the demo content
            </button>
          )
        }
      >
        {demo.done
          ? 'No demo content left.'
          : `${demo.to_remove === 1 ? '1 demo item' : `${demo.to_remove} demo items`} (courses, students, reviews, plans, coupons, figures). You see the list before anything is deleted.`}
        {demo.kept > 0 && ` ${demo.kept === 1 ? '1 item stays' : `${demo.kept} items stay`} because someone bought or used it.`}
      </Step>
    </ol>
  );
}

/**
 * The studio Overview's first-start checklist (issue 25 item 8): the profile and site name, how
 * you get paid, your first course, the home page's figures and the demo content, each computed by
 * the server and linking to where it is done. Complete, it offers to be dismissed; dismissed, it is gone.
 */
export function SetupChecklist() {
  const { data: c } = useQuery(setupQueries.checklist());
  const dismiss = useDismissChecklist();
  const [removing, setRemoving] = useState(false);
  if (!c || c.dismissed) return null;
  const steps = [c.profile, c.payments, c.first_course, c.figures, c.demo_content];
  const done = steps.filter((s) => s.done).length;

  if (c.complete)
    return (
      <section className="studio-card p-3 mb-3 d-flex flex-wrap align-items-center gap-3" aria-labelledby="setup-checklist-title">
        <i className="bi bi-check-circle-fill text-success fs-4" aria-hidden="true" />
        <div className="flex-grow-1">
          <h2 className="h6 mb-0" id="setup-checklist-title">
            Your site is set up
          </h2>
          <p className="small text-body-secondary mb-0">Every step of the first-start checklist is done.</p>
          {dismiss.isError && (
            <p className="small text-danger mb-0" role="alert">
              {adminErrorText(dismiss.error)}
            </p>
          )}
        </div>
        <SubmitButton type="button" className="btn btn-sm btn-light border" busy={dismiss.isPending} busyLabel="Hiding..." onClick={() => dismiss.mutate()}>
          Hide the checklist
        </SubmitButton>
      </section>
    );

  return (
    <section className="studio-card p-3 p-md-4 mb-3 setup-checklist" aria-labelledby="setup-checklist-title">
      <div className="d-flex flex-wrap justify-content-between align-items-baseline gap-2 mb-2">
        <h2 className="h5 mb-0" id="setup-checklist-title">
          Make the site yours
        </h2>
        <span className="small text-body-secondary">
          {done} of {steps.length} done
        </span>
      </div>
      <div
        className="progress mb-3"
        style={{ height: 6 }}
        role="progressbar"
        aria-label="Checklist progress"
        aria-valuenow={done}
        aria-valuemin={0}
        aria-valuemax={steps.length}
      >
        <div className="progress-bar bg-success" style={{ width: `${(done / steps.length) * 100}%` }} />
      </div>
      <Steps c={c} onRemoveDemo={() => setRemoving(true)} />
      <DemoRemovalDialog show={removing} onHide={() => setRemoving(false)} />
    </section>
  );
}
