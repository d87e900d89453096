import { Link } from 'react-router';
import { useCourses, useInstructor } from '../../api/catalog';
import { useLetterCourse } from '../../api/projects';
import { useSiteFigures } from '../../api/site';
import { CourseGrid } from '../../components/CourseGrid';
import { InstructorCard } from '../../components/InstructorCard';
import { usePageMeta } from '../../lib/usePageMeta';
import { Testimonials } from './Testimonials';
import './home.scss';

/** The stats strip's figures, in the spec's order; each value is the server's (Settings, else what the database knows). */
const stats = [
  { key: 'courses', label: 'Online Courses', icon: 'bi-collection-play' },
  { key: 'rating', label: 'Course Ratings', icon: 'bi-star' },
  { key: 'students', label: 'Online Students', icon: 'bi-people' },
  { key: 'letters', label: 'Pre-experience letters', icon: 'bi-award' },
] as const;

/** '10+ Online Courses' ... from GET /site-figures/; a figure the server answers null (nothing to count yet) is left out. */
export function StatsStrip() {
  const { data, isError } = useSiteFigures();
  const shown = data ? stats.flatMap((s) => (data.home[s.key] ? [{ ...s, value: data.home[s.key] }] : [])) : [];
  if (isError || (data && shown.length === 0)) return null;
  return (
    <section className="home-stats" aria-label="In numbers">
      <div className="container">
        <ul className="row g-3 g-md-4 list-unstyled mb-0 justify-content-center" aria-busy={!data || undefined}>
          {data
            ? shown.map((s) => (
                <li className="col-6 col-md-3" key={s.key}>
                  <div className="home-stat">
                    <i className={`bi ${s.icon} home-stat-icon`} aria-hidden="true" />
                    <div>
                      <span className="home-stat-value d-block">{s.value}</span>
                      <span className="home-stat-label d-block">{s.label}</span>
                    </div>
                  </div>
                </li>
              ))
            : stats.map((s) => (
                <li className="col-6 col-md-3" key={s.key}>
                  <div className="home-stat">
                    <i className={`bi ${s.icon} home-stat-icon`} aria-hidden="true" />
                    <div className="flex-grow-1">
                      <span className="skeleton skeleton-text d-block w-50 mb-1" />
                      <span className="home-stat-label d-block">{s.label}</span>
                    </div>
                  </div>
                </li>
              ))}
        </ul>
      </div>
    </section>
  );
}

