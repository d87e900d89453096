import { useEffect, useRef } from 'react';
import { useLatest, type ProviderBoxProps } from './providerBox';

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

/** Google reCAPTCHA v2, rendered explicitly into its own box. */
export function RecaptchaBox({ siteKey, onStatus, onToken, onCleared }: ProviderBoxProps & { siteKey: string }) {
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
