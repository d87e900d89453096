import { useCallback, useEffect, useLayoutEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { AltchaWidgetElement } from 'altcha';
import { messages } from '../../shared/messages';
import { API_BASE } from '../api/client';
import { useSiteConfig, useVerifyCaptcha } from '../api/site';
import { FieldError } from './form/Field';
// JSX typing for <altcha-widget>, from the package itself (a type-only import: no runtime code).
import type {} from 'altcha/types/react';

interface GreCaptcha {
  render(container: HTMLElement, params: Record<string, unknown>): number;
  reset(widgetId?: number): void;
}

declare global {
  interface Window {
    grecaptcha?: GreCaptcha;
    __lecternRecaptchaLoaded?: () => void;
  }
}

export type CaptchaStatus = 'loading' | 'unverified' | 'verifying' | 'verified' | 'failed' | 'unavailable';

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

/** A ref that always holds the latest value, for callbacks registered once. */
function useLatest<T>(value: T) {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}

/**
 * The widget draws its check mark over the checkbox and lets it take the click, so a click in the
 * middle of the box did nothing. React 19 hoists this once into the head (deduplicated by href).
 */
const altchaCss = `altcha-widget{display:block;max-width:320px}altcha-widget .altcha-checkbox svg{pointer-events:none}`;

const ALTCHA_CHALLENGE_URL = `${API_BASE}/altcha/challenge/`;

/** The package registers <altcha-widget> on import; loaded on demand so it stays out of other pages' bundles. */
const defaultLoadAltcha = () => import('altcha');

let recaptchaScript: Promise<GreCaptcha> | null = null;

/** Google's script, loaded once and only when a page needs it. */
function loadRecaptcha(): Promise<GreCaptcha> {
  if (window.grecaptcha?.render) return Promise.resolve(window.grecaptcha);
  recaptchaScript ??= new Promise<GreCaptcha>((resolve, reject) => {
    window.__lecternRecaptchaLoaded = () => (window.grecaptcha ? resolve(window.grecaptcha) : reject(new Error('reCAPTCHA did not load')));
    const script = document.createElement('script');
    script.src = 'https://www.google.com/recaptcha/api.js?onload=__lecternRecaptchaLoaded&render=explicit';
    script.async = true;
    script.defer = true;
    script.onerror = () => {
      recaptchaScript = null;
      script.remove();
      reject(new Error('reCAPTCHA did not load'));
    };
    document.head.appendChild(script);
  });
  return recaptchaScript;
}

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

interface ProviderBoxProps {
  onStatus: (status: CaptchaStatus) => void;
  onToken: (token: string, onRejected: () => void) => Promise<void>;
  onCleared: () => void;
}

function AltchaBox({ load, onStatus, onToken, onCleared }: ProviderBoxProps & { load: () => Promise<unknown> }) {
  const [ready, setReady] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);
  const widgetRef = useRef<HTMLElement | null>(null);
  const handlers = useLatest({ onStatus, onToken, onCleared });

  useEffect(() => {
    let active = true;
    load().then(
      () => active && setReady(true),
      () => {
        if (!active) return;
        setLoadFailed(true);
        handlers.current.onStatus('unavailable');
      },
    );
    return () => {
      active = false;
    };
  }, [load, handlers]);

  useEffect(() => {
    const widget = widgetRef.current;
    if (!ready || !widget) return;
    handlers.current.onStatus('unverified');
    const onStateChange = (event: Event) => {
      const detail = (event as CustomEvent<{ state?: string; payload?: string | null }>).detail ?? {};
      if (detail.state === 'verified' && detail.payload) {
        void handlers.current.onToken(detail.payload, () => (widget as Partial<AltchaWidgetElement>).reset?.());
      } else if (detail.state && detail.state !== 'verifying') {
        handlers.current.onCleared();
        handlers.current.onStatus('unverified');
      }
    };
    widget.addEventListener('statechange', onStateChange);
    return () => widget.removeEventListener('statechange', onStateChange);
  }, [ready, handlers]);

  if (loadFailed) return null;
  if (!ready) return <div className="captcha-placeholder skeleton" aria-hidden="true" style={{ height: 66, maxWidth: 304 }} />;
  return (
    <>
      <style href="lectern-altcha" precedence="default">
        {altchaCss}
      </style>
      <altcha-widget ref={widgetRef} challenge={ALTCHA_CHALLENGE_URL} name="altcha" type="checkbox" />
    </>
  );
}

