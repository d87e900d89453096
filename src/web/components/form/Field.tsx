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
}

/** Label, control, error (or hint): the frame of every field. */
export function Field({ id, label, error, hint, wrapperClassName, labelAside, children }: FieldFrame & { children: ReactNode }) {
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
export function TextField({ id, label, error, hint, wrapperClassName, className = 'form-control', ...input }: FieldFrame & ComponentProps<'input'>) {
  return (
    <Field id={id} label={label} error={error} hint={hint} wrapperClassName={wrapperClassName}>
      <input type="text" className={className + invalid(error)} {...controlProps(id, error, hint ? `${id}-help` : undefined)} {...input} />
    </Field>
  );
}

/** A labelled textarea; spread react-hook-form's `register(name)` onto it. */
export function TextAreaField({ id, label, error, hint, wrapperClassName, className = 'form-control', ...textarea }: FieldFrame & ComponentProps<'textarea'>) {
  return (
    <Field id={id} label={label} error={error} hint={hint} wrapperClassName={wrapperClassName}>
      <textarea className={className + invalid(error)} {...controlProps(id, error, hint ? `${id}-help` : undefined)} {...textarea} />
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

/** A person's name: its autocomplete and the contract's 120-character limit. */
export function NameField(props: FieldFrame & ComponentProps<'input'>) {
  return <TextField autoComplete="name" maxLength={120} {...props} />;
}
