import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../api/client';

/**
 * The one place a server's field errors reach a form. A 400 answers `{ field: [messages] }` (the
 * same contract schema the form validates with, so the rule and the message are the ones the form
 * shows); each message for one of the form's `fields` goes under that field, and the first such
 * field is focused. Answers the fields it set: none means the caller shows a form-level message.
 */
export function showServerFieldErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly FieldPath<T>[]): FieldPath<T>[] {
  if (!(error instanceof ApiError) || error.status !== 400) return [];
  const shown = fields.filter((field) => error.fieldError(field) !== undefined);
  shown.forEach((field, index) => setError(field, { type: 'server', message: error.fieldError(field) }, { shouldFocus: index === 0 }));
  return shown;
}
