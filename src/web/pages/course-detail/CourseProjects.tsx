import { Link } from 'react-router';
import { useCourseProjects } from '../../api/projects';
import { reviewedByLine } from '../projects/copy';

/**
 * The course's projects on its page: 'Project: {title}', what it proves, who reviews it, and the call to
 * action that leads to the brief. Nothing when the course has none (or they could not be loaded).
 */
export function CourseProjects({ slug }: { slug: string }) {
  const projects = useCourseProjects(slug).data;
  if (!projects || projects.length === 0) return null;
  return (
    <section className="course-projects mb-5" aria-labelledby="course-projects-title">
      <h2 id="course-projects-title" className="h4 mb-3">
        <i className="bi bi-award text-primary me-2" aria-hidden="true" />
        Earn a pre-experience letter
      </h2>
      <div className="d-flex flex-column gap-3">
        {projects.map((project) => (
          <article key={project.id} className="card course-project-card" aria-labelledby={`course-project-${project.id}`}>
            <div className="card-body d-flex flex-column flex-md-row gap-3 align-items-md-center">
              <div className="flex-grow-1 min-w-0">
                <h3 id={`course-project-${project.id}`} className="h5 mb-1">
                  Project: {project.title}
                </h3>
                {project.summary && <p className="mb-2 text-body-secondary">{project.summary}</p>}
                <p className="small mb-0">
                  <i className="bi bi-person-check text-success me-1" aria-hidden="true" />
                  {reviewedByLine}
                </p>
              </div>
              <Link to={`/projects/${project.id}`} className="btn btn-accent flex-shrink-0">
                Get your letter
                <i className="bi bi-arrow-right ms-2" aria-hidden="true" />
                <span className="visually-hidden">: {project.title}</span>
              </Link>
            </div>
          </article>
        ))}
      </div>
    </section>
  );
}
