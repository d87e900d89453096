import { zodResolver } from '@hookform/resolvers/zod';
import { lazy, Suspense, useEffect } from 'react';
import Modal from 'react-bootstrap/Modal';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { projectBodySchema, type AdminProject } from '../../../shared/projects';
import { useCreateProject, useUpdateProject } from '../../api/adminProjects';
import { Field, formFields, TextAreaField, TextField } from '../../components/form/Field';
import { FormAlert } from '../../components/form/FormAlert';
import { SubmitButton } from '../../components/form/SubmitButton';
import { ListEditorField } from '../components/ListEditor';
import { notify } from '../components/notify';
import { useStudioSubmit } from '../components/useStudioSubmit';

const RichTextEditor = lazy(() => import('../components/RichTextEditor'));

type Values = z.input<typeof projectBodySchema>;
const serverFields = ['title', 'summary', 'brief', 'criteria', 'file_required'] as const;

export type ProjectTarget = { mode: 'add' } | { mode: 'edit'; project: AdminProject };

function valuesOf(target: ProjectTarget | null): Values {
  if (target?.mode === 'edit') {
    const p = target.project;
    return { title: p.title, summary: p.summary, brief: p.brief, criteria: p.criteria, file_required: p.file_required };
  }
  return { title: '', summary: '', brief: '', criteria: [''], file_required: false };
}

/** Creates or edits a project: title, summary, the brief (rich text, sanitised by the server), its criteria, and whether a file is required. */
export function ProjectDialog({ courseId, target, onHide }: { courseId: number; target: ProjectTarget | null; onHide: () => void }) {
  const create = useCreateProject(courseId);
  const update = useUpdateProject(courseId);
  const form = useForm<Values, unknown, z.output<typeof projectBodySchema>>({ resolver: zodResolver(projectBodySchema), defaultValues: valuesOf(target) });
  const {
    control,
    reset,
    watch,
    register,
    formState: { errors, isSubmitting },
  } = form;
  const field = formFields(form, 'project');
  const { formError, clearFormError, submit } = useStudioSubmit(form, serverFields, async (values) => {
    const body = { title: values.title, summary: values.summary, brief: values.brief, criteria: values.criteria, file_required: values.file_required };
    if (target?.mode === 'edit') await update.mutateAsync({ id: target.project.id, body });
    else await create.mutateAsync({ ...body, published: true });
    notify(target?.mode === 'edit' ? 'Project saved.' : 'Project added.');
    onHide();
  });
  useEffect(() => {
    reset(valuesOf(target));
    clearFormError();
  }, [target, reset, clearFormError]);

  return (
    <Modal show={target !== null} onHide={isSubmitting ? () => undefined : onHide} size="lg" aria-labelledby="project-dialog-title" backdrop="static">
      <form onSubmit={(e) => void submit(e)} noValidate aria-labelledby="project-dialog-title">
        <Modal.Header closeButton closeLabel="Close">
          <Modal.Title id="project-dialog-title" as="h2" className="h5 mb-0">
            {target?.mode === 'edit' ? 'Edit project' : 'New project'}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {formError && <FormAlert kind="error">{formError}</FormAlert>}
          <TextField label="Title" wrapperClassName="mb-3" maxLength={200} {...field('title')} />
          <TextAreaField
            label="Summary"
            rows={2}
            hint="What finishing it proves, in a sentence or two: the course page shows it to everyone."
            counter={{ value: watch('summary') ?? '', max: 500 }}
            wrapperClassName="mb-3"
            {...field('summary')}
          />
          <Controller
            control={control}
            name="brief"
            render={({ field: brief }) => (
              <Field id="project-brief" label={<span id="project-brief-label">Brief</span>} error={errors.brief?.message} wrapperClassName="mb-3">
                <Suspense
                  fallback={
                    <div className="placeholder-glow">
                      <span className="placeholder col-12" style={{ height: '12rem', opacity: 0.2 }} />
                    </div>
                  }
                >
                  <RichTextEditor
                    id="project-brief"
                    labelledBy="project-brief-label"
                    describedBy={errors.brief ? 'project-brief-error' : undefined}
                    value={brief.value ?? ''}
                    onChange={brief.onChange}
                    onBlur={brief.onBlur}
                    invalid={Boolean(errors.brief)}
                  />
                </Suspense>
              </Field>
            )}
          />
          <ListEditorField
            control={control}
            name="criteria"
            id="project-criteria"
            label="Criteria it is judged by"
            errors={errors.criteria}
            placeholder="A criterion"
          />
          <div className="form-check form-switch">
            <input className="form-check-input" type="checkbox" role="switch" id="project-file_required" {...register('file_required')} />
            <label className="form-check-label" htmlFor="project-file_required">
              Students must attach a file (PDF or ZIP)
            </label>
          </div>
        </Modal.Body>
        <Modal.Footer>
          <button type="button" className="btn btn-outline-secondary" onClick={onHide} disabled={isSubmitting}>
            Cancel
          </button>
          <SubmitButton busy={isSubmitting} busyLabel="Saving...">
            {target?.mode === 'edit' ? 'Save project' : 'Add project'}
          </SubmitButton>
        </Modal.Footer>
      </form>
    </Modal>
  );
}
