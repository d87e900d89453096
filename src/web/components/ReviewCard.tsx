import { useState } from 'react';
import type { ClientReview } from '../../shared/catalog';
import './review-card.scss';

/** 0-5 filled stars, read out as "Rated n out of 5". */
export function ReviewStars({ rating }: { rating: number }) {
  const value = Math.max(0, Math.min(5, Math.round(rating)));
  return (
    <span className="review-stars" role="img" aria-label={`Rated ${value} out of 5`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <i key={n} aria-hidden="true" className={`bi ${n <= value ? 'bi-star-fill' : 'bi-star'}`} />
      ))}
    </span>
  );
}

function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return ((words[0]?.[0] ?? '') + (words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '')).toUpperCase() || '?';
}

/** The client's picture, or their initials when the picture is missing or fails to load. */
export function ClientThumb({ review, size = 48 }: { review: Pick<ClientReview, 'name' | 'client_thumb'>; size?: number }) {
  const [failed, setFailed] = useState(false);
  if (!review.client_thumb || failed) {
    return (
      <span className="client-thumb client-thumb-initials" style={{ width: size, height: size }} aria-hidden="true">
        {initials(review.name)}
      </span>
    );
  }
  return <img className="client-thumb" src={review.client_thumb} alt="" width={size} height={size} loading="lazy" onError={() => setFailed(true)} />;
}

/** A client review: stars, the quote, then the client's picture, name and company. */
export function ReviewCard({ review }: { review: ClientReview }) {
  return (
    <figure className="card review-card h-100 mb-0">
      <div className="card-body d-flex flex-column">
        <ReviewStars rating={review.rating} />
        <blockquote className="review-quote mt-3 mb-4">
          <p className="mb-0">{review.review}</p>
        </blockquote>
        <figcaption className="d-flex align-items-center gap-3 mt-auto">
          <ClientThumb review={review} />
          <span>
            <span className="d-block fw-semibold text-body-emphasis">{review.name}</span>
            <span className="d-block small text-body-secondary">{review.company}</span>
          </span>
        </figcaption>
      </div>
    </figure>
  );
}

export function ReviewCardSkeleton({ lines = 3 }: { lines?: number }) {
  return (
    <div className="card review-card h-100" aria-hidden="true">
      <div className="card-body">
        <div className="skeleton skeleton-text w-25 mb-4" />
        {Array.from({ length: lines }, (_, i) => (
          <div key={i} className={`skeleton skeleton-text mb-2 ${i === lines - 1 ? 'w-50' : 'w-100'}`} />
        ))}
        <div className="d-flex align-items-center gap-3 mt-4">
          <div className="skeleton rounded-circle" style={{ width: 48, height: 48 }} />
          <div className="flex-grow-1">
            <div className="skeleton skeleton-text w-50 mb-2" />
            <div className="skeleton skeleton-text w-25" />
          </div>
        </div>
      </div>
    </div>
  );
}
