import { useCallback, useState } from 'react';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { adminErrorText } from '../../api/admin';
import { showServerFieldErrors } from '../../lib/forms';

/**
 * A studio form's submit: `save` gets the schema's parsed values; if it throws, a 400's messages for
 * `fields` go under those fields (the first is focused) and any other failure becomes `formError`,
 * shown above the form. Each attempt starts by clearing the last `formError`.
 */
export function useStudioSubmit<TFieldValues extends FieldValues, TContext, TTransformedValues>(
  form: UseFormReturn<TFieldValues, TContext, TTransformedValues>,
  fields: readonly FieldPath<TFieldValues>[],
  save: (values: TTransformedValues) => Promise<void>,
) {
  const [formError, setFormError] = useState<string | null>(null);
  const clearFormError = useCallback(() => setFormError(null), []);
  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await save(values);
    } catch (error) {
      if (showServerFieldErrors(error, form.setError, fields).length === 0) setFormError(adminErrorText(error));
    }
  });
  return { formError, clearFormError, submit };
}
