import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { accountMessages, forgotPasswordBodySchema } from '../../../shared/accounts';
import { serverErrorText, useForgotPassword } from '../../api/accounts';
import { NetworkError } from '../../api/client';

/** Forgot password (spec 5), the contract's rule for normalizedEmail: required and of email type, trimmed and lower-cased. */
const forgotFormSchema = z.object({ email: forgotPasswordBodySchema.shape.normalizedEmail });

type Outcome = { kind: 'success' | 'error'; message: string } | null;

/** Email and 'RESET PASSWORD' ('Please wait...' while busy); the server's message in green, or the error in red with the email cleared. */
export function ForgotPasswordForm() {
  const [outcome, setOutcome] = useState<Outcome>(null);
  const forgotPassword = useForgotPassword();
  const {
    register,
    handleSubmit,
    resetField,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof forgotFormSchema>, unknown, z.output<typeof forgotFormSchema>>({
    resolver: zodResolver(forgotFormSchema),
    defaultValues: { email: '' },
  });

  const submit = handleSubmit(async ({ email }) => {
    setOutcome(null);
    try {
      const { message } = await forgotPassword.mutateAsync(email);
      setOutcome({ kind: 'success', message });
    } catch (error) {
      resetField('email');
      const message =
        error instanceof NetworkError ? accountMessages.noResponse : (serverErrorText(error, ['normalizedEmail', 'email']) ?? accountMessages.somethingWrong);
      setOutcome({ kind: 'error', message });
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Reset your password">
      {outcome && (
        <div
          className={`alert alert-${outcome.kind === 'success' ? 'success' : 'danger'} d-flex gap-2 small`}
          role={outcome.kind === 'success' ? 'status' : 'alert'}
        >
          <i className={`bi ${outcome.kind === 'success' ? 'bi-check-circle-fill' : 'bi-exclamation-triangle-fill'}`} aria-hidden="true" />
          <span>{outcome.message}</span>
        </div>
      )}
      <div className="mb-3">
        <label htmlFor="forgot-email" className="form-label">
          Email
        </label>
        <input
          id="forgot-email"
          type="email"
          autoComplete="email"
          inputMode="email"
          maxLength={254}
          required
          placeholder="you@example.com"
          className={`form-control ${errors.email ? 'is-invalid' : ''}`}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? 'forgot-email-error' : undefined}
          {...register('email')}
        />
        {errors.email && (
          <div id="forgot-email-error" className="invalid-feedback d-block">
            {errors.email.message}
          </div>
        )}
      </div>
      <button type="submit" className="btn btn-primary w-100" disabled={isSubmitting}>
        {isSubmitting ? (
          <>
            <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
            Please wait...
          </>
        ) : (
          'RESET PASSWORD'
        )}
      </button>
    </form>
  );
}
