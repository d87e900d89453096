import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useRef, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import { accountMessages, loginBodySchema, loginChallengeFormSchema } from '../../shared/accounts';
import { isCaptchaRequired, isEmailNotVerified, loginErrorMessage, serverErrorText, useLogin, useResendVerification } from '../api/accounts';
import { ApiError } from '../api/client';
import { showServerFieldErrors } from '../lib/forms';
import { CaptchaField, defaultCaptchaSlot, useCaptchaCheck, type CaptchaSlot } from './form/CaptchaField';
import { EmailField } from './form/Field';
import { FormAlert } from './form/FormAlert';
import { PasswordField } from './form/PasswordField';
import { SubmitButton } from './form/SubmitButton';
import { GoogleSignInButton } from './GoogleSignInButton';

/**
 * Login rules (spec 5), the contract's: email required and well formed, password not blank; the
 * email is trimmed and lower-cased. Once the server asked for a challenge, the captcha too.
 */
type LoginFormValues = z.input<typeof loginChallengeFormSchema>;
type LoginFormOutput = z.output<typeof loginBodySchema>;
const plainRules = zodResolver(loginBodySchema) as Resolver<LoginFormValues, unknown, LoginFormOutput>;
const challengeRules = zodResolver(loginChallengeFormSchema) as Resolver<LoginFormValues, unknown, LoginFormOutput>;

/** Toasts in the login flows close after 3000 ms (spec 9). */
export const LOGIN_TOAST_MS = 3000;

export interface LoginFormProps {
  /** 'page' (/login) or 'modal' (Login for a quick checkout): the modal also toasts 'Invalid credentials'. */
  variant: 'page' | 'modal';
  /** After tokens are stored and the 'Login successful!' toast shown: go home (page) or reload (modal). */
  onSuccess: () => void;
  /** Called when one of the form's links is followed (the modal closes itself). */
  onNavigate?: () => void;
  /** Renders the captcha when the server asks for one; injectable so tests can drive a fake one. */
  captcha?: CaptchaSlot;
}

type Notice =
  | { kind: 'error'; message: string }
  | { kind: 'unverified'; message: string; email: string }
  | { kind: 'resent'; message: string }
  | { kind: 'challenge'; message: string };

/**
 * Email, password, 'Forgot password?', Login, Google, and the Signup link; shared by /login and the
 * login modal. After many failed sign-ins to an account the server asks for a solved captcha
 * (400 'captcha_required'): the form then shows the captcha and sends it with the next try.
 */
export function LoginForm({ variant, onSuccess, onNavigate, captcha = defaultCaptchaSlot }: LoginFormProps) {
  const id = useId();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [challenge, setChallenge] = useState(false);
  // The resolver reads the latest state: the captcha is required only once the server asked for it.
  const challenged = useRef(false);
  const login = useLogin();
  const resendVerification = useResendVerification();
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<LoginFormValues, unknown, LoginFormOutput>({
    resolver: (values, context, options) => (challenged.current ? challengeRules : plainRules)(values, context, options),
    defaultValues: { email: '', password: '', captcha: '' },
  });
  // A solved captcha is single use: a failed try asks for a fresh one.
  const captchaCheck = useCaptchaCheck(() => setValue('captcha', ''));

  const succeed = () => {
    toast.success(accountMessages.loginSuccess, { autoClose: LOGIN_TOAST_MS });
    onSuccess();
  };

  const send = handleSubmit(async ({ email, password, captcha: token }) => {
    try {
      await login.mutateAsync({ email, password, captcha: challenged.current ? token : undefined });
      succeed();
    } catch (error) {
      if (challenged.current) captchaCheck.reset();
      if (isCaptchaRequired(error)) {
        challenged.current = true;
        setChallenge(true);
        setNotice({ kind: 'challenge', message: error.fieldError('captcha') ?? error.message });
        return;
      }
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
      {notice?.kind === 'challenge' && (
        <div className="alert alert-warning small d-flex gap-2" role="alert">
          <i className="bi bi-shield-lock-fill" aria-hidden="true" />
          <span>{notice.message}</span>
        </div>
      )}
      {notice?.kind === 'resent' && (
        <FormAlert kind="success" className="small">
          {notice.message}
        </FormAlert>
      )}

      <form
        onSubmit={captchaCheck.onSubmit(() => setNotice((current) => (current?.kind === 'challenge' ? current : null)), send)}
        noValidate
        aria-label="Sign in"
      >
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
        {challenge && (
          <CaptchaField
            id={`${id}-captcha`}
            wrapperClassName="mt-3"
            slot={captcha}
            check={captchaCheck}
            error={errors.captcha?.message}
            onToken={(token) => setValue('captcha', token ?? '', { shouldValidate: isSubmitted })}
          />
        )}
        <SubmitButton busy={isSubmitting || captchaCheck.waiting} busyLabel="Signing in..." className="btn btn-primary w-100 mt-3">
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
