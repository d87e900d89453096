import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { reviewBodySchema, reviewFields, type AdminReview } from '../../../shared/site-content';
import { uploadLimits } from '../../../shared/uploads';
import { useAddReview, useEditReview, useUploadReviewThumb } from '../../api/site-admin';
import { SelectField, TextAreaField, TextField } from '../../components/form/Field';
import { FormAlert } from '../../components/form/FormAlert';
import { SubmitButton } from '../../components/form/SubmitButton';
import { FileUpload } from '../components/FileUpload';
import { notify } from '../components/notify';
import { useStudioSubmit } from '../components/useStudioSubmit';

type Values = z.input<typeof reviewBodySchema>;
export type ReviewTarget = { mode: 'add' } | { mode: 'edit'; review: AdminReview };

const valuesOf = (target: ReviewTarget | null): Values =>
  target?.mode === 'edit'
    ? { name: target.review.name, company: target.review.company, rating: target.review.rating, review: target.review.review }
    : { name: '', company: '', rating: 5, review: '' };

/** Adds or edits a review; an existing one can also get the reviewer's picture. */
export function ReviewDialog({ target, onHide }: { target: ReviewTarget | null; onHide: () => void }) {
  const add = useAddReview();
  const edit = useEditReview();
  const thumb = useUploadReviewThumb();
  const form = useForm<Values, unknown, z.output<typeof reviewBodySchema>>({ resolver: zodResolver(reviewBodySchema), defaultValues: valuesOf(target) });
  const {
    register,
    reset,
    formState: { errors, isSubmitting },
  } = form;
  const { formError, clearFormError, submit } = useStudioSubmit(form, reviewFields, async (values) => {
    if (target?.mode === 'edit') await edit.mutateAsync({ id: target.review.id, body: values });
    else await add.mutateAsync(values);
    notify(target?.mode === 'edit' ? 'Review saved.' : 'Review added.');
    onHide();
  });
  useEffect(() => {
    reset(valuesOf(target));
    clearFormError();
  }, [target, reset, clearFormError]);

  return (
    <Modal show={target !== null} onHide={isSubmitting ? () => undefined : onHide} aria-labelledby="review-dialog-title" backdrop="static">
      <form onSubmit={(e) => void submit(e)} noValidate aria-labelledby="review-dialog-title">
        <Modal.Header closeButton closeLabel="Close">
          <Modal.Title id="review-dialog-title" as="h2" className="h5 mb-0">
            {target?.mode === 'edit' ? 'Edit review' : 'New review'}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {formError && <FormAlert kind="error">{formError}</FormAlert>}
          <TextField id="review-name" label="Name" wrapperClassName="mb-3" maxLength={100} error={errors.name?.message} {...register('name')} />
          <TextField
            id="review-company"
            label="Company or role (optional)"
            wrapperClassName="mb-3"
            maxLength={120}
            error={errors.company?.message}
            {...register('company')}
          />
          <SelectField
            id="review-rating"
            label="Rating"
            wrapperClassName="mb-3"
            error={errors.rating?.message}
            {...register('rating', { valueAsNumber: true })}
          >
            {[5, 4, 3, 2, 1, 0].map((n) => (
              <option key={n} value={n}>
                {n} / 5
              </option>
            ))}
          </SelectField>
          <TextAreaField id="review-text" label="Review" rows={5} maxLength={2000} error={errors.review?.message} {...register('review')} />
          {target?.mode === 'edit' && (
            <div className="mt-3">
              <FileUpload
                id="review-thumb"
                label="Reviewer's picture (optional)"
                kind="image"
                field="image"
                hint={`A square crop is stored (256×256). Up to ${uploadLimits.imageBytes / (1024 * 1024)} MB. Without one, initials are shown.`}
                upload={async (file, onProgress) => {
                  await thumb.mutateAsync({ id: target.review.id, file, onProgress });
                  notify('Picture saved.');
                }}
              />
            </div>
          )}
        </Modal.Body>
        <Modal.Footer>
          <button type="button" className="btn btn-outline-secondary" onClick={onHide} disabled={isSubmitting}>
            Cancel
          </button>
          <SubmitButton busy={isSubmitting} busyLabel="Saving...">
            {target?.mode === 'edit' ? 'Save review' : 'Add review'}
          </SubmitButton>
        </Modal.Footer>
      </form>
    </Modal>
  );
}
