import { Link } from 'react-router';
import type { CourseDetail } from '../../../shared/catalog';
import { useCourseProjects } from '../../api/projects';
import { ErrorState } from '../../components/States';
import { usePageMeta } from '../../lib/usePageMeta';
import { ProjectBrief, ProjectHandIn } from '../projects/ProjectBrief';

/** The course's projects under its lessons in the player: each opens its brief on the stage. */
export function CourseProjectLinks({ slug, activeId }: { slug: string; activeId?: number }) {
  const projects = useCourseProjects(slug).data;
  if (!projects || projects.length === 0) return null;
  return (
    <nav className="lesson-projects border-top p-3" aria-label="Projects">
      <h3 className="h6 mb-2">
        <i className="bi bi-award me-2 text-primary" aria-hidden="true" />
        {projects.length === 1 ? 'Project' : 'Projects'}
      </h3>
      <ul className="list-unstyled mb-0">
        {projects.map((project) => (
          <li key={project.id}>
            <Link
              to={`/lesson/${slug}/project/${project.id}`}
              className={`d-block py-1 ${project.id === activeId ? 'fw-semibold' : ''}`}
              aria-current={project.id === activeId ? 'page' : undefined}
            >
              Project: {project.title}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** /lesson/{slug}/project/{id}: the brief and the hand-in in the player, the way back to the lessons beside them. */
export function ProjectStage({ course, projectId }: { course: CourseDetail; projectId: number }) {
  const projects = useCourseProjects(course.slug);
  const project = projects.data?.find((p) => p.id === projectId);
  usePageMeta('lesson', { title: project ? `Project: ${project.title} | ${course.title}` : course.title });

  let stage;
  if (projects.isError) stage = <ErrorState message="Could not load this project. Please try again." onRetry={() => void projects.refetch()} />;
  else if (!projects.data)
    stage = (
      <div className="card p-4 placeholder-glow" role="status" aria-label="Loading the project">
        {Array.from({ length: 6 }, (_, i) => (
          <span key={i} className="placeholder d-block mb-3" style={{ width: `${90 - ((i * 17) % 40)}%` }} aria-hidden="true" />
        ))}
      </div>
    );
  else if (!project) stage = <p className="text-body-secondary py-5 text-center">This course has no such project.</p>;
  else
    stage = (
      <div className="d-flex flex-column gap-4">
        <ProjectBrief project={project} />
        <ProjectHandIn project={project} />
      </div>
    );

  return (
    <div className="container-xxl lesson-layout">
      <div className="row g-4">
        <div className="col-12 col-lg-8 lesson-stage">{stage}</div>
        <aside className="col-12 col-lg-4" aria-label="Course">
          <div className="lesson-sidebar">
            <h2 className="lesson-sidebar-title">Course content</h2>
            <p className="px-3 pt-3 mb-0">
              <Link to={`/lesson/${course.slug}/`} className="btn btn-sm btn-outline-primary">
                <i className="bi bi-chevron-left me-1" aria-hidden="true" />
                Back to the lessons
              </Link>
            </p>
            <CourseProjectLinks slug={course.slug} activeId={projectId} />
          </div>
        </aside>
      </div>
    </div>
  );
}
