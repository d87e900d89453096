import { useEffect, useRef, useState } from 'react';
import type { AltchaWidgetElement } from 'altcha';
import { API_BASE } from '../../api/client';
import { useLatest, type ProviderBoxProps } from './providerBox';
// JSX typing for <altcha-widget>, from the package itself (a type-only import: no runtime code).
import type {} from 'altcha/types/react';

/**
 * The widget draws its check mark over the checkbox and lets it take the click, so a click in the
 * middle of the box did nothing. React 19 hoists this once into the head (deduplicated by href).
 */
// The checkbox, the logo link and the footer link (Protected by ALTCHA) are 24 px touch targets (WCAG 2.2, SC 2.5.8).
const altchaCss = `altcha-widget{display:block;max-width:320px;--altcha-checkbox-size:24px}altcha-widget .altcha-checkbox svg{pointer-events:none}altcha-widget .altcha-logo{display:inline-flex;align-items:center;justify-content:center;min-width:24px;min-height:24px}altcha-widget .altcha-footer a{display:inline-flex;align-items:center;min-height:24px}`;

const ALTCHA_CHALLENGE_URL = `${API_BASE}/altcha/challenge/`;

/** The self-hosted ALTCHA proof of work; the web component is loaded by `load`. */
export function AltchaBox({ load, onStatus, onToken, onCleared }: ProviderBoxProps & { load: () => Promise<unknown> }) {
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
