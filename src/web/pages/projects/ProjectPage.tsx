import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { useProject } from '../../api/projects';
import { Breadcrumb } from '../../components/Breadcrumb';
import { ErrorState } from '../../components/States';
import { usePageMeta } from '../../lib/usePageMeta';
import { ProjectBrief, ProjectHandIn } from './ProjectBrief';

function BriefSkeleton() {
  return (
    <div className="row g-4" role="status" aria-label="Loading the project">
      {[7, 5].map((cols) => (
        <div key={cols} className={`col-12 col-lg-${cols}`}>
          <div className="card p-4 p-md-5 placeholder-glow" aria-hidden="true">
            <span className="placeholder col-4 mb-3" />
            <span className="placeholder col-9 mb-3" style={{ height: '2rem' }} />
            {Array.from({ length: 6 }, (_, line) => (
              <span key={line} className="placeholder mb-2" style={{ width: `${92 - ((line * 13) % 30)}%` }} />
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}

/** /projects/{id}: a project's brief on a page of its own, and the student's hand-in beside it. */
export default function ProjectPage() {
  const id = Number(useParams().projectId);
  const query = useProject(id);
  const project = query.data;
  usePageMeta('account', {
    title: project ? `Project: ${project.title} | ${project.course_title}` : 'Project | Lectern',
    description: project?.summary || 'A project reviewed personally by the instructor, for a pre-experience letter.',
  });

  let body;
  if (query.isError && !(query.error instanceof ApiError && query.error.status === 404))
    body = <ErrorState message="Could not load this project. Please try again." onRetry={() => void query.refetch()} />;
  else if (query.isError || !(Number.isInteger(id) && id > 0))
    body = (
      <div className="text-center py-5">
        <h1 className="h3 mb-3">Project not found</h1>
        <p className="text-body-secondary mb-4">There is no such project. It may have been taken down.</p>
        <Link to="/courses" className="btn btn-primary">
          Browse courses
        </Link>
      </div>
    );
  else if (!project) body = <BriefSkeleton />;
  else
    body = (
      <div className="row g-4">
        <div className="col-12 col-lg-7">
          <ProjectBrief project={project} headingLevel="h1" />
        </div>
        <div className="col-12 col-lg-5">
          <ProjectHandIn project={project} />
        </div>
      </div>
    );

  return (
    <section className="section section-soft">
      <div className="container">
        <Breadcrumb
          trail={[{ label: 'Courses', to: '/courses' }, ...(project ? [{ label: project.course_title, to: `/courses/${project.course_slug}` }] : [])]}
          current={project ? project.title : 'Project'}
          className="mb-3"
          currentClassName="text-truncate"
        />
        {body}
      </div>
    </section>
  );
}
