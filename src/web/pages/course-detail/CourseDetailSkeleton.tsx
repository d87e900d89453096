/** The detail page's shape while it loads: header band, side card and tab content. */
export function CourseDetailSkeleton() {
  return (
    <div className="course-detail" role="status" aria-label="Loading course">
      <section className="course-hero" aria-hidden="true">
        <div className="container">
          <div className="row">
            <div className="col-12 col-lg-8">
              <div className="skeleton skeleton-text w-50 mb-4" />
              <div className="skeleton skeleton-text w-25 mb-3" />
              <div className="skeleton mb-3" style={{ height: '2.5rem', width: '85%' }} />
              <div className="skeleton skeleton-text w-100 mb-2" />
              <div className="skeleton skeleton-text w-75 mb-4" />
              <div className="skeleton skeleton-text w-50" />
            </div>
          </div>
        </div>
      </section>
      <div className="container course-body" aria-hidden="true">
        <div className="row g-4 g-lg-5">
          <div className="col-12 col-lg-4 order-lg-2">
            <div className="course-side">
              <div className="card course-side-card">
                <div className="ratio ratio-16x9 skeleton rounded-0" />
                <div className="card-body course-side-body">
                  <div className="skeleton mb-3" style={{ height: '2rem', width: '40%' }} />
                  <div className="skeleton mb-4" style={{ height: '3rem' }} />
                  {[0, 1, 2, 3, 4].map((i) => (
                    <div className="skeleton skeleton-text w-100 mb-3" key={i} />
                  ))}
                </div>
              </div>
            </div>
          </div>
          <div className="col-12 col-lg-8 order-lg-1">
            <div className="d-flex gap-4 mb-4">
              {[0, 1, 2, 3].map((i) => (
                <div className="skeleton skeleton-text" style={{ width: '6rem' }} key={i} />
              ))}
            </div>
            <div className="skeleton skeleton-text w-25 mb-4" />
            <div className="row g-3">
              {[0, 1, 2, 3, 4, 5].map((i) => (
                <div className="col-12 col-md-6" key={i}>
                  <div className="skeleton skeleton-text w-100" />
                </div>
              ))}
            </div>
          </div>
        </div>
      </div>
      <span className="visually-hidden">Loading course…</span>
    </div>
  );
}
