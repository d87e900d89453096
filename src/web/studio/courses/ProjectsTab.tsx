import { closestCenter, DndContext, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { AdminCourse } from '../../../shared/admin';
import type { AdminProject } from '../../../shared/projects';
import { adminErrorText } from '../../api/admin';
import { adminProjectQueries, useDeleteProject, useUpdateProject } from '../../api/adminProjects';
import { FormAlert } from '../../components/form/FormAlert';
import { EmptyState, ErrorState } from '../../components/States';
import { notify } from '../components/notify';
import { CardSkeleton, useConfirm } from '../components/ui';
import { ProjectDialog, type ProjectTarget } from '../projects/ProjectDialog';
import { Sortable, useDndSensors } from './Sortable';

/** The course's projects: add, edit, reorder (drag or keyboard), unpublish or publish, delete one nobody handed in. */
export default function ProjectsTab({ course }: { course: AdminCourse }) {
  const query = useQuery(adminProjectQueries.courseProjects(course.id));
  const [projects, setProjects] = useState<AdminProject[]>([]);
  useEffect(() => setProjects(query.data ?? []), [query.data]);
  const update = useUpdateProject(course.id);
  const remove = useDeleteProject(course.id);
  const confirm = useConfirm();
  const [target, setTarget] = useState<ProjectTarget | null>(null);
  const [error, setError] = useState<string | null>(null);
  const sensors = useDndSensors();

  const onDrag = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = projects.findIndex((p) => `p-${p.id}` === active.id);
    const to = projects.findIndex((p) => `p-${p.id}` === over.id);
    if (from < 0 || to < 0) return;
    const previous = projects;
    const moved = previous[from]!;
    setProjects(arrayMove(projects, from, to));
    setError(null);
    update.mutate(
      { id: moved.id, body: { position: to + 1 } },
      {
        onError: (err) => {
          setProjects(previous);
          setError(adminErrorText(err));
        },
      },
    );
  };
  const togglePublished = (project: AdminProject) =>
    confirm.ask(
      project.published
        ? {
            title: `Unpublish “${project.title}”?`,
            body: 'It leaves the course page and students can no longer hand it in. Submissions and letters stay.',
            confirmLabel: 'Unpublish',
            busyLabel: 'Unpublishing...',
            variant: 'warning',
          }
        : {
            title: `Publish “${project.title}”?`,
            body: 'Students of the course can read its brief and hand it in.',
            confirmLabel: 'Publish',
            variant: 'primary',
          },
      async () => {
        await update.mutateAsync({ id: project.id, body: { published: !project.published } });
        notify(project.published ? 'The project is unpublished.' : 'The project is published.');
      },
    );
  const askDelete = (project: AdminProject) =>
    confirm.ask({ title: `Delete “${project.title}”?`, body: 'It is removed for good.', confirmLabel: 'Delete', busyLabel: 'Deleting...' }, async () => {
      await remove.mutateAsync(project.id);
      notify('The project is deleted.');
    });

  if (query.isPending) return <CardSkeleton lines={4} label="Loading the projects" />;
  if (query.isError) return <ErrorState message={adminErrorText(query.error)} onRetry={() => void query.refetch()} />;

  return (
    <div>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <p className="text-body-secondary small mb-0" style={{ maxWidth: '40rem' }}>
          A project earns its student a pre-experience letter once you approve it. Drag the <i className="bi bi-grip-vertical" aria-hidden="true" />
          <span className="visually-hidden">grip</span> handle to reorder (or focus it and press Space, the arrow keys, then Space).
        </p>
        <button type="button" className="btn btn-primary" onClick={() => setTarget({ mode: 'add' })}>
          <i className="bi bi-plus-lg me-1" aria-hidden="true" />
          New project
        </button>
      </div>
      {error && <FormAlert kind="error">{error}</FormAlert>}
      {projects.length === 0 ? (
        <div className="studio-card">
          <EmptyState message="No project yet. Add one: its students hand it in, you review it, and an approval issues their letter." />
        </div>
      ) : (
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDrag}>
          <SortableContext items={projects.map((p) => `p-${p.id}`)} strategy={verticalListSortingStrategy}>
            <ol className="list-unstyled d-flex flex-column gap-2 mb-0" aria-label="Projects">
              {projects.map((project) => (
                <Sortable key={project.id} id={`p-${project.id}`} label={`project ${project.title}`} className="studio-card p-2 p-md-3">
                  {(handle) => (
                    <div className="d-flex flex-wrap align-items-start gap-2">
                      {handle}
                      <div className="flex-grow-1 min-w-0" style={{ flexBasis: '14rem' }}>
                        <h3 className="h6 mb-1 text-break">
                          {project.title}{' '}
                          <span className={`badge ${project.published ? 'text-bg-success' : 'text-bg-secondary'}`}>
                            {project.published ? 'Published' : 'Unpublished'}
                          </span>
                        </h3>
                        <p className="small text-body-secondary mb-0">
                          {project.criteria.length} criteri{project.criteria.length === 1 ? 'on' : 'a'} ·{' '}
                          {project.file_required ? 'file required' : 'no file required'} · {project.submission_count} submission
                          {project.submission_count === 1 ? '' : 's'}
                        </p>
                      </div>
                      <div className="d-flex flex-wrap gap-2">
                        <button type="button" className="btn btn-sm btn-outline-primary" onClick={() => setTarget({ mode: 'edit', project })}>
                          Edit<span className="visually-hidden"> {project.title}</span>
                        </button>
                        <button type="button" className="btn btn-sm btn-outline-dark" onClick={() => togglePublished(project)}>
                          {project.published ? 'Unpublish' : 'Publish'}
                          <span className="visually-hidden"> {project.title}</span>
                        </button>
                        {project.submission_count === 0 && (
                          <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => askDelete(project)}>
                            Delete<span className="visually-hidden"> {project.title}</span>
                          </button>
                        )}
                      </div>
                    </div>
                  )}
                </Sortable>
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      )}
      <ProjectDialog courseId={course.id} target={target} onHide={() => setTarget(null)} />
      {confirm.dialog}
    </div>
  );
}
