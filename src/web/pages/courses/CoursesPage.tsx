import { Link } from 'react-router';
import { useBundles } from '../../api/bundles';
import { useCourses } from '../../api/catalog';
import { messages } from '../../../shared/messages';
import { Breadcrumb } from '../../components/Breadcrumb';
import { BundleCard } from '../../components/BundleCard';
import { CourseGrid } from '../../components/CourseGrid';
import { EmptyState, ErrorState } from '../../components/States';
import { usePageMeta } from '../../lib/usePageMeta';
import './courses.scss';

export default function CoursesPage() {
  usePageMeta('courses');
  const courses = useCourses();
  // Bundles are a section of their own, shown once there is one; the page does not wait on them.
  const bundles = useBundles().data ?? [];
  const list = courses.data ?? [];
  const free = list.filter((c) => c.course_type === 'free');
  const paid = list.filter((c) => c.course_type === 'paid');
  const retry = () => void courses.refetch();
  // One message for the whole page when nothing could be shown at all, rather than one per section.
  const nothing = courses.isError || (!courses.isLoading && list.length === 0);

  return (
    <>
      <header className="courses-hero">
        <div className="container">
          <Breadcrumb trail={[{ label: 'Home', to: '/' }]} current="Courses" />
          <h1 className="mb-3">
            Courses | <span className="text-nowrap">Project-Based</span>
          </h1>
          <p className="lead text-body-secondary mb-0 courses-hero-lead">
            Learn Python, Django, REST APIs, machine learning and AI by building real projects, from your first script to deployed applications.
          </p>
        </div>
      </header>

      {nothing ? (
        <section className="section">
          <div className="container">
            {courses.isError ? (
              <ErrorState message={messages.courses.listFailed} onRetry={retry} />
            ) : (
              <EmptyState message={messages.courses.empty} action={{ to: '/contact', label: 'Tell us what to teach next' }} />
            )}
          </div>
        </section>
      ) : (
        <>
          <section className="section" aria-labelledby="free-courses-title">
            <div className="container">
              <h2 id="free-courses-title" className="section-title">
                Free Courses
              </h2>
              <p className="section-subtitle">Learn software development with hands-on projects at no cost!</p>
              {/* The first list's covers are on the first screen: the first is the page's largest picture. */}
              <CourseGrid courses={free} isLoading={courses.isLoading} isError={false} onRetry={retry} firstScreen={free.length ? 4 : 0} />
            </div>
          </section>
          {bundles.length > 0 && (
            <section className="section section-bundles" aria-labelledby="bundles-title">
              <div className="container">
                <h2 id="bundles-title" className="section-title">
                  Bundles
                </h2>
                <p className="section-subtitle">Courses that belong together, for less than buying them one by one.</p>
                <div className="row g-4">
                  {bundles.map((bundle) => (
                    <div className="col-12 col-xl-6" key={bundle.id}>
                      <BundleCard bundle={bundle} />
                    </div>
                  ))}
                </div>
              </div>
            </section>
          )}
          <section className="section section-soft" aria-labelledby="premium-courses-title">
            <div className="container">
              <h2 id="premium-courses-title" className="section-title">
                Premium Courses
              </h2>
              <p className="section-subtitle">Project-based Software development courses curated for you.</p>
              <CourseGrid courses={paid} isLoading={courses.isLoading} isError={false} onRetry={retry} firstScreen={free.length ? 0 : 4} />
              <div className="courses-membership mt-5">
                <div>
                  <h3 className="h5 mb-1">Every premium course, one membership</h3>
                  <p className="mb-0 text-body-secondary">Get all current and future premium courses with a monthly, yearly or lifetime plan.</p>
                </div>
                <Link to="/subscribe?scrollTo=plans" className="btn btn-accent flex-shrink-0">
                  See membership plans
                </Link>
              </div>
            </div>
          </section>
        </>
      )}
    </>
  );
}
