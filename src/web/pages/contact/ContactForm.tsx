import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { messages } from '../../../shared/messages';
import { contactFormSchema, contactRoleOptions, isClientRole } from '../../../shared/site';
import { useSendContactMessage } from '../../api/contact';
import { CaptchaField, defaultCaptchaSlot, useCaptchaCheck, type CaptchaSlot } from '../../components/form/CaptchaField';
import { EmailField, formFields, NameField, SelectField, TextAreaField, TextField } from '../../components/form/Field';
import { FormAlert } from '../../components/form/FormAlert';
import { SubmitButton } from '../../components/form/SubmitButton';
import { showServerFieldErrors } from '../../lib/forms';

export type { CaptchaSlotProps } from '../../components/form/CaptchaField';

const m = messages.contact;

/**
 * The contact form's rules (spec section 5) are the contract's, with the exact messages; the client
 * rule applies to both readings of the role: the option value 'client' and the label 'Client / Business Owner'.
 */
type ContactFormValues = z.input<typeof contactFormSchema>;

const emptyValues: ContactFormValues = { name: '', email: '', role: '', specify: '', message: '', captcha: '' };
const serverFields = ['name', 'email', 'role', 'specify', 'message', 'captcha'] as const;

type Outcome = { kind: 'success' | 'error'; message: string } | null;

/** Name, email, role, specify (Other only), message and captcha; sends POST /contact/. */
export function ContactForm({ captcha = defaultCaptchaSlot }: { captcha?: CaptchaSlot }) {
  const [outcome, setOutcome] = useState<Outcome>(null);
  const sendMessage = useSendContactMessage();
  const outcomeRef = useRef<HTMLDivElement | null>(null);
  const form = useForm<ContactFormValues, unknown, z.output<typeof contactFormSchema>>({
    resolver: zodResolver(contactFormSchema),
    defaultValues: emptyValues,
  });
  const {
    handleSubmit,
    watch,
    reset,
    setError,
    setValue,
    formState: { errors, isSubmitting, isSubmitted },
  } = form;
  const field = formFields(form, 'contact');
  // The server's pass is single use: after a send (or a failed one) the visitor verifies again.
  const captchaCheck = useCaptchaCheck(() => setValue('captcha', ''));

  // The result shows above the fields: bring it into view after a send from the bottom of the form.
  useEffect(() => {
    if (outcome) outcomeRef.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [outcome]);

  const role = watch('role');
  const isOther = role.toLowerCase() === 'other';
  const isClient = isClientRole(role);

  const send = handleSubmit(async (values) => {
    const body = { name: values.name, email: values.email, role: values.role, specify: values.role === 'other' ? values.specify : '', message: values.message };
    try {
      const data = await sendMessage.mutateAsync(body);
      if (!data || typeof data !== 'object' || !data.message) {
        captchaCheck.reset();
        setOutcome({ kind: 'error', message: m.noData });
        return;
      }
      reset(emptyValues);
      captchaCheck.reset();
      setOutcome({ kind: 'success', message: data.message });
    } catch (error) {
      // A 400 with field errors is rejected before the captcha pass is spent; anything else may have spent it.
      const fieldErrors = showServerFieldErrors(error, setError, serverFields);
      if (fieldErrors.length === 0 || fieldErrors.includes('captcha')) captchaCheck.reset();
      setOutcome({ kind: 'error', message: m.failed });
    }
  });

  return (
    <form onSubmit={captchaCheck.onSubmit(() => setOutcome(null), send)} noValidate aria-label="Contact form" className="contact-form">
      {outcome && (
        <FormAlert ref={outcomeRef} kind={outcome.kind}>
          {outcome.message}
        </FormAlert>
      )}

      <div className="row g-3">
        <NameField label="Your name" wrapperClassName="col-12 col-md-6" {...field('name')} />
        <EmailField label="Email address" wrapperClassName="col-12 col-md-6" {...field('email')} />
        <SelectField label="Your role" wrapperClassName="col-12" {...field('role')}>
          <option value="" disabled>
            Select your role
          </option>
          {contactRoleOptions.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </SelectField>
        {isOther && (
          <TextField
            label="Please specify"
            wrapperClassName="col-12"
            maxLength={200}
            placeholder="e.g. recruiter, educator, journalist"
            {...field('specify')}
          />
        )}
        <TextAreaField
          label="Message"
          wrapperClassName="col-12"
          rows={6}
          maxLength={5000}
          placeholder={
            isClient
              ? 'What would you like to build, who is it for, and when do you need it?'
              : 'How can we help? Mention the course name if your question is about one.'
          }
          {...field('message')}
        />
        <CaptchaField
          id="contact-captcha"
          wrapperClassName="col-12"
          slot={captcha}
          check={captchaCheck}
          error={errors.captcha?.message}
          onToken={(token) => setValue('captcha', token ?? '', { shouldValidate: isSubmitted })}
        />
        <div className="col-12">
          <SubmitButton busy={isSubmitting || captchaCheck.waiting} busyLabel="Sending..." className="btn btn-primary btn-lg w-100">
            Send message
            <i className="bi bi-send ms-2" aria-hidden="true" />
          </SubmitButton>
          <p className="small text-body-secondary mt-2 mb-0">
            We use your details only to reply to you. See our{' '}
            <Link to="/privacy-policy" className="text-decoration-underline">
              privacy policy
            </Link>
            .
          </p>
        </div>
      </div>
    </form>
  );
}