export default function HomePage() {
  usePageMeta('home');
  const courses = useCourses();
  const list = courses.data ?? [];
  const free = list.filter((c) => c.course_type === 'free');
  const paid = list.filter((c) => c.course_type === 'paid');
  // Home shows a teaser: one row of free courses and two of paid ones; /courses has them all.
  // The banner's course is the server's answer (chosen in the studio's Settings, else the first published course with a project).
  const letterCourse = useLetterCourse().data;
  const letterHref = letterCourse ? `/courses/${letterCourse.slug}` : '/courses';

  return (
    <>
      <section className="home-hero" aria-labelledby="hero-title">
        <div className="container">
          <div className="row align-items-center g-5">
            <div className="col-12 col-lg-6">
              <p className="eyebrow mb-3">Project-based programming courses</p>
              <h1 id="hero-title" className="home-hero-title mb-3">
                Learn to code by building <span className="text-primary">real projects</span>
              </h1>
              <p className="lead text-body-secondary mb-4">
                Python, Django, REST APIs, machine learning and AI, taught through hands-on projects you can show an employer. Finish a project, have it
                reviewed by our team and earn a pre-experience letter.
              </p>
              <div className="d-flex flex-column flex-sm-row gap-3 home-hero-actions">
                <Link to="/courses/" className="btn btn-accent btn-lg">
                  Explore Courses
                  <i className="bi bi-arrow-right ms-2" aria-hidden="true" />
                </Link>
                <Link to="/contact/" className="btn btn-outline-primary btn-lg">
                  Get In Touch
                </Link>
              </div>
            </div>
            <div className="col-12 col-lg-6 text-center">
              <img
                src="/media/hero.svg"
                alt="A laptop showing code, surrounded by a lesson video card, a progress ring and a certificate badge"
                width={640}
                height={480}
                className="img-fluid home-hero-art"
                fetchPriority="high"
              />
            </div>
          </div>
        </div>
      </section>

      <StatsStrip />

      <section className="section" aria-labelledby="free-title">
        <div className="container">
          <div className="d-flex flex-wrap align-items-end justify-content-between gap-2">
            <div>
              <p className="eyebrow mb-2">Start today</p>
              <h2 id="free-title" className="section-title">
                Learn For Free
              </h2>
              <p className="section-subtitle">Hands-on beginner courses that cost nothing. Build your first projects and see how we teach.</p>
            </div>
            <Link to="/courses" className="btn btn-link px-0 mb-4 d-none d-md-inline-block home-see-all">
              All courses
              <i className="bi bi-arrow-right ms-1" aria-hidden="true" />
            </Link>
          </div>
          <div className="home-grid-limit">
            <CourseGrid courses={free.slice(0, 4)} isLoading={courses.isLoading} isError={courses.isError} onRetry={() => void courses.refetch()} />
          </div>
        </div>
      </section>

      {!courses.isError && (
        <section className="section section-soft" aria-labelledby="popular-title">
          <div className="container">
            <p className="eyebrow mb-2">Go further</p>
            <h2 id="popular-title" className="section-title">
              Popular Courses
            </h2>
            <p className="section-subtitle">In-depth, project-based courses for developers who want to build and ship production software.</p>
            <div className="home-grid-limit">
              <CourseGrid courses={paid.slice(0, 8)} isLoading={courses.isLoading} isError={false} onRetry={() => void courses.refetch()} />
            </div>
            {paid.length > 0 && (
              <div className="text-center mt-4 mt-lg-5">
                <Link to="/courses" className="btn btn-outline-primary">
                  View all courses
                </Link>
              </div>
            )}
          </div>
        </section>
      )}

      <section className="section" aria-labelledby="letter-title">
        <div className="container">
          <div className="home-letter">
            <div className="row align-items-center g-4">
              <div className="col-12 col-lg-8">
                <p className="home-letter-eyebrow mb-2">
                  <i className="bi bi-award me-2" aria-hidden="true" />
                  Pre-experience letter
                </p>
                <h2 id="letter-title" className="mb-3">
                  Get Your Letter
                </h2>
                <p className="mb-0 home-letter-text">
                  Complete the capstone project and our team reviews your code personally. When it meets the bar, you receive a pre-experience letter describing
                  what you built, ready to attach to your applications.
                </p>
              </div>
              <div className="col-12 col-lg-4 text-lg-end">
                <Link to={letterHref} className="btn btn-accent btn-lg">
                  {letterCourse ? 'Start the project' : 'Browse courses'}
                  <i className="bi bi-arrow-right ms-2" aria-hidden="true" />
                  {letterCourse && <span className="visually-hidden">: {letterCourse.project_title}</span>}
                </Link>
              </div>
            </div>
          </div>
        </div>
      </section>

      <Testimonials />

      <InstructorSection />
    </>
  );
}

/** On failure the section stays empty (spec 8). */
function InstructorSection() {
  const { data, isLoading, isError } = useInstructor();
  if (isError) return null;
  return (
    <section className="section" aria-labelledby="instructor-title">
      <div className="container">
        <p className="eyebrow mb-2">Your instructor</p>
        <h2 id="instructor-title" className="section-title mb-4">
          Meet Your Instructor
        </h2>
        {isLoading || !data ? (
          <div className="row g-4" aria-hidden="true">
            <div className="col-12 col-md-auto">
              <div className="skeleton rounded-circle mx-auto" style={{ width: 160, height: 160 }} />
            </div>
            <div className="col-12 col-md">
              <div className="skeleton skeleton-text w-25 mb-3" />
              <div className="skeleton skeleton-text w-50 mb-4" />
              <div className="skeleton skeleton-text w-100 mb-2" />
              <div className="skeleton skeleton-text w-100 mb-2" />
              <div className="skeleton skeleton-text w-75" />
            </div>
          </div>
        ) : (
          <div className="home-instructor">
            <InstructorCard instructor={data} headingLevel="h3" />
          </div>
        )}
      </div>
    </section>
  );
}
