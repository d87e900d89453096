import { useLayoutEffect, useRef } from 'react';
import type { CaptchaStatus } from '../Captcha';

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
