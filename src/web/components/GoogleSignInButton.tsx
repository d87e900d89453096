import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { accountMessages } from '../../shared/account-messages';
import { googleErrorMessage, useGoogleLogin } from '../api/accounts';
import { useSiteConfig } from '../api/site';

/** The parts of Google Identity Services used here. */
export interface GoogleIdentity {
  accounts: {
    id: {
      initialize(config: {
        client_id: string;
        callback: (response: { credential?: string }) => void;
        ux_mode?: 'popup';
        auto_select?: boolean;
        use_fedcm_for_prompt?: boolean;
      }): void;
      renderButton(parent: HTMLElement, options: Record<string, unknown>): void;
      prompt(): void;
    };
  };
}

declare global {
  interface Window {
    google?: GoogleIdentity;
  }
}

const GIS_SRC = 'https://accounts.google.com/gsi/client';
let gisScript: Promise<GoogleIdentity> | null = null;

/** Loads Google Identity Services once, and only when a Google button is seen or used. */
export function loadGoogleIdentity(): Promise<GoogleIdentity> {
  if (window.google?.accounts?.id) return Promise.resolve(window.google);
  gisScript ??= new Promise<GoogleIdentity>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = GIS_SRC;
    script.async = true;
    script.defer = true;
    script.onload = () => (window.google?.accounts?.id ? resolve(window.google) : reject(new Error('Google Identity Services did not load')));
    script.onerror = () => {
      gisScript = null;
      script.remove();
      reject(new Error('Google Identity Services did not load'));
    };
    document.head.appendChild(script);
  });
  return gisScript;
}

export interface GoogleSignInButtonProps {
  /** Called once the tokens are stored and the user details fetched. */
  onSignedIn: () => void;
  text?: 'signin_with' | 'signup_with' | 'continue_with';
  /** Injectable for tests. */
  load?: () => Promise<GoogleIdentity>;
  /** Show the 'or' divider above the button. */
  divider?: boolean;
}

const labels = { signin_with: 'Sign in with Google', signup_with: 'Sign up with Google', continue_with: 'Continue with Google' } as const;

/**
 * 'Sign in with Google': hidden unless the site config has a Google client id. The Google script is
 * loaded when the button scrolls into view (or is clicked); Google's own button then replaces ours,
 * and the ID token it returns is exchanged at POST /rest-auth/google/.
 */
export function GoogleSignInButton({ onSignedIn, text = 'continue_with', load = loadGoogleIdentity, divider = true }: GoogleSignInButtonProps) {
  const { data: site } = useSiteConfig();
  const clientId = site?.google_client_id ?? null;
  const { mutateAsync: googleLogin } = useGoogleLogin();
  const slotRef = useRef<HTMLDivElement | null>(null);
  const wrapperRef = useRef<HTMLDivElement | null>(null);
  const [state, setState] = useState<'idle' | 'loading' | 'ready'>('idle');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const onSignedInRef = useRef(onSignedIn);
  useLayoutEffect(() => {
    onSignedInRef.current = onSignedIn;
  });
  const started = useRef<Promise<GoogleIdentity | null> | null>(null);

  const onCredential = useCallback(
    async (credential: string | undefined) => {
      if (!credential) {
        setError(accountMessages.googleFailed);
        return;
      }
      setError(null);
      setBusy(true);
      try {
        await googleLogin(credential);
        onSignedInRef.current();
      } catch (err) {
        setError(googleErrorMessage(err));
      } finally {
        setBusy(false);
      }
    },
    [googleLogin],
  );

  /** Loads Google's script and renders its button in place of ours. A failed background load stays quiet; a click reports it. */
  const start = useCallback(
    (fromClick: boolean): Promise<GoogleIdentity | null> => {
      if (!clientId) return Promise.resolve(null);
      const attempt = (started.current ??= (async () => {
        setState('loading');
        try {
          const google = await load();
          google.accounts.id.initialize({ client_id: clientId, callback: (response) => void onCredential(response.credential), ux_mode: 'popup' });
          const slot = slotRef.current;
          if (slot) {
            const width = Math.min(400, Math.max(200, Math.round(wrapperRef.current?.getBoundingClientRect().width ?? 320)));
            google.accounts.id.renderButton(slot, {
              type: 'standard',
              theme: 'outline',
              size: 'large',
              text,
              shape: 'rectangular',
              logo_alignment: 'center',
              width,
            });
          }
          setState('ready');
          return google;
        } catch {
          started.current = null;
          setState('idle');
          return null;
        }
      })());
      return attempt.then((google) => {
        if (!google && fromClick) setError(accountMessages.googleUnavailable);
        return google;
      });
    },
    [clientId, load, onCredential, text],
  );

  // Load when the button becomes visible; browsers without IntersectionObserver load on click.
  useEffect(() => {
    const wrapper = wrapperRef.current;
    if (!clientId || !wrapper || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        observer.disconnect();
        void start(false);
      }
    });
    observer.observe(wrapper);
    return () => observer.disconnect();
  }, [clientId, start]);

  if (!clientId) return null;

  const onFallbackClick = async () => {
    setError(null);
    const google = await start(true);
    // Google's button now sits in place of ours; the prompt offers the accounts straight away.
    google?.accounts.id.prompt();
  };

  return (
    <div ref={wrapperRef} className="google-signin">
      {divider && (
        <div className="d-flex align-items-center gap-3 my-3 text-body-secondary small" aria-hidden="true">
          <hr className="flex-grow-1 my-0" />
          <span>or</span>
          <hr className="flex-grow-1 my-0" />
        </div>
      )}
      <div ref={slotRef} className="d-flex justify-content-center" style={{ minHeight: state === 'ready' ? 44 : 0 }} aria-busy={busy || undefined} />
      {state !== 'ready' && (
        <button
          type="button"
          className="btn btn-outline-secondary w-100 d-flex align-items-center justify-content-center gap-2"
          onClick={() => void onFallbackClick()}
          disabled={state === 'loading'}
          aria-describedby={error ? errorId : undefined}
        >
          <GoogleLogo />
          {labels[text]}
        </button>
      )}
      {busy && (
        <p className="small text-body-secondary mt-2 mb-0 text-center" role="status">
          <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
          Signing in...
        </p>
      )}
      {error && (
        <div id={errorId} className="alert alert-danger small py-2 mt-2 mb-0" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

function GoogleLogo() {
  return (
    <svg width="18" height="18" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <path
        fill="#EA4335"
        d="M24 9.5c3.54 0 6.71 1.22 9.21 3.6l6.85-6.85C35.9 2.38 30.47 0 24 0 14.62 0 6.51 5.38 2.56 13.22l7.98 6.19C12.43 13.72 17.74 9.5 24 9.5z"
      />
      <path fill="#4285F4" d="M46.98 24.55c0-1.57-.15-3.09-.38-4.55H24v9.02h12.94c-.58 2.96-2.26 5.48-4.78 7.18l7.73 6c4.51-4.18 7.09-10.36 7.09-17.65z" />
      <path
        fill="#FBBC05"
        d="M10.53 28.59c-.48-1.45-.76-2.99-.76-4.59s.27-3.14.76-4.59l-7.98-6.19C.92 16.46 0 20.12 0 24c0 3.88.92 7.54 2.56 10.78l7.97-6.19z"
      />
      <path
        fill="#34A853"
        d="M24 48c6.48 0 11.93-2.13 15.89-5.81l-7.73-6c-2.15 1.45-4.92 2.3-8.16 2.3-6.26 0-11.57-4.22-13.47-9.91l-7.98 6.19C6.51 42.62 14.62 48 24 48z"
      />
    </svg>
  );
}