function RecaptchaBox({ siteKey, onStatus, onToken, onCleared }: ProviderBoxProps & { siteKey: string }) {
  const containerRef = useRef<HTMLDivElement | null>(null);
  const handlers = useLatest({ onStatus, onToken, onCleared });

  useEffect(() => {
    let active = true;
    const container = containerRef.current;
    if (!container) return;
    loadRecaptcha().then(
      (grecaptcha) => {
        if (!active) return;
        const slot = document.createElement('div');
        container.replaceChildren(slot);
        const widgetId: number = grecaptcha.render(slot, {
          sitekey: siteKey,
          callback: (token: string) => void handlers.current.onToken(token, () => grecaptcha.reset(widgetId)),
          'expired-callback': () => {
            handlers.current.onCleared();
            handlers.current.onStatus('unverified');
          },
          'error-callback': () => {
            handlers.current.onCleared();
            handlers.current.onStatus('unavailable');
          },
        });
        handlers.current.onStatus('unverified');
      },
      () => active && handlers.current.onStatus('unavailable'),
    );
    return () => {
      active = false;
      container.replaceChildren();
    };
  }, [siteKey, handlers]);

  return <div ref={containerRef} className="recaptcha-box" style={{ minHeight: 78 }} />;
}

/** What a form passes to its captcha slot; the slot is injectable so tests can drive a fake captcha. */
export interface CaptchaSlotProps {
  id: string;
  /** The verified token, or null when it is not (or no longer) verified. */
  onChange: (token: string | null) => void;
  /** A server check of the captcha has started; submitting waits for it. */
  onPending: (pending: Promise<string | null>) => void;
  invalid: boolean;
  describedBy?: string;
}
export type CaptchaSlot = (props: CaptchaSlotProps) => ReactNode;
export const defaultCaptchaSlot: CaptchaSlot = (props) => <Captcha {...props} />;

/**
 * The captcha's life inside a form: a key to remount it fresh (a pass is single use, so `reset`
 * after a failed send also calls `onReset` to clear the form's token), and the server check in
 * flight, which a submit waits for instead of reporting a missing captcha.
 */
export function useCaptchaCheck(onReset: () => void) {
  const pending = useRef<Promise<string | null> | null>(null);
  const [key, setKey] = useState(0);
  const [waiting, setWaiting] = useState(false);
  const settle = async () => {
    const check = pending.current;
    if (!check) return;
    setWaiting(true);
    await check.catch(() => null);
    setWaiting(false);
  };
  return {
    key,
    waiting,
    track(check: Promise<string | null>) {
      pending.current = check;
      void check
        .catch(() => null)
        .then(() => {
          if (pending.current === check) pending.current = null;
        });
    },
    reset() {
      pending.current = null;
      setKey((k) => k + 1);
      onReset();
    },
    /** The form's submit handler: `before` (clear the last outcome), wait for a check in flight, then `send` (validate and send). */
    onSubmit(before: () => void, send: () => Promise<void>) {
      return (event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        before();
        void settle().then(send);
      };
    },
  };
}

/** The labelled 'Verification' group of a form, with its error (`${id}-error`). */
export function CaptchaField(props: {
  id: string;
  slot: CaptchaSlot;
  check: ReturnType<typeof useCaptchaCheck>;
  error: string | undefined;
  onToken: (token: string | null) => void;
  /** The wrapper's classes ('mb-3', 'col-12'), as on the other fields. */
  wrapperClassName?: string;
}) {
  const { id, slot, check, error, onToken, wrapperClassName } = props;
  const invalid = Boolean(error);
  return (
    <div className={wrapperClassName}>
      <span className="form-label d-block" id={`${id}-label`}>
        Verification
      </span>
      <div key={check.key} role="group" aria-labelledby={`${id}-label`}>
        {slot({ id, invalid, describedBy: invalid ? `${id}-error` : undefined, onChange: onToken, onPending: (p) => check.track(p) })}
      </div>
      <FieldError id={id} message={error} />
    </div>
  );
}
