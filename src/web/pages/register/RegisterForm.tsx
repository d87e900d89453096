import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { accountMessages, registerFormSchema } from '../../../shared/accounts';
import { serverErrorText, useRegister } from '../../api/accounts';
import { NetworkError } from '../../api/client';
import { CaptchaField, defaultCaptchaSlot, useCaptchaCheck, type CaptchaSlot } from '../../components/Captcha';

export type { CaptchaSlotProps } from '../../components/Captcha';
import { PasswordInput } from '../../components/LoginForm';
import { showServerFieldErrors } from '../../lib/forms';

export const PASSWORD_HELP = 'Use 8+ characters with uppercase, lowercase, number & symbol.';

/** Registration rules (spec 5), the contract's: name, email, password in the spec's order, and the solved captcha's token. */
type RegisterFormValues = z.input<typeof registerFormSchema>;

const serverFields = ['full_name', 'email', 'password', 'captcha'] as const;

export interface RegisterFormProps {
  /** Success: the account exists, unverified (the page goes to /login/?action=verification). */
  onRegistered: () => void;
  /** Renders the captcha; injectable so tests can drive a fake one. */
  captcha?: CaptchaSlot;
}

/** Full name, email, password (with its rules and a show/hide toggle) and the captcha; POST /register/. */
export function RegisterForm({ onRegistered, captcha = defaultCaptchaSlot }: RegisterFormProps) {
  const [formError, setFormError] = useState<string | null>(null);
  const captchaCheck = useCaptchaCheck();
  const registerAccount = useRegister();
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<RegisterFormValues, unknown, z.output<typeof registerFormSchema>>({
    resolver: zodResolver(registerFormSchema),
    defaultValues: { full_name: '', email: '', password: '', captcha: '' },
  });

  /** A used or rejected captcha pass cannot be spent twice: ask for a fresh solve. */
  const resetCaptcha = () => {
    captchaCheck.reset();
    setValue('captcha', '');
  };

  const send = handleSubmit(async (values) => {
    try {
      await registerAccount.mutateAsync(values);
      onRegistered();
    } catch (error) {
      resetCaptcha();
      if (error instanceof NetworkError) {
        setFormError(accountMessages.noResponse);
        return;
      }
      if (showServerFieldErrors(error, setError, serverFields).length === 0) setFormError(serverErrorText(error) ?? accountMessages.somethingWrong);
    }
  });

  /** If the captcha is still being checked with the server, wait for its answer, then validate and send. */
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    await captchaCheck.settle();
    await send();
  };
  const busy = isSubmitting || captchaCheck.waiting;

  const fieldProps = (name: keyof RegisterFormValues, extraDescribedBy?: string) => ({
    id: `register-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': [errors[name] ? `register-${name}-error` : undefined, extraDescribedBy].filter(Boolean).join(' ') || undefined,
  });
  const fieldError = (name: keyof RegisterFormValues) =>
    errors[name]?.message ? (
      <div id={`register-${name}-error`} className="invalid-feedback d-block">
        {errors[name]?.message}
      </div>
    ) : null;

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Create your account">
      {formError && (
        <div className="alert alert-danger d-flex gap-2 small" role="alert">
          <i className="bi bi-exclamation-triangle-fill" aria-hidden="true" />
          <span>{formError}</span>
        </div>
      )}
      <div className="mb-3">
        <label htmlFor="register-full_name" className="form-label">
          Full name
        </label>
        <input
          type="text"
          autoComplete="name"
          maxLength={120}
          placeholder="First and last name"
          className={`form-control ${errors.full_name ? 'is-invalid' : ''}`}
          {...fieldProps('full_name')}
          {...register('full_name')}
        />
        {fieldError('full_name')}
      </div>
      <div className="mb-3">
        <label htmlFor="register-email" className="form-label">
          Email
        </label>
        <input
          type="email"
          autoComplete="email"
          inputMode="email"
          maxLength={254}
          placeholder="you@example.com"
          className={`form-control ${errors.email ? 'is-invalid' : ''}`}
          {...fieldProps('email')}
          {...register('email')}
        />
        {fieldError('email')}
      </div>
      <div className="mb-3">
        <label htmlFor="register-password" className="form-label">
          Password
        </label>
        <PasswordInput
          autoComplete="new-password"
          maxLength={128}
          invalid={Boolean(errors.password)}
          {...fieldProps('password', 'register-password-help')}
          {...register('password')}
        />
        {fieldError('password')}
        <div id="register-password-help" className="form-text">
          {PASSWORD_HELP}
        </div>
      </div>
      <div className="mb-3">
        <CaptchaField
          id="register-captcha"
          slot={captcha}
          check={captchaCheck}
          invalid={Boolean(errors.captcha)}
          onToken={(token) => setValue('captcha', token ?? '', { shouldValidate: isSubmitted })}
        />
        {fieldError('captcha')}
      </div>
      <button type="submit" className="btn btn-primary w-100 mt-2" disabled={busy}>
        {busy ? (
          <>
            <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
            Please wait...
          </>
        ) : (
          'Create account'
        )}
      </button>
    </form>
  );
}
