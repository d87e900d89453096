import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { accountMessages, forgotPasswordBodySchema } from '../../../shared/accounts';
import { serverErrorText, useForgotPassword } from '../../api/accounts';
import { NetworkError } from '../../api/client';
import { EmailField } from '../../components/form/Field';
import { FormAlert } from '../../components/form/FormAlert';
import { SubmitButton } from '../../components/form/SubmitButton';

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
        <FormAlert kind={outcome.kind} className="small">
          {outcome.message}
        </FormAlert>
      )}
      <EmailField
        id="forgot-email"
        label="Email"
        wrapperClassName="mb-3"
        required
        placeholder="you@example.com"
        error={errors.email?.message}
        {...register('email')}
      />
      <SubmitButton busy={isSubmitting} busyLabel="Please wait..." className="btn btn-primary w-100">
        RESET PASSWORD
      </SubmitButton>
    </form>
  );
}
