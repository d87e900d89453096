/**
 * A course's rating: stars out of 5 with the value as x/5.0, from its students' reviews. With no
 * reviews (`count` 0) the course is 'New' instead of 0.0.
 */
export function Rating({ value, count, showStars = true }: { value: number; count: number; showStars?: boolean }) {
  if (count === 0) {
    return (
      <span className="rating rating-new d-inline-flex align-items-center gap-1">
        <span className="badge rounded-pill text-bg-light border fw-semibold">New</span>
        <span className="visually-hidden">: no ratings yet</span>
      </span>
    );
  }
  const rounded = Math.round(value * 2) / 2;
  return (
    <span className="rating d-inline-flex align-items-center gap-1" aria-label={`Rated ${value.toFixed(1)} out of 5`}>
      {showStars &&
        [1, 2, 3, 4, 5].map((n) => (
          <i key={n} aria-hidden="true" className={`bi ${rounded >= n ? 'bi-star-fill' : rounded >= n - 0.5 ? 'bi-star-half' : 'bi-star'} text-warning`} />
        ))}
      <span className="fw-semibold small">{value.toFixed(1)}/5.0</span>
    </span>
  );
}
