import { zodResolver } from '@hookform/resolvers/zod';
import { Fragment, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { messages } from '../../../shared/messages';
import { REVIEW_MAX_LENGTH, reviewFormSchema, reviewMessages, type MyReview } from '../../../shared/reviews';
import { ApiError, NetworkError } from '../../api/client';
import { useSaveReview } from '../../api/reviews';
import { FieldError, formFields, TextAreaField } from '../../components/form/Field';
import { FormAlert } from '../../components/form/FormAlert';
import { SubmitButton } from '../../components/form/SubmitButton';
import { showServerFieldErrors } from '../../lib/forms';
import { plural } from './format';

type FormInput = z.input<typeof reviewFormSchema>;
type FormOutput = z.output<typeof reviewFormSchema>;
const fields = ['rating', 'review'] as const;

/**
 * The student's stars and words: a first review or an edit of theirs. Its own file, loaded when a
 * student may review (react-hook-form and zod stay out of the course page's first load).
 */
export default function ReviewForm({ slug, mine }: { slug: string; mine: NonNullable<MyReview['review']> | null }) {
  const save = useSaveReview(slug);
  const [outcome, setOutcome] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(reviewFormSchema),
    defaultValues: { rating: mine ? String(mine.rating) : '', review: mine?.review ?? '' },
  });
  const {
    handleSubmit,
    register,
    watch,
    setError,
    formState: { errors, isSubmitting },
  } = form;
  const field = formFields(form, 'course-review');
  const ratingError = errors.rating?.message;

  const submit = handleSubmit(async (values) => {
    setOutcome(null);
    try {
      const saved = await save.mutateAsync(values);
      setOutcome({ kind: 'success', text: saved.created ? reviewMessages.saved : reviewMessages.updated });
    } catch (error) {
      if (error instanceof ApiError) {
        if (showServerFieldErrors(error, setError, fields).length === 0)
          setOutcome({ kind: 'error', text: error.status < 500 ? error.message : messages.http.server });
      } else setOutcome({ kind: 'error', text: error instanceof NetworkError ? error.message : messages.http.server });
    }
  });

  return (
    <form className="card card-body mb-4 course-review-form" onSubmit={(event) => void submit(event)} noValidate aria-labelledby="course-review-form-title">
      <h3 id="course-review-form-title" className="h5 mb-3">
        {mine ? 'Your review' : 'Rate this course'}
      </h3>
      {outcome && <FormAlert kind={outcome.kind}>{outcome.text}</FormAlert>}
      {mine?.hidden && <p className="small text-body-secondary">The instructor has hidden your review from the course page; you can still edit it.</p>}
      <fieldset className="mb-3" aria-describedby={ratingError ? 'course-review-rating-error' : undefined}>
        <legend className="form-label fs-6 mb-1">Your rating</legend>
        <div className="review-star-input">
          {[5, 4, 3, 2, 1].map((n) => (
            <Fragment key={n}>
              <input type="radio" id={`course-review-rating-${n}`} value={String(n)} aria-invalid={ratingError ? true : undefined} {...register('rating')} />
              <label htmlFor={`course-review-rating-${n}`} title={plural(n, 'star')}>
                <i className="bi bi-star-fill" aria-hidden="true" />
                <span className="visually-hidden">{plural(n, 'star')}</span>
              </label>
            </Fragment>
          ))}
        </div>
        <FieldError id="course-review-rating" message={ratingError} />
      </fieldset>
      <TextAreaField
        label={
          <>
            Your review <span className="text-body-secondary fw-normal">(optional)</span>
          </>
        }
        rows={4}
        wrapperClassName="mb-3"
        counter={{ value: watch('review'), max: REVIEW_MAX_LENGTH }}
        {...field('review')}
      />
      <div>
        <SubmitButton busy={isSubmitting} busyLabel="Saving...">
          {mine ? 'Update review' : 'Post review'}
        </SubmitButton>
      </div>
    </form>
  );
}
