import { useState, type ComponentProps, type ReactNode } from 'react';
import { controlProps, Field } from './Field';

/** A password input with a show/hide toggle (a real button with an aria-label and aria-pressed). */
export function PasswordInput({ invalid, className, ...props }: Omit<ComponentProps<'input'>, 'type'> & { invalid?: boolean }) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="input-group">
      <input
        type={visible ? 'text' : 'password'}
        className={`form-control ${invalid ? 'is-invalid' : ''} ${className ?? ''}`}
        aria-invalid={invalid || undefined}
        {...props}
      />
      <button
        type="button"
        className="btn btn-outline-secondary password-toggle"
        onClick={() => setVisible((v) => !v)}
        aria-label={visible ? 'Hide password' : 'Show password'}
        aria-pressed={visible}
        aria-controls={props.id}
      >
        <i className={`bi ${visible ? 'bi-eye-slash' : 'bi-eye'}`} aria-hidden="true" />
      </button>
    </div>
  );
}

/** A labelled password field with its toggle, error and optional hint; spread `register(name)` onto it. */
export function PasswordField({
  id,
  label,
  error,
  hint,
  wrapperClassName,
  labelAside,
  ...input
}: Omit<ComponentProps<'input'>, 'type'> & {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  wrapperClassName?: string;
  /** Beside the label (a 'Forgot password?' link). */
  labelAside?: ReactNode;
}) {
  return (
    <Field id={id} label={label} error={error} hint={hint} wrapperClassName={wrapperClassName} labelAside={labelAside}>
      <PasswordInput invalid={Boolean(error)} {...controlProps(id, error, hint ? `${id}-help` : undefined)} {...input} />
    </Field>
  );
}
