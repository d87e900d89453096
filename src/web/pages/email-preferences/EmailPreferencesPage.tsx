import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { broadcastMessages, preferencesTokenSchema } from '../../../shared/broadcasts';
import { siteName } from '../../../shared/pages';
import { preferencesQueries, useSetPreferences } from '../../api/broadcasts';
import { ApiError } from '../../api/client';
import { SubmitButton } from '../../components/form/SubmitButton';
import { usePageMeta } from '../../lib/usePageMeta';
import { AuthShell, Banner } from '../login/AuthShell';
import './email-preferences.scss';

/** What is sent whatever the choice: the emails about the reader's own account and purchases. */
function AlwaysSent() {
  return (
    <div className="prefs-always">
      <p className="fw-semibold mb-2">
        <i className="bi bi-shield-check me-2 text-success" aria-hidden="true" />
        Always sent, whatever you choose here
      </p>
      <ul className="mb-0">
        <li>Receipts, invoices and refunds for what you buy</li>
        <li>Password resets and account emails</li>
        <li>Emails about your membership: renewals, payments and its end</li>
      </ul>
    </div>
  );
}

function InvalidLink() {
  return (
    <>
      <Banner kind="danger">{broadcastMessages.invalidLink}</Banner>
      <p className="small text-body-secondary">
        A link stops working when it was copied only in part. Open the newest email from {siteName} and use the &lsquo;Unsubscribe&rsquo; or &lsquo;Email
        preferences&rsquo; link at its end, or sign in: your email preferences are on My Profile.
      </p>
      <div className="d-grid">
        <Link to="/login?next=/my-profile" className="btn btn-primary">
          Sign in to change them
        </Link>
      </div>
    </>
  );
}

function Preferences({ token }: { token: string }) {
  const preferences = useQuery(preferencesQueries.one(token));
  const change = useSetPreferences(token);

  if (preferences.isPending)
    return (
      <div className="placeholder-glow" role="status" aria-label="Loading your preferences">
        <span className="placeholder col-8 rounded d-block mb-3" style={{ height: '1.25rem', opacity: 0.25 }} />
        <span className="placeholder col-12 rounded d-block mb-3" style={{ height: '5rem', opacity: 0.2 }} />
        <span className="placeholder col-12 rounded d-block" style={{ height: '2.5rem', opacity: 0.25 }} />
      </div>
    );
  if (preferences.isError) {
    if (preferences.error instanceof ApiError && preferences.error.status === 400) return <InvalidLink />;
    return (
      <div className="text-center" role="alert">
        <p>We could not load your preferences just now. Check your connection and try again.</p>
        <button type="button" className="btn btn-outline-primary" onClick={() => void preferences.refetch()}>
          Try again
        </button>
      </div>
    );
  }

  const { email, broadcasts } = preferences.data;
  const changeError =
    change.error instanceof ApiError && change.error.status === 400
      ? broadcastMessages.invalidLink
      : change.isError
        ? 'Your choice could not be saved just now. Try again in a moment.'
        : null;
  return (
    <>
      <p className="text-center text-body-secondary mb-4">
        For <strong className="text-body text-break">{email}</strong>
      </p>
      {change.isSuccess && (
        <Banner kind={broadcasts ? 'success' : 'info'}>
          {broadcasts ? 'You are subscribed again. Thank you for staying.' : 'You are unsubscribed. No more news and announcements will reach you.'}
        </Banner>
      )}
      {changeError && <Banner kind="danger">{changeError}</Banner>}
      <section className={`prefs-choice ${broadcasts ? 'is-on' : 'is-off'}`} aria-labelledby="prefs-broadcasts">
        <div className="d-flex gap-3 align-items-start">
          <i className={`bi ${broadcasts ? 'bi-envelope-check-fill text-success' : 'bi-envelope-slash-fill text-body-secondary'} fs-4`} aria-hidden="true" />
          <div>
            <h2 id="prefs-broadcasts" className="h6 mb-1">
              News and announcements
            </h2>
            <p className="small text-body-secondary mb-2">New courses, live sessions, offers and updates the instructor sends to students.</p>
            <p className="small fw-semibold mb-0" data-testid="prefs-state">
              {broadcasts ? 'You receive these emails.' : 'You are unsubscribed from these emails.'}
            </p>
          </div>
        </div>
        <div className="d-grid mt-3">
          <SubmitButton
            type="button"
            className={broadcasts ? 'btn btn-outline-danger' : 'btn btn-primary'}
            busy={change.isPending}
            busyLabel="Saving..."
            onClick={() => change.mutate(!broadcasts)}
          >
            {broadcasts ? 'Unsubscribe from these emails' : 'Resubscribe'}
          </SubmitButton>
        </div>
      </section>
      <AlwaysSent />
    </>
  );
}

/** /email-preferences?token=…: reached from an email's footer without signing in; turns news and announcements off or back on. */
export default function EmailPreferencesPage() {
  usePageMeta('emailPreferences');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const valid = preferencesTokenSchema.safeParse(token).success;
  return (
    <AuthShell title="Email preferences" subtitle={valid ? undefined : 'Choose which emails reach you.'}>
      {valid ? <Preferences token={token} /> : <InvalidLink />}
    </AuthShell>
  );
}
