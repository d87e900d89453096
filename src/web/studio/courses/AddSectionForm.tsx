import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { sectionBodySchema } from '../../../shared/admin';
import { adminErrorText, useAddSection } from '../../api/admin';
import { FormAlert } from '../../components/form/FormAlert';
import { SubmitButton } from '../../components/form/SubmitButton';
import { showServerFieldErrors } from '../../lib/forms';

/** The form under the curriculum that adds a section at its end. */
export function AddSectionForm({ courseId }: { courseId: number }) {
  const add = useAddSection(courseId);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof sectionBodySchema>, unknown, z.output<typeof sectionBodySchema>>({
    resolver: zodResolver(sectionBodySchema),
    defaultValues: { title: '' },
  });
  const send = handleSubmit(async ({ title }) => {
    setFormError(null);
    try {
      await add.mutateAsync(title);
      reset({ title: '' });
    } catch (error) {
      if (showServerFieldErrors(error, setError, ['title']).length === 0) setFormError(adminErrorText(error));
    }
  });
  return (
    <form className="studio-card p-3" onSubmit={(e) => void send(e)} noValidate aria-label="Add a section">
      {formError && <FormAlert kind="error">{formError}</FormAlert>}
      <label htmlFor="new-section-title" className="form-label fw-semibold">
        New section
      </label>
      <div className="input-group">
        <input
          id="new-section-title"
          className={`form-control${errors.title ? ' is-invalid' : ''}`}
          maxLength={200}
          placeholder="Getting started"
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={errors.title ? 'new-section-title-error' : undefined}
          {...register('title')}
        />
        <SubmitButton busy={isSubmitting} className="btn btn-primary">
          Add section
        </SubmitButton>
      </div>
      {errors.title && (
        <div id="new-section-title-error" className="invalid-feedback d-block">
          {errors.title.message}
        </div>
      )}
    </form>
  );
}
