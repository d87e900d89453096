import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Captcha } from '../Captcha';
import { FieldError } from './Field';

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
