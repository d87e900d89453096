import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { adminReviewQuerySchema } from '../../../shared/reviews';
import { adminErrorText } from '../../api/admin';
import { STUDIO_REVIEWS_PAGE_SIZE, studioReviewQueries } from '../../api/reviews';
import { EmptyState, ErrorState } from '../../components/States';
import { CourseFilter } from '../components/filters';
import { nextParams } from '../components/listParams';
import { CardSkeleton, PageHeader, Pager, useStudioTitle } from '../components/ui';
import { StatusFilter } from '../inbox/StatusFilter';
import { StudioReviewCard } from '../reviews/ReviewCard';

type Show = 'all' | 'public' | 'hidden' | 'unreplied';

/** /admin/reviews: students' reviews of every course, newest first; reply once, hide with a reason, show again. */
export default function ReviewsPage() {
  useStudioTitle('Reviews');
  const [params, setParams] = useSearchParams();
  const raw = params.get('show');
  const show: Show = raw === 'public' || raw === 'hidden' || raw === 'unreplied' ? raw : 'all';
  const parsed = adminReviewQuerySchema.safeParse({
    course_id: params.get('course') || undefined,
    stars: params.get('stars') || undefined,
    page: params.get('page') || undefined,
  });
  const { page, course_id, stars } = parsed.success ? parsed.data : { page: 1, course_id: undefined, stars: undefined };
  const filters = {
    course_id,
    stars,
    status: show === 'public' || show === 'hidden' ? show : undefined,
    replied: show === 'unreplied' ? false : undefined,
  } as const;
  const list = useQuery(studioReviewQueries.page(filters, page));
  const update = (changes: Record<string, string | undefined>) => setParams(nextParams(params, changes), { replace: true });

  return (
    <div style={{ maxWidth: 900 }}>
      <PageHeader title="Reviews" />
      <p className="small text-body-secondary mb-3" style={{ marginTop: '-0.5rem' }}>
        What students wrote about the courses they took. A hidden review leaves the course page and its rating.
      </p>
      <div className="studio-card p-3 mb-3 d-flex flex-wrap align-items-end gap-3" role="search" aria-label="Filter the reviews">
        <StatusFilter<Show>
          label="Which reviews"
          value={show}
          onChange={(value) => update({ show: value === 'all' ? undefined : value })}
          options={[
            { value: 'all', label: 'All' },
            { value: 'public', label: 'Public' },
            { value: 'hidden', label: 'Hidden' },
            { value: 'unreplied', label: 'No reply' },
          ]}
        />
        <CourseFilter id="reviews-course" value={course_id} onChange={(course) => update({ course })} style={{ flex: '1 1 12rem', maxWidth: '20rem' }} />
        <div style={{ minWidth: 0, flex: '0 1 9rem' }}>
          <label htmlFor="reviews-stars" className="form-label small mb-1">
            Rating
          </label>
          <select
            id="reviews-stars"
            className="form-select form-select-sm"
            value={stars ? String(stars) : ''}
            onChange={(e) => update({ stars: e.target.value || undefined })}
          >
            <option value="">Any</option>
            {[5, 4, 3, 2, 1].map((n) => (
              <option key={n} value={n}>
                {n} {n === 1 ? 'star' : 'stars'}
              </option>
            ))}
          </select>
        </div>
      </div>
      {list.isPending ? (
        <CardSkeleton lines={6} label="Loading the reviews" />
      ) : list.isError ? (
        <ErrorState message={adminErrorText(list.error)} onRetry={() => void list.refetch()} />
      ) : list.data.results.length === 0 ? (
        <EmptyState message="No reviews here. Students rate a course once they have completed a lesson of it." />
      ) : (
        <div aria-busy={list.isFetching}>
          {list.data.results.map((review) => (
            <StudioReviewCard key={review.id} review={review} />
          ))}
          <Pager
            page={page}
            hasNext={page * STUDIO_REVIEWS_PAGE_SIZE < list.data.count}
            onPage={(p) => update({ page: String(p) })}
            summary={`${list.data.count} review${list.data.count === 1 ? '' : 's'}`}
          />
        </div>
      )}
    </div>
  );
}
