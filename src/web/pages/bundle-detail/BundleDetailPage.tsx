import { Link, useParams } from 'react-router';
import type { Bundle } from '../../../shared/bundles';
import { formatPrice } from '../../../shared/money';
import { useBundle } from '../../api/bundles';
import { ApiError } from '../../api/client';
import { Breadcrumb } from '../../components/Breadcrumb';
import { bundleLabel, savingText } from '../../components/BundleCard';
import { Price } from '../../components/Price';
import { Rating } from '../../components/Rating';
import { ShareMenu } from '../../components/ShareMenu';
import { ErrorState } from '../../components/States';
import { usePageMeta } from '../../lib/usePageMeta';
import { BundleActions } from './BundleActions';
import './bundle-detail.scss';

export default function BundleDetailPage() {
  const { slug } = useParams();
  const query = useBundle(slug);
  const bundle = query.data;
  usePageMeta(
    'bundleDetail',
    bundle
      ? {
          title: `${bundle.title} | Course Bundle`,
          description: `${bundle.courses.length} courses together: ${bundle.courses.map((c) => c.title).join(', ')}.`,
        }
      : undefined,
  );

  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) return <BundleNotFound />;
    return (
      <section className="section">
        <div className="container">
          <h1 className="visually-hidden">Course Bundle</h1>
          <ErrorState message="We could not load this bundle. Please try again." onRetry={() => void query.refetch()} />
        </div>
      </section>
    );
  }
  if (!bundle) return <BundleSkeleton />;
  return <BundleView bundle={bundle} />;
}

function BundleNotFound() {
  return (
    <section className="section">
      <div className="container text-center bundle-not-found">
        <i className="bi bi-collection display-4 text-primary d-block mb-3" aria-hidden="true" />
        <h1 className="h2 mb-3">Bundle not found</h1>
        <p className="text-body-secondary mb-4">We couldn't find this bundle. It may have been renamed or is no longer on sale.</p>
        <Link to="/courses" className="btn btn-primary">
          Browse all courses
        </Link>
      </div>
    </section>
  );
}

function BundleSkeleton() {
  return (
    <div className="bundle-detail" role="status" aria-label="Loading the bundle">
      <section className="bundle-hero">
        <div className="container">
          <div className="skeleton skeleton-text w-25 mb-3" />
          <div className="skeleton w-50 mb-3" style={{ height: '2.5rem' }} />
          <div className="skeleton skeleton-text w-75" />
        </div>
      </section>
      <div className="container bundle-body">
        <div className="row g-4 g-lg-5">
          <div className="col-12 col-lg-8">
            {[0, 1].map((i) => (
              <div className="skeleton mb-3" style={{ height: '7rem' }} key={i} />
            ))}
          </div>
          <div className="col-12 col-lg-4">
            <div className="skeleton" style={{ height: '22rem' }} />
          </div>
        </div>
      </div>
    </div>
  );
}

