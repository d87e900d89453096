import { useQuery } from '@tanstack/react-query';
import { preferencesQueries, useSetMyPreferences } from '../../api/broadcasts';

/** My Profile's email preferences: news and announcements on or off (what the link in every such email's footer changes too). */
export function EmailPreferencesCard() {
  const preferences = useQuery(preferencesQueries.mine());
  const change = useSetMyPreferences();
  const on = change.isPending ? change.variables : preferences.data?.broadcasts;

  return (
    <section className="card mt-4 mb-4" aria-labelledby="email-preferences-title">
      <div className="card-body p-4">
        <h2 id="email-preferences-title" className="h5 mb-1">
          Email preferences
        </h2>
        <p className="text-body-secondary small mb-3">Receipts, invoices, password and account emails, and emails about your membership always arrive.</p>
        {preferences.isError ? (
          <div className="d-flex flex-wrap align-items-center gap-2" role="alert">
            <span className="small">Could not load your email preferences.</span>
            <button type="button" className="btn btn-sm btn-outline-primary" onClick={() => void preferences.refetch()}>
              Try again
            </button>
          </div>
        ) : (
          <div className="form-check form-switch">
            <input
              className="form-check-input"
              type="checkbox"
              role="switch"
              id="profile-broadcasts"
              checked={on ?? false}
              disabled={preferences.isPending || change.isPending}
              aria-describedby="profile-broadcasts-help"
              onChange={(e) => change.mutate(e.target.checked)}
            />
            <label className="form-check-label fw-semibold" htmlFor="profile-broadcasts">
              News and announcements
            </label>
            <div id="profile-broadcasts-help" className="small text-body-secondary" aria-live="polite">
              {preferences.isPending
                ? 'Loading...'
                : on
                  ? 'New courses, live sessions, offers and updates from the instructor reach you.'
                  : 'You are unsubscribed: no news or announcements reach you.'}
            </div>
            {change.isError && (
              <div className="small text-danger mt-1" role="alert">
                Your choice could not be saved just now. Try again in a moment.
              </div>
            )}
          </div>
        )}
      </div>
    </section>
  );
}
