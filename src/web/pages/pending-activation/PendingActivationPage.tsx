import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { subscriptionMessages as m } from '../../../shared/subscription-messages';
import { ACTIVATION_POLL_MS, ACTIVATION_REDIRECT_MS, LIFETIME_SESSION_KEY, useSubscriptionDetail, useUpdateLifetime } from '../../api/subscriptions';
import { useIsLoggedIn } from '../../lib/auth';
import { usePageMeta } from '../../lib/usePageMeta';
import './pending-activation.scss';

/** After this long without an activation the page says so (it keeps polling). */
const SLOW_AFTER_MS = 60_000;

function processedSession(): string | null {
  try {
    return window.sessionStorage.getItem(LIFETIME_SESSION_KEY);
  } catch {
    return null;
  }
}

function rememberSession(sessionId: string) {
  try {
    window.sessionStorage.setItem(LIFETIME_SESSION_KEY, sessionId);
  } catch {
    // without storage the server's idempotence still gives one membership
  }
}

/**
 * The return from a lifetime Stripe checkout: the session id is sent to update-lifetime-subscription
 * once per session id (remembered in session storage), then the query string is removed.
 */
function useConfirmLifetimeReturn() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const update = useUpdateLifetime();
  const sent = useRef(false);
  const sessionId = params.get('session_id');
  const lifetime = params.get('plan') === 'lifetime';

  useEffect(() => {
    if (!sessionId || !lifetime || sent.current) return;
    sent.current = true;
    if (processedSession() !== sessionId) {
      rememberSession(sessionId);
      update.mutate({ payment_method: 'stripe', session_id: sessionId });
    }
    void navigate({ search: '' }, { replace: true });
  }, [sessionId, lifetime, navigate, update]);
}

/** /pending-activation: 'Processing Payment' while the provider confirms (polled every 5 s), then 'Subscription Activated' and /subscription. */
export default function PendingActivationPage() {
  usePageMeta('pendingActivation');
  const loggedIn = useIsLoggedIn();
  const navigate = useNavigate();
  useConfirmLifetimeReturn();
  const [activeSeen, setActiveSeen] = useState(false);
  const detail = useSubscriptionDetail({ refetchInterval: activeSeen ? false : ACTIVATION_POLL_MS });
  const active = detail.data?.is_active === true;
  const [slow, setSlow] = useState(false);

  useEffect(() => {
    if (active) setActiveSeen(true);
  }, [active]);

  useEffect(() => {
    if (!activeSeen) return;
    const timer = window.setTimeout(() => void navigate('/subscription', { replace: true }), ACTIVATION_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [activeSeen, navigate]);

  useEffect(() => {
    const timer = window.setTimeout(() => setSlow(true), SLOW_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, []);

  return (
    <section className="section pending-activation">
      <div className="container">
        <div className="card pending-card mx-auto text-center" aria-live="polite">
          <div className="card-body p-4 p-md-5">
            {activeSeen ? (
              <>
                <span className="pending-icon pending-icon-success" aria-hidden="true">
                  <i className="bi bi-check-lg" />
                </span>
                <h1 className="h3 mt-4 mb-2">{m.activated}</h1>
                <p className="lead mb-1" data-testid="activated-plan">
                  {detail.data?.name}
                </p>
                <p className="text-body-secondary mb-0">{m.redirecting}</p>
              </>
            ) : (
              <>
                <div className="spinner-border text-primary pending-spinner" role="status">
                  <span className="visually-hidden">Loading…</span>
                </div>
                <h1 className="h3 mt-4 mb-2">{m.processingPayment}</h1>
                <p className="text-body-secondary mb-0">We are confirming your payment with the provider. This usually takes a few seconds.</p>
                {!loggedIn && (
                  <p className="small mt-3 mb-0">
                    <Link to="/login">Log in</Link> to see your membership.
                  </p>
                )}
                {slow && loggedIn && (
                  <p className="small text-body-secondary mt-3 mb-0">
                    This is taking longer than usual. You can leave this page: your membership appears on <Link to="/subscription">your subscription</Link> as
                    soon as the payment is confirmed.
                  </p>
                )}
              </>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}