/** The bundle's page: what it holds, what it costs against its courses one by one, and the way to buy it. */
export function BundleView({ bundle }: { bundle: Bundle }) {
  const price = bundle.country_price;
  const separately = formatPrice(price.regular_amount, price.symbol, price.currency);
  const saving = savingText(bundle);
  const cover = bundle.cover_image || bundle.courses[0]?.course_image;

  return (
    <div className="bundle-detail">
      <section className="bundle-hero">
        <div className="container">
          <div className="row">
            <div className="col-12 col-lg-8">
              <Breadcrumb
                trail={[
                  { label: 'Home', to: '/' },
                  { label: 'Courses', to: '/courses' },
                ]}
                current={bundle.title}
                currentClassName="text-truncate d-none d-md-block"
              />
              <p className="bundle-hero-eyebrow mb-2">
                <i className="bi bi-collection-play me-2" aria-hidden="true" />
                {bundleLabel(bundle.courses.length)}
              </p>
              <h1 className="bundle-hero-title mb-3">{bundle.title}</h1>
              <p className="bundle-hero-subtitle mb-0">
                {bundle.courses.map((c) => c.title).join(' + ')}
                {bundle.saving > 0 && (
                  <>
                    {' '}
                    for {formatPrice(price.amount, price.symbol, price.currency)} instead of {separately}.
                  </>
                )}
              </p>
            </div>
          </div>
        </div>
      </section>

      <div className="container bundle-body">
        <div className="row g-4 g-lg-5">
          <aside className="col-12 col-lg-4 order-lg-2" aria-label="Bundle price">
            <div className="card bundle-side-card">
              {cover && (
                <div className="ratio ratio-16x9">
                  <img src={cover} alt={bundle.title} width={640} height={360} fetchPriority="high" className="bundle-side-cover" />
                </div>
              )}
              <div className="card-body p-4">
                <div className="d-flex align-items-center flex-wrap gap-2 mb-1">
                  <Price price={price} size="lg" />
                </div>
                {saving && (
                  <p className="mb-3" data-testid="bundle-saving">
                    <span className="badge rounded-pill text-bg-success me-2">{saving}</span>
                    <span className="small text-body-secondary">against {separately} one by one</span>
                  </p>
                )}
                <BundleActions bundle={bundle} />
                <h2 className="h6 mt-4 mb-2">This bundle includes</h2>
                <ul className="list-unstyled bundle-includes mb-2">
                  <li>
                    <i className="bi bi-journals me-2 text-primary" aria-hidden="true" />
                    {bundle.courses.length} full courses, each with its certificate
                  </li>
                  <li>
                    <i className="bi bi-infinity me-2 text-primary" aria-hidden="true" />
                    Lifetime access to every course
                  </li>
                  <li>
                    <i className="bi bi-receipt me-2 text-primary" aria-hidden="true" />
                    One order, one invoice
                  </li>
                </ul>
                <ShareMenu slug={bundle.slug} title={bundle.title} kind="bundle" className="mt-3" />
              </div>
            </div>
          </aside>

          <div className="col-12 col-lg-8 order-lg-1">
            {bundle.description && (
              <section className="mb-5" aria-labelledby="bundle-about">
                <h2 id="bundle-about" className="h4 mb-3">
                  About this bundle
                </h2>
                <div className="prose bundle-description" dangerouslySetInnerHTML={{ __html: bundle.description }} />
              </section>
            )}
            <section aria-labelledby="bundle-courses">
              <h2 id="bundle-courses" className="h4 mb-3">
                What's included
              </h2>
              <ol className="list-unstyled bundle-courses mb-0">
                {bundle.courses.map((course, i) => (
                  <li key={course.id}>
                    <article className="card bundle-course">
                      <div className="bundle-course-media">
                        <div className="ratio ratio-16x9">
                          <img src={course.course_image} alt="" loading="lazy" width={320} height={180} />
                        </div>
                      </div>
                      <div className="bundle-course-body">
                        <p className="small text-body-secondary mb-1">Course {i + 1}</p>
                        <h3 className="h6 mb-1">
                          <Link to={`/courses/${course.slug}`} className="stretched-link bundle-course-title">
                            {course.title}
                          </Link>
                        </h3>
                        <p className="small text-body-secondary bundle-course-subtitle mb-2">{course.subtitle}</p>
                        <div className="d-flex flex-wrap align-items-center gap-3 small">
                          <span className="badge rounded-pill text-bg-light border">{course.complexity}</span>
                          <span className="text-body-secondary">
                            <i className="bi bi-clock me-1" aria-hidden="true" />
                            {course.total_video_duration}
                          </span>
                          <Rating value={course.ratings} count={course.ratings_count} showStars={false} />
                        </div>
                      </div>
                      <div className="bundle-course-price">
                        {course.owned ? (
                          <span className="badge rounded-pill text-bg-success" data-testid="course-owned">
                            <i className="bi bi-check2 me-1" aria-hidden="true" />
                            You own this
                          </span>
                        ) : (
                          <span className="small text-body-secondary">
                            <span className="visually-hidden">Alone: </span>
                            {formatPrice(course.country_price.amount, course.country_price.symbol, course.country_price.currency)}
                          </span>
                        )}
                      </div>
                    </article>
                  </li>
                ))}
              </ol>
            </section>
          </div>
        </div>
      </div>
    </div>
  );
}
