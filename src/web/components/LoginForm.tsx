import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState, type ComponentProps, type Ref } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import { accountMessages, loginBodySchema } from '../../shared/accounts';
import { isEmailNotVerified, loginErrorMessage, serverErrorText, useLogin, useResendVerification } from '../api/accounts';
import { ApiError } from '../api/client';
import { showServerFieldErrors } from '../lib/forms';
import { GoogleSignInButton } from './GoogleSignInButton';

/** Login rules (spec 5), the contract's: email required and well formed, password not blank; the email is trimmed and lower-cased. */
type LoginFormValues = z.input<typeof loginBodySchema>;

/** Toasts in the login flows close after 3000 ms (spec 9). */
export const LOGIN_TOAST_MS = 3000;

type InputProps = Omit<ComponentProps<'input'>, 'type'> & { ref?: Ref<HTMLInputElement>; invalid?: boolean };

/** A password input with a show/hide toggle (a real button with an aria-label and aria-pressed). */
export function PasswordInput({ invalid, className, ref, ...props }: InputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="input-group">
      <input
        ref={ref}
        type={visible ? 'text' : 'password'}
        className={`form-control ${invalid ? 'is-invalid' : ''} ${className ?? ''}`}
        aria-invalid={invalid || undefined}
        {...props}
      />
      <button
        type="button"
        className="btn btn-outline-secondary password-toggle"
        onClick={() => setVisible((v) => !v)}
        aria-label={visible ? 'Hide password' : 'Show password'}
        aria-pressed={visible}
        aria-controls={props.id}
      >
        <i className={`bi ${visible ? 'bi-eye-slash' : 'bi-eye'}`} aria-hidden="true" />
      </button>
    </div>
  );
}

export interface LoginFormProps {
  /** 'page' (/login) or 'modal' (Login for a quick checkout): the modal also toasts 'Invalid credentials'. */
  variant: 'page' | 'modal';
  /** After tokens are stored and the 'Login successful!' toast shown: go home (page) or reload (modal). */
  onSuccess: () => void;
  /** Called when one of the form's links is followed (the modal closes itself). */
  onNavigate?: () => void;
}

type Notice = { kind: 'error'; message: string } | { kind: 'unverified'; message: string; email: string } | { kind: 'resent'; message: string };

/** Email, password, 'Forgot password?', Login, Google, and the Signup link; shared by /login and the login modal. */
export function LoginForm({ variant, onSuccess, onNavigate }: LoginFormProps) {
  const id = useId();
  const [notice, setNotice] = useState<Notice | null>(null);
  const login = useLogin();
  const resendVerification = useResendVerification();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginFormValues, unknown, z.output<typeof loginBodySchema>>({
    resolver: zodResolver(loginBodySchema),
    defaultValues: { email: '', password: '' },
  });

  const succeed = () => {
    toast.success(accountMessages.loginSuccess, { autoClose: LOGIN_TOAST_MS });
    onSuccess();
  };

  const submit = handleSubmit(async ({ email, password }) => {
    setNotice(null);
    try {
      await login.mutateAsync({ email, password });
      succeed();
    } catch (error) {
      if (isEmailNotVerified(error)) {
        setNotice({ kind: 'unverified', message: (error as ApiError).message, email });
        return;
      }
      if (showServerFieldErrors(error, setError, ['email', 'password']).length) return;
      const message = loginErrorMessage(error);
      setNotice({ kind: 'error', message });
      if (variant === 'modal' && error instanceof ApiError && error.status === 401)
        toast.error(accountMessages.invalidCredentialsToast, { autoClose: LOGIN_TOAST_MS });
    }
  });

  const resend = (email: string) =>
    resendVerification.mutate(email, {
      onSuccess: ({ message }) => setNotice({ kind: 'resent', message }),
      onError: (error) => setNotice({ kind: 'error', message: serverErrorText(error, ['email']) ?? loginErrorMessage(error) }),
    });

  const emailId = `${id}-email`;
  const passwordId = `${id}-password`;

  return (
    <div className="login-form">
      {notice?.kind === 'error' && (
        <div className="alert alert-danger d-flex gap-2 small" role="alert">
          <i className="bi bi-exclamation-triangle-fill" aria-hidden="true" />
          <span>{notice.message}</span>
        </div>
      )}
      {notice?.kind === 'unverified' && (
        <div className="alert alert-warning small" role="alert">
          <div className="d-flex gap-2">
            <i className="bi bi-envelope-exclamation-fill" aria-hidden="true" />
            <span>{notice.message}</span>
          </div>
          <button type="button" className="btn btn-sm btn-outline-dark mt-2" onClick={() => resend(notice.email)} disabled={resendVerification.isPending}>
            {resendVerification.isPending ? 'Please wait...' : 'Resend verification email'}
          </button>
        </div>
      )}
      {notice?.kind === 'resent' && (
        <div className="alert alert-success d-flex gap-2 small" role="status">
          <i className="bi bi-check-circle-fill" aria-hidden="true" />
          <span>{notice.message}</span>
        </div>
      )}

      <form onSubmit={(event) => void submit(event)} noValidate aria-label="Sign in">
        <div className="mb-3">
          <label htmlFor={emailId} className="form-label">
            Email
          </label>
          <input
            id={emailId}
            type="email"
            autoComplete="email"
            inputMode="email"
            maxLength={254}
            placeholder="you@example.com"
            className={`form-control ${errors.email ? 'is-invalid' : ''}`}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={errors.email ? `${emailId}-error` : undefined}
            {...register('email')}
          />
          {errors.email && (
            <div id={`${emailId}-error`} className="invalid-feedback d-block">
              {errors.email.message}
            </div>
          )}
        </div>
        <div className="mb-2">
          <div className="d-flex justify-content-between align-items-baseline">
            <label htmlFor={passwordId} className="form-label">
              Password
            </label>
            <Link to="/forget/password" className="small" onClick={onNavigate}>
              Forgot password?
            </Link>
          </div>
          <PasswordInput
            id={passwordId}
            autoComplete="current-password"
            maxLength={128}
            invalid={Boolean(errors.password)}
            aria-describedby={errors.password ? `${passwordId}-error` : undefined}
            {...register('password')}
          />
          {errors.password && (
            <div id={`${passwordId}-error`} className="invalid-feedback d-block">
              {errors.password.message}
            </div>
          )}
        </div>
        <button type="submit" className="btn btn-primary w-100 mt-3" disabled={isSubmitting}>
          {isSubmitting ? (
            <>
              <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
              Signing in...
            </>
          ) : (
            'Login'
          )}
        </button>
      </form>

      <GoogleSignInButton onSignedIn={succeed} text="signin_with" />

      <p className="text-center small text-body-secondary mt-4 mb-0">
        Don&apos;t have an account?{' '}
        <Link to="/register" className="fw-semibold" onClick={onNavigate}>
          Signup
        </Link>
      </p>
    </div>
  );
}
