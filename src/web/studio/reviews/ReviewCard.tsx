import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { HIDE_REASON_MAX_LENGTH, REPLY_MAX_LENGTH, reviewHideBodySchema, reviewReplyBodySchema, type AdminReview } from '../../../shared/reviews';
import { useHideReview, useReplyToReview, useShowReview } from '../../api/reviews';
import { ReviewStars } from '../../components/ReviewCard';
import { TextAreaField } from '../../components/form/Field';
import { FormAlert } from '../../components/form/FormAlert';
import { SubmitButton } from '../../components/form/SubmitButton';
import { adminErrorText } from '../../api/admin';
import { notify } from '../components/notify';
import { formatDateTime } from '../components/ui';
import { useStudioSubmit } from '../components/useStudioSubmit';

/** The public reply: once per review, the same schema the server parses. */
function ReplyForm({ review, onDone }: { review: AdminReview; onDone: () => void }) {
  const reply = useReplyToReview();
  const form = useForm<z.input<typeof reviewReplyBodySchema>, unknown, z.output<typeof reviewReplyBodySchema>>({
    resolver: zodResolver(reviewReplyBodySchema),
    defaultValues: { reply: '' },
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;
  const { formError, submit } = useStudioSubmit(form, ['reply'], async (values) => {
    await reply.mutateAsync({ id: review.id, reply: values.reply });
    notify('Reply published under the review.');
    onDone();
  });
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={`Reply to ${review.student.full_name}`} className="mt-3">
      {formError && <FormAlert kind="error">{formError}</FormAlert>}
      <TextAreaField
        id={`review-reply-${review.id}`}
        label="Your public reply"
        hint="Shown under the review on the course page. One reply per review: it cannot be changed afterwards."
        rows={3}
        maxLength={REPLY_MAX_LENGTH}
        error={errors.reply?.message}
        {...register('reply')}
      />
      <div className="d-flex flex-wrap gap-2">
        <SubmitButton busy={isSubmitting} busyLabel="Publishing..." icon="bi-reply">
          Publish reply
        </SubmitButton>
        <button type="button" className="btn btn-light border" onClick={onDone} disabled={isSubmitting}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** Hiding asks why; the reason goes to the audit log with the review. */
function HideForm({ review, onDone }: { review: AdminReview; onDone: () => void }) {
  const hide = useHideReview();
  const form = useForm<z.input<typeof reviewHideBodySchema>, unknown, z.output<typeof reviewHideBodySchema>>({
    resolver: zodResolver(reviewHideBodySchema),
    defaultValues: { reason: '' },
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;
  const { formError, submit } = useStudioSubmit(form, ['reason'], async (values) => {
    await hide.mutateAsync({ id: review.id, reason: values.reason });
    notify('Review hidden: it is off the course page and out of its rating.');
    onDone();
  });
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={`Hide ${review.student.full_name}'s review`} className="mt-3">
      {formError && <FormAlert kind="error">{formError}</FormAlert>}
      <TextAreaField
        id={`review-hide-${review.id}`}
        label="Why hide it?"
        hint="Kept in the audit log. The student is not told."
        rows={2}
        maxLength={HIDE_REASON_MAX_LENGTH}
        error={errors.reason?.message}
        {...register('reason')}
      />
      <div className="d-flex flex-wrap gap-2">
        <SubmitButton busy={isSubmitting} busyLabel="Hiding..." icon="bi-eye-slash" className="btn btn-danger">
          Hide review
        </SubmitButton>
        <button type="button" className="btn btn-light border" onClick={onDone} disabled={isSubmitting}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** One review in the studio: stars, student (with email), course, date, words, reply and hidden state, with its actions. */
export function StudioReviewCard({ review }: { review: AdminReview }) {
  const [open, setOpen] = useState<'reply' | 'hide' | null>(null);
  const show = useShowReview();
  const [showError, setShowError] = useState<string | null>(null);
  const headingId = `review-${review.id}-title`;
  const showAgain = async () => {
    setShowError(null);
    try {
      await show.mutateAsync({ id: review.id });
      notify('Review shown again.');
    } catch (error) {
      setShowError(adminErrorText(error));
    }
  };
  return (
    <article className={`studio-card p-3 p-md-4 mb-3 ${review.hidden ? 'opacity-75' : ''}`} aria-labelledby={headingId}>
      <div className="d-flex align-items-start justify-content-between gap-2 mb-2">
        <div className="min-w-0">
          <h2 id={headingId} className="h6 mb-1 text-break d-flex flex-wrap align-items-center gap-2">
            <ReviewStars rating={review.rating} />
            <span>{review.student.full_name || 'Deleted account'}</span>
          </h2>
          <div className="small text-body-secondary text-break">
            <i className="bi bi-collection-play me-1" aria-hidden="true" />
            {review.course.title || 'Deleted course'}
            {' · '}
            <a href={`mailto:${review.student.email}`} className="text-decoration-underline">
              {review.student.email}
            </a>
            {' · '}
            <time dateTime={review.created_at}>{formatDateTime(review.created_at)}</time>
            {review.updated_at !== review.created_at && <> (edited {formatDateTime(review.updated_at)})</>}
          </div>
        </div>
        <span className={`badge flex-shrink-0 ${review.hidden ? 'text-bg-secondary' : 'text-bg-success'}`}>{review.hidden ? 'Hidden' : 'Public'}</span>
      </div>
      {review.review ? (
        <p className="mb-0 text-break" style={{ whiteSpace: 'pre-wrap' }}>
          {review.review}
        </p>
      ) : (
        <p className="mb-0 small text-body-secondary">Stars only, no words.</p>
      )}
      {review.hidden && (
        <p className="small mt-2 mb-0">
          <i className="bi bi-eye-slash me-1" aria-hidden="true" />
          Hidden {formatDateTime(review.hidden.at)}: <span className="text-break">{review.hidden.reason}</span>
        </p>
      )}
      {review.reply && (
        <div className="rounded-3 p-3 bg-primary-subtle mt-3">
          <div className="small fw-semibold mb-1">
            Your reply <span className="text-body-secondary fw-normal ms-2">{formatDateTime(review.reply.created_at)}</span>
          </div>
          <div className="text-break" style={{ whiteSpace: 'pre-wrap' }}>
            {review.reply.text}
          </div>
        </div>
      )}
      {showError && (
        <FormAlert kind="error" className="mt-3">
          {showError}
        </FormAlert>
      )}
      {open === 'reply' ? (
        <ReplyForm review={review} onDone={() => setOpen(null)} />
      ) : open === 'hide' ? (
        <HideForm review={review} onDone={() => setOpen(null)} />
      ) : (
        <div className="d-flex flex-wrap gap-2 mt-3">
          {!review.reply && (
            <button type="button" className="btn btn-sm btn-light border" onClick={() => setOpen('reply')}>
              <i className="bi bi-reply me-1" aria-hidden="true" />
              Reply
            </button>
          )}
          {review.hidden ? (
            <SubmitButton type="button" className="btn btn-sm btn-light border" busy={show.isPending} busyLabel="Showing..." onClick={() => void showAgain()}>
              <i className="bi bi-eye me-1" aria-hidden="true" />
              Show again
            </SubmitButton>
          ) : (
            <button type="button" className="btn btn-sm btn-light border text-danger" onClick={() => setOpen('hide')}>
              <i className="bi bi-eye-slash me-1" aria-hidden="true" />
              Hide
            </button>
          )}
        </div>
      )}
    </article>
  );
}
