import type { ReactNode, Ref } from 'react';

const looks = {
  error: { className: 'alert-danger', icon: 'bi-exclamation-triangle-fill', role: 'alert' },
  success: { className: 'alert-success', icon: 'bi-check-circle-fill', role: 'status' },
} as const;

/** A form's outcome above its fields: an error (role alert) or a success (role status), with its icon. */
export function FormAlert({
  kind,
  children,
  className = '',
  ref,
}: {
  kind: keyof typeof looks;
  children: ReactNode;
  className?: string;
  ref?: Ref<HTMLDivElement>;
}) {
  const look = looks[kind];
  return (
    <div ref={ref} className={`alert ${look.className} d-flex gap-2 ${className}`} role={look.role}>
      <i className={`bi ${look.icon}`} aria-hidden="true" />
      <span>{children}</span>
    </div>
  );
}
