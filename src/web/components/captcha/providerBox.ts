import { useLayoutEffect, useRef } from 'react';

/** Where a captcha stands, as its box reports it. */
export type CaptchaStatus = 'loading' | 'unverified' | 'verifying' | 'verified' | 'failed' | 'unavailable';

/** What the Captcha gives the box of its provider (ALTCHA or reCAPTCHA). */
export interface ProviderBoxProps {
  onStatus: (status: CaptchaStatus) => void;
  onToken: (token: string, onRejected: () => void) => Promise<void>;
  onCleared: () => void;
}

/** A ref that always holds the latest value, for callbacks registered once. */
export function useLatest<T>(value: T) {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
