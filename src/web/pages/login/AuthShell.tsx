import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '../../components/layout/Logo';
import './auth.scss';

export interface AuthShellProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Shown under the card (e.g. 'Back to sign in'). */
  footer?: ReactNode;
}

/** The bare account pages: a centred card with the logo, a title, the form, and a way back home. */
export function AuthShell({ title, subtitle, children, footer }: AuthShellProps) {
  return (
    <div className="auth-page">
      <div className="auth-card">
        <div className="auth-card-body">
          <div className="text-center mb-4">
            <Logo />
          </div>
          <h1 className="auth-title text-center">{title}</h1>
          {subtitle && <p className="auth-subtitle text-center">{subtitle}</p>}
          {children}
        </div>
      </div>
      <nav className="auth-footer-links d-flex flex-wrap justify-content-center gap-3" aria-label="Account pages">
        {footer}
        <Link to="/">
          <i className="bi bi-arrow-left me-1" aria-hidden="true" />
          Return to home
        </Link>
      </nav>
    </div>
  );
}

/** A status banner (success, warning or error) at the top of an account card. */
export function Banner({ kind, children }: { kind: 'success' | 'warning' | 'danger' | 'info'; children: ReactNode }) {
  const icon = { success: 'check-circle-fill', warning: 'envelope-paper-fill', danger: 'exclamation-triangle-fill', info: 'info-circle-fill' }[kind];
  return (
    <div className={`alert alert-${kind} d-flex gap-2 small`} role={kind === 'danger' ? 'alert' : 'status'}>
      <i className={`bi bi-${icon} flex-shrink-0`} aria-hidden="true" />
      <div>{children}</div>
    </div>
  );
}
