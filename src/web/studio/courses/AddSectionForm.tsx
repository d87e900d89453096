import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { sectionBodySchema } from '../../../shared/admin';
import { useAddSection } from '../../api/admin';
import { FormAlert } from '../../components/form/FormAlert';
import { SubmitButton } from '../../components/form/SubmitButton';
import { useStudioSubmit } from '../components/useStudioSubmit';

/** The form under the curriculum that adds a section at its end. */
export function AddSectionForm({ courseId }: { courseId: number }) {
  const add = useAddSection(courseId);
  const form = useForm<z.input<typeof sectionBodySchema>, unknown, z.output<typeof sectionBodySchema>>({
    resolver: zodResolver(sectionBodySchema),
    defaultValues: { title: '' },
  });
  const {
    register,
    reset,
    formState: { errors, isSubmitting },
  } = form;
  const { formError, submit } = useStudioSubmit(form, ['title'], async ({ title }) => {
    await add.mutateAsync(title);
    reset({ title: '' });
  });
  return (
    <form className="studio-card p-3" onSubmit={(e) => void submit(e)} noValidate aria-label="Add a section">
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
