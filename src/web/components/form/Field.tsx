import type { ComponentProps, ReactNode } from 'react';
import type { FieldPath, FieldValues, RegisterOptions, UseFormReturn } from 'react-hook-form';

/** What a control needs to be read with its error and hint: id, aria-invalid, aria-describedby. */
export function controlProps(id: string, error: string | undefined, hintId?: string) {
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [error ? `${id}-error` : undefined, hintId].filter(Boolean).join(' ') || undefined,
  } as const;
}

/**
 * A react-hook-form form's fields by name, for the labelled fields below: each gets its id
 * (`${prefix}-${name}`), its error message and `register(name)`. `<TextField label="Email" {...field('email')} />`.
 */
export function formFields<T extends FieldValues>(form: Pick<UseFormReturn<T>, 'register' | 'getFieldState' | 'formState'>, prefix: string) {
  return <N extends FieldPath<T>>(name: N, options?: RegisterOptions<T, N>) => ({
    id: `${prefix}-${name}`,
    error: form.getFieldState(name, form.formState).error?.message,
    ...form.register(name, options),
  });
}

/** The message under a field, found by the control's aria-describedby (`${id}-error`). */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <div id={`${id}-error`} className="invalid-feedback d-block">
      {message}
    </div>
  ) : null;
}

interface FieldFrame {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  /** Help under the control, read with it (`${id}-help`). */
  hint?: ReactNode;
  /** The wrapper's classes ('mb-3', 'col-12 col-md-6'). */
  wrapperClassName?: string;
  /** Beside the label, on its line (a 'Forgot password?' link). */
  labelAside?: ReactNode;
  /** A length limit to count against as the user types (the contract's max for the field). */
  counter?: { value: string | undefined; max: number };
}

/** From this share of the limit on, a field shows how many characters it has left. */
export const COUNTER_FROM = 0.8;

/** Whether a counted field shows its counter now. */
const counting = (counter: FieldFrame['counter']) => Boolean(counter && (counter.value ?? '').length >= counter.max * COUNTER_FROM);

/**
 * 'N characters left' near the limit, 'N characters over the limit' past it: a long name or question
 * is never cut without a word (the form refuses it with the contract's message, and so does the server).
 */
export function LengthCounter({ id, value, max }: { id: string; value: string | undefined; max: number }) {
  const length = (value ?? '').length;
  if (length < max * COUNTER_FROM) return null;
  const left = max - length;
  const text =
    left >= 0
      ? `${left} ${left === 1 ? 'character' : 'characters'} left of ${max}`
      : `${-left} ${left === -1 ? 'character' : 'characters'} over the ${max}-character limit`;
  return (
    <div id={`${id}-count`} className={`form-text text-end ${left < 0 ? 'text-danger fw-semibold' : ''}`} aria-live="polite">
      {text}
    </div>
  );
}

/** Label, control, error (or hint): the frame of every field. */
export function Field({ id, label, error, hint, wrapperClassName, labelAside, counter, children }: FieldFrame & { children: ReactNode }) {
  const labelElement = (
    <label htmlFor={id} className="form-label">
      {label}
    </label>
  );
  return (
    <div className={wrapperClassName}>
      {labelAside ? (
        <div className="d-flex justify-content-between align-items-baseline">
          {labelElement}
          {labelAside}
        </div>
      ) : (
        labelElement
      )}
      {children}
      {counter && <LengthCounter id={id} value={counter.value} max={counter.max} />}
      <FieldError id={id} message={error} />
      {hint && (
        <div id={`${id}-help`} className="form-text">
          {hint}
        </div>
      )}
    </div>
  );
}

const invalid = (error: string | undefined) => (error ? ' is-invalid' : '');

/** A labelled input; spread react-hook-form's `register(name)` onto it. */
/** The ids that describe a control besides its error: its hint, and its counter while shown. */
const describedBy = (id: string, hint: ReactNode, counter: FieldFrame['counter']) =>
  [hint ? `${id}-help` : undefined, counting(counter) ? `${id}-count` : undefined].filter(Boolean).join(' ') || undefined;

export function TextField({ id, label, error, hint, wrapperClassName, counter, className = 'form-control', ...input }: FieldFrame & ComponentProps<'input'>) {
  return (
    <Field id={id} label={label} error={error} hint={hint} wrapperClassName={wrapperClassName} counter={counter}>
      <input type="text" className={className + invalid(error)} {...controlProps(id, error, describedBy(id, hint, counter))} {...input} />
    </Field>
  );
}

/** A labelled textarea; spread react-hook-form's `register(name)` onto it. */
export function TextAreaField({
  id,
  label,
  error,
  hint,
  wrapperClassName,
  counter,
  className = 'form-control',
  ...textarea
}: FieldFrame & ComponentProps<'textarea'>) {
  return (
    <Field id={id} label={label} error={error} hint={hint} wrapperClassName={wrapperClassName} counter={counter}>
      <textarea className={className + invalid(error)} {...controlProps(id, error, describedBy(id, hint, counter))} {...textarea} />
    </Field>
  );
}

/** A labelled select; spread react-hook-form's `register(name)` onto it and pass the options as children. */
export function SelectField({
  id,
  label,
  error,
  hint,
  wrapperClassName,
  className = 'form-select',
  children,
  ...select
}: FieldFrame & ComponentProps<'select'>) {
  return (
    <Field id={id} label={label} error={error} hint={hint} wrapperClassName={wrapperClassName}>
      <select className={className + invalid(error)} {...controlProps(id, error, hint ? `${id}-help` : undefined)} {...select}>
        {children}
      </select>
    </Field>
  );
}

/** An email input: its type, autocomplete, keyboard and the contract's 254-character limit. */
export function EmailField(props: FieldFrame & ComponentProps<'input'>) {
  return <TextField type="email" autoComplete="email" inputMode="email" maxLength={254} {...props} />;
}

/**
 * A person's name and its autocomplete. No maxLength: the browser would cut a pasted name silently;
 * the form counts against the contract's limit instead (`counter`) and refuses a longer one.
 */
export function NameField(props: FieldFrame & ComponentProps<'input'>) {
  return <TextField autoComplete="name" {...props} />;
}
