import type { ComponentProps, ReactNode } from 'react';
import { useHydrated } from '../../lib/hydrated';

export interface SubmitButtonProps extends ComponentProps<'button'> {
  /** While true: disabled, aria-busy, a spinner before the label. */
  busy: boolean;
  /** The label while busy ('Please wait...', 'Signing in...'); without one the children stay. */
  busyLabel?: ReactNode;
  /** A Bootstrap icon class shown before the children; the spinner takes its place while busy. */
  icon?: string;
}

/**
 * The one button with a busy state: every form's submit and every button whose action takes a moment.
 * Disabled until the page has hydrated (useHydrated).
 */
export function SubmitButton({ busy, busyLabel, icon, type = 'submit', className = 'btn btn-primary', disabled, children, ...props }: SubmitButtonProps) {
  const hydrated = useHydrated();
  const gap = /\bbtn-sm\b/.test(className) ? 'me-1' : 'me-2';
  return (
    <button type={type} className={className} disabled={busy || disabled || !hydrated} aria-busy={busy || undefined} {...props}>
      {busy ? (
        <span className={`spinner-border spinner-border-sm ${gap}`} aria-hidden="true" />
      ) : (
        icon && <i className={`bi ${icon} ${gap}`} aria-hidden="true" />
      )}
      {busy && busyLabel !== undefined ? busyLabel : children}
    </button>
  );
}
