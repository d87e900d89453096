import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { messages } from '../../../shared/messages';
import { contactFormSchema, contactRoleOptions, isClientRole } from '../../../shared/site';
import { useSendContactMessage } from '../../api/contact';
import { CaptchaField, defaultCaptchaSlot, useCaptchaCheck, type CaptchaSlot } from '../../components/Captcha';
import { showServerFieldErrors } from '../../lib/forms';

export type { CaptchaSlotProps } from '../../components/Captcha';

const m = messages.contact;

/**
 * The contact form's rules (spec section 5) are the contract's, with the exact messages; the client
 * rule applies to both readings of the role: the option value 'client' and the label 'Client / Business Owner'.
 */
type ContactFormValues = z.input<typeof contactFormSchema>;

const emptyValues: ContactFormValues = { name: '', email: '', role: '', specify: '', message: '', captcha: '' };
const serverFields = ['name', 'email', 'role', 'specify', 'message', 'captcha'] as const;

type Outcome = { kind: 'success'; message: string } | { kind: 'error'; message: string } | null;

/** Name, email, role, specify (Other only), message and captcha; sends POST /contact/. */
export function ContactForm({ captcha = defaultCaptchaSlot }: { captcha?: CaptchaSlot }) {
  const [outcome, setOutcome] = useState<Outcome>(null);
  const captchaCheck = useCaptchaCheck();
  const sendMessage = useSendContactMessage();
  const outcomeRef = useRef<HTMLDivElement | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    reset,
    setError,
    setValue,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<ContactFormValues, unknown, z.output<typeof contactFormSchema>>({ resolver: zodResolver(contactFormSchema), defaultValues: emptyValues });

  // The result shows above the fields: bring it into view after a send from the bottom of the form.
  useEffect(() => {
    if (outcome) outcomeRef.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [outcome]);

  const role = watch('role');
  const isOther = role.toLowerCase() === 'other';
  const isClient = isClientRole(role);

  /** A fresh captcha: the server's pass is single use, so after a failed send the visitor verifies again. */
  const resetCaptcha = () => {
    captchaCheck.reset();
    setValue('captcha', '');
  };

  const send = handleSubmit(async (values) => {
    const body = { name: values.name, email: values.email, role: values.role, specify: values.role === 'other' ? values.specify : '', message: values.message };
    try {
      const data = await sendMessage.mutateAsync(body);
      if (!data || typeof data !== 'object' || !data.message) {
        resetCaptcha();
        setOutcome({ kind: 'error', message: m.noData });
        return;
      }
      reset(emptyValues);
      resetCaptcha();
      setOutcome({ kind: 'success', message: data.message });
    } catch (error) {
      // A 400 with field errors is rejected before the captcha pass is spent; anything else may have spent it.
      const fieldErrors = showServerFieldErrors(error, setError, serverFields);
      if (fieldErrors.length === 0 || fieldErrors.includes('captcha')) resetCaptcha();
      setOutcome({ kind: 'error', message: m.failed });
    }
  });

  /** If the captcha is still being checked with the server, wait for the answer, then validate and send. */
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setOutcome(null);
    await captchaCheck.settle();
    await send();
  };
  const busy = isSubmitting || captchaCheck.waiting;

  const fieldProps = (name: keyof ContactFormValues) => ({
    id: `contact-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `contact-${name}-error` : undefined,
  });
  const fieldError = (name: keyof ContactFormValues) =>
    errors[name]?.message ? (
      <div id={`contact-${name}-error`} className="invalid-feedback d-block">
        {errors[name]?.message}
      </div>
    ) : null;

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Contact form" className="contact-form">
      {outcome?.kind === 'success' && (
        <div ref={outcomeRef} className="alert alert-success d-flex gap-2" role="status">
          <i className="bi bi-check-circle-fill" aria-hidden="true" />
          <span>{outcome.message}</span>
        </div>
      )}
      {outcome?.kind === 'error' && (
        <div ref={outcomeRef} className="alert alert-danger d-flex gap-2" role="alert">
          <i className="bi bi-exclamation-triangle-fill" aria-hidden="true" />
          <span>{outcome.message}</span>
        </div>
      )}

      <div className="row g-3">
        <div className="col-12 col-md-6">
          <label htmlFor="contact-name" className="form-label">
            Your name
          </label>
          <input
            type="text"
            autoComplete="name"
            maxLength={120}
            className={`form-control ${errors.name ? 'is-invalid' : ''}`}
            {...fieldProps('name')}
            {...register('name')}
          />
          {fieldError('name')}
        </div>
        <div className="col-12 col-md-6">
          <label htmlFor="contact-email" className="form-label">
            Email address
          </label>
          <input
            type="email"
            autoComplete="email"
            inputMode="email"
            maxLength={254}
            className={`form-control ${errors.email ? 'is-invalid' : ''}`}
            {...fieldProps('email')}
            {...register('email')}
          />
          {fieldError('email')}
        </div>
        <div className="col-12">
          <label htmlFor="contact-role" className="form-label">
            Your role
          </label>
          <select className={`form-select ${errors.role ? 'is-invalid' : ''}`} {...fieldProps('role')} {...register('role')}>
            <option value="" disabled>
              Select your role
            </option>
            {contactRoleOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          {fieldError('role')}
        </div>
        {isOther && (
          <div className="col-12">
            <label htmlFor="contact-specify" className="form-label">
              Please specify
            </label>
            <input
              type="text"
              maxLength={200}
              placeholder="e.g. recruiter, educator, journalist"
              className={`form-control ${errors.specify ? 'is-invalid' : ''}`}
              {...fieldProps('specify')}
              {...register('specify')}
            />
            {fieldError('specify')}
          </div>
        )}
        <div className="col-12">
          <label htmlFor="contact-message" className="form-label">
            Message
          </label>
          <textarea
            rows={6}
            maxLength={5000}
            placeholder={
              isClient
                ? 'What would you like to build, who is it for, and when do you need it?'
                : 'How can we help? Mention the course name if your question is about one.'
            }
            className={`form-control ${errors.message ? 'is-invalid' : ''}`}
            {...fieldProps('message')}
            {...register('message')}
          />
          {fieldError('message')}
        </div>
        <div className="col-12">
          <CaptchaField
            id="contact-captcha"
            slot={captcha}
            check={captchaCheck}
            invalid={Boolean(errors.captcha)}
            onToken={(token) => setValue('captcha', token ?? '', { shouldValidate: isSubmitted })}
          />
          {fieldError('captcha')}
        </div>
        <div className="col-12">
          <button type="submit" className="btn btn-primary btn-lg w-100" disabled={busy}>
            {busy ? (
              <>
                <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
                Sending...
              </>
            ) : (
              <>
                Send message
                <i className="bi bi-send ms-2" aria-hidden="true" />
              </>
            )}
          </button>
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
