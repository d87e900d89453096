import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { accountMessages, newPasswordSchema } from '../../../shared/accounts';
import { serverErrorText, useResetPassword } from '../../api/accounts';
import { ApiError, NetworkError } from '../../api/client';
import { FormAlert } from '../../components/form/FormAlert';
import { PasswordField } from '../../components/form/PasswordField';
import { SubmitButton } from '../../components/form/SubmitButton';
import { showServerFieldErrors } from '../../lib/forms';
import { PASSWORD_HELP } from '../register/RegisterForm';

/** Reset rules (spec 5), the contract's: the registration password rules in order, and the confirmation must match. */
type ResetFormValues = z.input<typeof newPasswordSchema>;

export interface ResetPasswordFormProps {
  uid: string;
  token: string;
  /** How long the success message stays before going to /login. */
  redirectDelayMs?: number;
}

/** The page the forgot-password form lives on, with an expired link's message (spec 4). */
export function expiredLinkPath(message: string): string {
  return `/forget/password?${new URLSearchParams({ status: 'expired', linkExpriedMassage: message }).toString()}`;
}

/** New password and confirmation; POST /reset-password/. Success: message, fields cleared, then /login. Expired: back to /forget/password. */
export function ResetPasswordForm({ uid, token, redirectDelayMs = 2000 }: ResetPasswordFormProps) {
  const navigate = useNavigate();
  const resetPassword = useResetPassword();
  const [outcome, setOutcome] = useState<{
    kind: 'success' | 'error';
    message: string;
  } | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetFormValues>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  const done = outcome?.kind === 'success';
  useEffect(() => {
    if (!done || !outcome) return;
    const timer = window.setTimeout(
      () =>
        void navigate('/login', {
          replace: true,
          state: { message: outcome.message },
        }),
      redirectDelayMs,
    );
    return () => window.clearTimeout(timer);
  }, [done, outcome, navigate, redirectDelayMs]);

  const submit = handleSubmit(async ({ password, confirmPassword }) => {
    setOutcome(null);
    try {
      const { message } = await resetPassword.mutateAsync({
        uid,
        token,
        password,
        confirmPassword,
      });
      reset({ password: '', confirmPassword: '' });
      setOutcome({ kind: 'success', message });
    } catch (error) {
      if (error instanceof ApiError && (error.body as { status?: unknown } | null)?.status === 'expired') {
        void navigate(expiredLinkPath(serverErrorText(error) ?? accountMessages.resetExpired), { replace: true });
        return;
      }
      if (error instanceof NetworkError) {
        setOutcome({ kind: 'error', message: accountMessages.noResponse });
        return;
      }
      if (showServerFieldErrors(error, setError, ['password', 'confirmPassword']).length === 0)
        setOutcome({
          kind: 'error',
          message: serverErrorText(error, ['uid', 'token']) ?? accountMessages.somethingWrong,
        });
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Choose a new password">
      {outcome && (
        <FormAlert kind={outcome.kind} className="small">
          {outcome.message}
          {done && <span className="d-block mt-1 text-body-secondary">Taking you to sign in...</span>}
        </FormAlert>
      )}
      <fieldset disabled={done}>
        <PasswordField
          id="reset-password"
          label="New password"
          wrapperClassName="mb-3"
          autoComplete="new-password"
          maxLength={128}
          hint={PASSWORD_HELP}
          error={errors.password?.message}
          {...register('password')}
        />
        <PasswordField
          id="reset-confirm"
          label="Confirm new password"
          wrapperClassName="mb-3"
          autoComplete="new-password"
          maxLength={128}
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
      </fieldset>
      <SubmitButton busy={isSubmitting} busyLabel="Please wait..." disabled={done} className="btn btn-primary w-100 mt-2">
        Reset password
      </SubmitButton>
    </form>
  );
}
