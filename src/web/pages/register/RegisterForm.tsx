import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { accountMessages, FULL_NAME_MAX, registerFormSchema } from '../../../shared/accounts';
import { serverErrorText, useRegister } from '../../api/accounts';
import { NetworkError } from '../../api/client';
import { CaptchaField, defaultCaptchaSlot, useCaptchaCheck, type CaptchaSlot } from '../../components/form/CaptchaField';
import { EmailField, formFields, NameField } from '../../components/form/Field';
import { FormAlert } from '../../components/form/FormAlert';
import { PasswordField } from '../../components/form/PasswordField';
import { SubmitButton } from '../../components/form/SubmitButton';
import { showServerFieldErrors } from '../../lib/forms';

export type { CaptchaSlotProps } from '../../components/form/CaptchaField';

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
  const registerAccount = useRegister();
  const form = useForm<RegisterFormValues, unknown, z.output<typeof registerFormSchema>>({
    resolver: zodResolver(registerFormSchema),
    defaultValues: { full_name: '', email: '', password: '', captcha: '' },
  });
  const {
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors, isSubmitting, isSubmitted },
  } = form;
  const field = formFields(form, 'register');
  // A used or rejected captcha pass cannot be spent twice: a failed send asks for a fresh solve.
  const captchaCheck = useCaptchaCheck(() => setValue('captcha', ''));

  const send = handleSubmit(async (values) => {
    try {
      await registerAccount.mutateAsync(values);
      onRegistered();
    } catch (error) {
      captchaCheck.reset();
      if (error instanceof NetworkError) {
        setFormError(accountMessages.noResponse);
        return;
      }
      if (showServerFieldErrors(error, setError, serverFields).length === 0) setFormError(serverErrorText(error) ?? accountMessages.somethingWrong);
    }
  });

  return (
    <form onSubmit={captchaCheck.onSubmit(() => setFormError(null), send)} noValidate aria-label="Create your account">
      {formError && (
        <FormAlert kind="error" className="small">
          {formError}
        </FormAlert>
      )}
      <NameField
        label="Full name"
        wrapperClassName="mb-3"
        placeholder="First and last name"
        counter={{ value: watch('full_name'), max: FULL_NAME_MAX }}
        {...field('full_name')}
      />
      <EmailField label="Email" wrapperClassName="mb-3" placeholder="you@example.com" {...field('email')} />
      <PasswordField label="Password" wrapperClassName="mb-3" autoComplete="new-password" maxLength={128} hint={PASSWORD_HELP} {...field('password')} />
      <CaptchaField
        id="register-captcha"
        wrapperClassName="mb-3"
        slot={captcha}
        check={captchaCheck}
        error={errors.captcha?.message}
        onToken={(token) => setValue('captcha', token ?? '', { shouldValidate: isSubmitted })}
      />
      <SubmitButton busy={isSubmitting || captchaCheck.waiting} busyLabel="Please wait..." className="btn btn-primary w-100 mt-2">
        Create account
      </SubmitButton>
    </form>
  );
}
