import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import { accountMessages, loginBodySchema } from '../../shared/accounts';
import { isEmailNotVerified, loginErrorMessage, serverErrorText, useLogin, useResendVerification } from '../api/accounts';
import { ApiError } from '../api/client';
import { showServerFieldErrors } from '../lib/forms';
import { EmailField } from './form/Field';
import { FormAlert } from './form/FormAlert';
import { PasswordField } from './form/PasswordField';
import { SubmitButton } from './form/SubmitButton';
import { GoogleSignInButton } from './GoogleSignInButton';

/** Login rules (spec 5), the contract's: email required and well formed, password not blank; the email is trimmed and lower-cased. */
type LoginFormValues = z.input<typeof loginBodySchema>;

/** Toasts in the login flows close after 3000 ms (spec 9). */
export const LOGIN_TOAST_MS = 3000;

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

  return (
    <div className="login-form">
      {notice?.kind === 'error' && (
        <FormAlert kind="error" className="small">
          {notice.message}
        </FormAlert>
      )}
      {notice?.kind === 'unverified' && (
        <div className="alert alert-warning small" role="alert">
          <div className="d-flex gap-2">
            <i className="bi bi-envelope-exclamation-fill" aria-hidden="true" />
            <span>{notice.message}</span>
          </div>
          <SubmitButton
            type="button"
            className="btn btn-sm btn-outline-dark mt-2"
            busy={resendVerification.isPending}
            busyLabel="Please wait..."
            onClick={() => resend(notice.email)}
          >
            Resend verification email
          </SubmitButton>
        </div>
      )}
      {notice?.kind === 'resent' && (
        <FormAlert kind="success" className="small">
          {notice.message}
        </FormAlert>
      )}

      <form onSubmit={(event) => void submit(event)} noValidate aria-label="Sign in">
        <EmailField
          id={`${id}-email`}
          label="Email"
          wrapperClassName="mb-3"
          placeholder="you@example.com"
          error={errors.email?.message}
          {...register('email')}
        />
        <PasswordField
          id={`${id}-password`}
          label="Password"
          labelAside={
            <Link to="/forget/password" className="small" onClick={onNavigate}>
              Forgot password?
            </Link>
          }
          wrapperClassName="mb-2"
          autoComplete="current-password"
          maxLength={128}
          error={errors.password?.message}
          {...register('password')}
        />
        <SubmitButton busy={isSubmitting} busyLabel="Signing in..." className="btn btn-primary w-100 mt-3">
          Login
        </SubmitButton>
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
