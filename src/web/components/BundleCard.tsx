import { Link } from 'react-router';
import type { Bundle } from '../../shared/bundles';
import { formatPrice } from '../../shared/money';
import { Price } from './Price';
import './bundle-card.scss';

/** 'Bundle · 2 courses'. */
export const bundleLabel = (count: number) => `Bundle · ${count} ${count === 1 ? 'course' : 'courses'}`;

/** 'Save $19.99 (20%)', or undefined when the bundle costs what its courses cost one by one. */
export function savingText(bundle: Pick<Bundle, 'saving' | 'saving_percent' | 'country_price'>): string | undefined {
  if (bundle.saving <= 0) return undefined;
  const amount = formatPrice(bundle.saving, bundle.country_price.symbol, bundle.country_price.currency);
  return bundle.saving_percent > 0 ? `Save ${amount} (${bundle.saving_percent}%)` : `Save ${amount}`;
}

/**
 * A bundle in the course list: wider than a course card (cover beside the text from 768 px), its
 * label, title, the courses it holds, its price with what they cost one by one struck, and the saving.
 */
export function BundleCard({ bundle, image = 'lazy' }: { bundle: Bundle; image?: 'lazy' | 'eager' }) {
  const saving = savingText(bundle);
  const cover = bundle.cover_image || bundle.courses[0]?.course_image;
  return (
    <article className="card bundle-card h-100" data-testid="bundle-card">
      <Link to={`/bundles/${bundle.slug}`} className="bundle-card-link text-decoration-none text-reset">
        <div className="bundle-card-media">
          <div className="ratio ratio-16x9">{cover && <img src={cover} alt="" loading={image} width={640} height={360} />}</div>
          <span className="bundle-card-ribbon">
            <i className="bi bi-collection-play me-1" aria-hidden="true" />
            {bundleLabel(bundle.courses.length)}
          </span>
        </div>
        <div className="card-body d-flex flex-column">
          <h3 className="h5 card-title mb-2 bundle-card-title">{bundle.title}</h3>
          <ul className="list-unstyled small text-body-secondary bundle-card-courses mb-3">
            {bundle.courses.map((course) => (
              <li key={course.id}>
                <i className="bi bi-check2 text-success me-2" aria-hidden="true" />
                {course.title}
              </li>
            ))}
          </ul>
          <div className="mt-auto d-flex flex-wrap align-items-center justify-content-between gap-2">
            <Price price={bundle.country_price} />
            {saving && <span className="badge rounded-pill text-bg-success bundle-card-saving">{saving}</span>}
          </div>
        </div>
      </Link>
    </article>
  );
}

export function BundleCardSkeleton() {
  return (
    <div className="card bundle-card h-100" aria-hidden="true">
      <div className="bundle-card-link">
        <div className="bundle-card-media">
          <div className="ratio ratio-16x9 skeleton" />
        </div>
        <div className="card-body">
          <div className="skeleton skeleton-text w-75 mb-3" />
          <div className="skeleton skeleton-text w-50 mb-2" />
          <div className="skeleton skeleton-text w-50 mb-4" />
          <div className="skeleton skeleton-text w-25" />
        </div>
      </div>
    </div>
  );
}
