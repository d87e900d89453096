import { zodResolver } from '@hookform/resolvers/zod';
import { Fragment, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { CourseDetail } from '../../../shared/catalog';
import { messages } from '../../../shared/messages';
import { REVIEW_MAX_LENGTH, REVIEWS_PAGE_SIZE, reviewFormSchema, reviewMessages, type MyReview } from '../../../shared/reviews';
import { ApiError, NetworkError } from '../../api/client';
import { useCourseReviews, useMyReview, useSaveReview } from '../../api/reviews';
import { CourseReviewItem, ReviewPager, StarsFilter } from '../../components/CourseReview';
import { FieldError, formFields, TextAreaField } from '../../components/form/Field';
import { FormAlert } from '../../components/form/FormAlert';
import { SubmitButton } from '../../components/form/SubmitButton';
import { Rating } from '../../components/Rating';
import { showServerFieldErrors } from '../../lib/forms';
import { plural } from './format';

type FormInput = z.input<typeof reviewFormSchema>;
type FormOutput = z.output<typeof reviewFormSchema>;
const fields = ['rating', 'review'] as const;

/** The student's stars and words: a first review or an edit of theirs. */
export function ReviewForm({ slug, mine }: { slug: string; mine: NonNullable<MyReview['review']> | null }) {
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

/** The course page's reviews: the figures, the student's form when they may rate, the list with its stars filter and pages. */
export function CourseReviews({ course }: { course: Pick<CourseDetail, 'slug' | 'ratings' | 'ratings_count'> }) {
  const [page, setPage] = useState(1);
  const [stars, setStars] = useState<number | undefined>(undefined);
  const list = useCourseReviews(course.slug, page, stars);
  const mine = useMyReview(course.slug);
  const data = list.data;

  return (
    <section className="course-reviews mt-5" aria-labelledby="course-reviews-title">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-3 mb-3">
        <div>
          <h2 id="course-reviews-title" className="h4 mb-1">
            Student reviews
          </h2>
          <p className="mb-0 d-flex align-items-center gap-2">
            <Rating value={course.ratings} count={course.ratings_count} />
            <span className="small text-body-secondary">{course.ratings_count > 0 ? `from ${plural(course.ratings_count, 'review')}` : 'No reviews yet'}</span>
          </p>
        </div>
        {course.ratings_count > 0 && (
          <StarsFilter
            id="course-reviews-stars"
            value={stars}
            onChange={(next) => {
              setStars(next);
              setPage(1);
            }}
          />
        )}
      </div>

      {mine.data?.may_review && <ReviewForm slug={course.slug} mine={mine.data.review} />}

      {list.isError ? (
        <p className="text-body-secondary">The reviews could not be loaded.</p>
      ) : !data ? (
        <p className="text-body-secondary" role="status">
          Loading reviews...
        </p>
      ) : data.results.length === 0 ? (
        <p className="text-body-secondary">{stars ? `No ${plural(stars, 'star')} reviews.` : 'Be the first of its students to review this course.'}</p>
      ) : (
        <>
          <div className="course-review-list">
            {data.results.map((review) => (
              <CourseReviewItem key={review.id} review={review} />
            ))}
          </div>
          <ReviewPager page={page} count={data.count} pageSize={REVIEWS_PAGE_SIZE} onPage={setPage} />
        </>
      )}
    </section>
  );
}
