import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminReview } from '../../../shared/site-content';
import { adminErrorText } from '../../api/admin';
import { siteAdminQueries, useDeleteReview, useOrderReviews } from '../../api/site-admin';
import { ClientThumb } from '../../components/ReviewCard';
import { ErrorState } from '../../components/States';
import { notify } from '../components/notify';
import { CardSkeleton, useConfirm } from '../components/ui';
import { ReviewDialog, type ReviewTarget } from './ReviewDialog';

/** The reviews on the home page (the first six) and /course-reviews (all), in this order. */
export function ReviewsCard() {
  const reviews = useQuery(siteAdminQueries.reviews());
  const order = useOrderReviews();
  const remove = useDeleteReview();
  const confirm = useConfirm();
  const [target, setTarget] = useState<ReviewTarget | null>(null);

  const move = async (list: AdminReview[], index: number, by: -1 | 1) => {
    const ids = list.map((r) => r.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved!);
    try {
      await order.mutateAsync(ids);
    } catch (error) {
      notify(adminErrorText(error), 'error');
    }
  };

  return (
    <section className="studio-card p-3 p-md-4 mb-3" aria-labelledby="settings-reviews">
      <div className="d-flex flex-wrap align-items-start justify-content-between gap-2 mb-3">
        <div>
          <h2 id="settings-reviews" className="h5 mb-1">
            Reviews
          </h2>
          <p className="small text-body-secondary mb-0">The home page shows the first six; /course-reviews shows them all, in this order.</p>
        </div>
        <button type="button" className="btn btn-primary" onClick={() => setTarget({ mode: 'add' })}>
          <i className="bi bi-plus-lg me-1" aria-hidden="true" />
          Add review
        </button>
      </div>
      {reviews.isPending ? (
        <CardSkeleton label="Loading the reviews" lines={3} />
      ) : reviews.isError ? (
        <ErrorState message={adminErrorText(reviews.error)} onRetry={() => void reviews.refetch()} />
      ) : reviews.data.length === 0 ? (
        <p className="text-body-secondary mb-0">No reviews yet. Add what your students and clients said.</p>
      ) : (
        <ol className="list-unstyled mb-0">
          {reviews.data.map((review, index, list) => (
            <li key={review.id} className="d-flex flex-wrap gap-3 align-items-start border-top py-3">
              <ClientThumb review={review} size={40} />
              <div className="flex-grow-1" style={{ minWidth: 0, flexBasis: 200 }}>
                <div className="fw-semibold text-break">
                  {review.name}
                  {review.company && <span className="fw-normal text-body-secondary"> · {review.company}</span>}
                </div>
                <div className="small text-body-secondary">Rated {review.rating} / 5</div>
                <p className="small mb-0 text-break" style={{ whiteSpace: 'pre-line' }}>
                  {review.review.length > 220 ? `${review.review.slice(0, 220)}…` : review.review}
                </p>
              </div>
              <div className="d-flex flex-wrap gap-1 ms-auto">
                <button
                  type="button"
                  className="btn btn-sm btn-outline-secondary"
                  aria-label={`Move the review by ${review.name} up`}
                  disabled={index === 0 || order.isPending}
                  onClick={() => void move(list, index, -1)}
                >
                  <i className="bi bi-arrow-up" aria-hidden="true" />
                </button>
                <button
                  type="button"
                  className="btn btn-sm btn-outline-secondary"
                  aria-label={`Move the review by ${review.name} down`}
                  disabled={index === list.length - 1 || order.isPending}
                  onClick={() => void move(list, index, 1)}
                >
                  <i className="bi bi-arrow-down" aria-hidden="true" />
                </button>
                <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => setTarget({ mode: 'edit', review })}>
                  Edit<span className="visually-hidden"> the review by {review.name}</span>
                </button>
                <button
                  type="button"
                  className="btn btn-sm btn-outline-danger"
                  onClick={() =>
                    confirm.ask(
                      {
                        title: 'Remove this review?',
                        body: `The review by ${review.name} disappears from the site at once.`,
                        confirmLabel: 'Remove review',
                        busyLabel: 'Removing...',
                      },
                      async () => {
                        await remove.mutateAsync(review.id);
                        notify('Review removed.');
                      },
                    )
                  }
                >
                  <i className="bi bi-trash" aria-hidden="true" />
                  <span className="visually-hidden">Remove the review by {review.name}</span>
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
      <ReviewDialog target={target} onHide={() => setTarget(null)} />
      {confirm.dialog}
    </section>
  );
}
