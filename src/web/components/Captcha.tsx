import { useCallback, useRef, useState } from 'react';
import { messages } from '../../shared/messages';
import { useSiteConfig, useVerifyCaptcha } from '../api/site';
import { AltchaBox } from './captcha/AltchaBox';
import { useLatest, type CaptchaStatus } from './captcha/providerBox';

export type { CaptchaStatus } from './captcha/providerBox';
import { RecaptchaBox } from './captcha/RecaptchaBox';

export interface CaptchaProps {
  /** The verified token (ALTCHA payload or reCAPTCHA response), or null when not (or no longer) verified. */
  onChange: (token: string | null) => void;
  /**
   * Called when a server check starts, with a promise of its outcome (the token, or null). A form
   * submitted while the check runs can wait for it instead of reporting a missing captcha.
   */
  onPending?: (pending: Promise<string | null>) => void;
  /** id of the wrapper, so a field error can point at it. */
  id?: string;
  /** Ids of elements describing the captcha (e.g. the parent's "please complete" message). */
  describedBy?: string;
  invalid?: boolean;
  /** How the ALTCHA web component is loaded; injectable for tests. */
  loadAltcha?: () => Promise<unknown>;
}

/** The package registers <altcha-widget> on import; loaded on demand so it stays out of other pages' bundles. */
const defaultLoadAltcha = () => import('altcha');

/**
 * The captcha guarding registration and contact. The site config says which provider runs:
 * a self-hosted ALTCHA proof of work, or Google reCAPTCHA v2. Either way the token is checked
 * with POST /verify-recaptcha/ before the parent hears about it. To reset it, remount it (change its key).
 */
export function Captcha({ onChange, onPending, id = 'captcha', describedBy, invalid, loadAltcha = defaultLoadAltcha }: CaptchaProps) {
  const { data: site, isError, refetch } = useSiteConfig();
  const { mutateAsync: verifyToken } = useVerifyCaptcha();
  const [status, setStatus] = useState<CaptchaStatus>('loading');
  const onChangeRef = useLatest(onChange);
  const onPendingRef = useLatest(onPending);
  const latestToken = useRef<string | null>(null);
  const provider = site?.captcha.provider;
  const siteKey = site?.captcha.site_key ?? null;

  const report = useCallback(
    (token: string | null) => {
      if (latestToken.current === token) return;
      latestToken.current = token;
      onChangeRef.current(token);
    },
    [onChangeRef],
  );

  /** Checks a fresh token with the server; `onRejected` puts the widget back to a state the user can retry from. */
  const check = useCallback(
    async (token: string, onRejected: () => void) => {
      setStatus('verifying');
      const pending = verifyToken(token).then((result) => {
        if (result === 'verified') {
          setStatus('verified');
          report(token);
          return token;
        }
        setStatus(result);
        report(null);
        onRejected();
        return null;
      });
      onPendingRef.current?.(pending);
      await pending;
    },
    [report, onPendingRef, verifyToken],
  );

  const messageId = `${id}-status`;
  const describedByIds = [describedBy, status === 'failed' || status === 'unavailable' ? messageId : undefined].filter(Boolean).join(' ') || undefined;

  return (
    <div id={id} className="captcha" aria-invalid={invalid || undefined} aria-describedby={describedByIds}>
      {isError ? (
        <p className="text-danger small mb-0" role="alert">
          {messages.captcha.unavailable}{' '}
          <button type="button" className="btn btn-link btn-sm p-0 align-baseline" onClick={() => void refetch()}>
            Retry
          </button>
        </p>
      ) : !provider ? (
        <div className="captcha-placeholder skeleton" aria-hidden="true" style={{ height: 66, maxWidth: 304 }} />
      ) : provider === 'altcha' ? (
        <AltchaBox load={loadAltcha} onStatus={setStatus} onToken={check} onCleared={() => report(null)} />
      ) : siteKey ? (
        <RecaptchaBox siteKey={siteKey} onStatus={setStatus} onToken={check} onCleared={() => report(null)} />
      ) : (
        <p className="text-danger small mb-0" role="alert">
          {messages.captcha.unavailable}
        </p>
      )}
      {status === 'verifying' && (
        <p className="small text-body-secondary mt-1 mb-0" role="status">
          <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
          Checking…
        </p>
      )}
      {(status === 'failed' || status === 'unavailable') && (
        <p id={messageId} className="text-danger small mt-1 mb-0" role="alert">
          {status === 'failed' ? messages.captcha.failed : messages.captcha.unavailable}
        </p>
      )}
    </div>
  );
}
