import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useForm, type FieldValues, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { studentCompBodySchema, studentEnrolBodySchema } from '../../../shared/admin';
import { adminErrorText, adminQueries } from '../../api/admin';
import { useCompMembership, useEnrolStudent } from '../../api/adminPeople';
import { SelectField, TextField } from '../../components/form/Field';
import { FormAlert } from '../../components/form/FormAlert';
import { SubmitButton } from '../../components/form/SubmitButton';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { notify } from '../components/notify';
import { useStudioSubmit } from '../components/useStudioSubmit';

type AnyForm = UseFormReturn<FieldValues, unknown, FieldValues>;

/** A small form in a modal: the server's field errors under the fields, anything else above them. */
function FormDialog({
  id,
  title,
  show,
  onHide,
  form,
  save,
  submitLabel,
  busyLabel,
  children,
}: {
  id: string;
  title: string;
  show: boolean;
  onHide: () => void;
  form: AnyForm;
  save: (values: FieldValues) => Promise<void>;
  submitLabel: string;
  busyLabel: string;
  children: ReactNode;
}) {
  const { reset, formState } = form;
  const { formError, clearFormError, submit } = useStudioSubmit(form, Object.keys(form.getValues()), async (values) => {
    await save(values);
    onHide();
  });
  useEffect(() => {
    if (show) {
      clearFormError();
      reset();
    }
  }, [show, reset, clearFormError]);
  const busy = formState.isSubmitting;
  return (
    <Modal show={show} onHide={busy ? () => undefined : onHide} centered aria-labelledby={`${id}-title`}>
      <form onSubmit={(e) => void submit(e)} noValidate aria-labelledby={`${id}-title`}>
        <Modal.Header closeButton={!busy} closeLabel="Cancel">
          <Modal.Title id={`${id}-title`} as="h2" className="h5 mb-0">
            {title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {formError && <FormAlert kind="error">{formError}</FormAlert>}
          {children}
        </Modal.Body>
        <Modal.Footer>
          <button type="button" className="btn btn-outline-secondary" onClick={onHide} disabled={busy}>
            Cancel
          </button>
          <SubmitButton busy={busy} busyLabel={busyLabel} className="btn btn-primary">
            {submitLabel}
          </SubmitButton>
        </Modal.Footer>
      </form>
    </Modal>
  );
}

type EnrolValues = z.input<typeof studentEnrolBodySchema>;

/** Enrols the student in a course by hand: a course found by title, from every course but those they already have. */
export function EnrolDialog({
  studentId,
  name,
  enrolled,
  show,
  onHide,
}: {
  studentId: number;
  name: string;
  enrolled: number[];
  show: boolean;
  onHide: () => void;
}) {
  const enrol = useEnrolStudent(studentId);
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim());
  const courses = useQuery({ ...adminQueries.courses({ page: 1, search: term || undefined, sort: 'title' }), enabled: show });
  const form = useForm<EnrolValues, unknown, FieldValues>({ resolver: zodResolver(studentEnrolBodySchema), defaultValues: { course_id: 0 } });
  const choices = courses.data?.results.filter((c) => !enrolled.includes(c.id)) ?? [];
  const error = form.formState.errors.course_id?.message;
  return (
    <FormDialog
      id="enrol"
      title={`Enrol ${name} in a course`}
      show={show}
      onHide={onHide}
      form={form as unknown as AnyForm}
      save={async ({ course_id }) => {
        const student = await enrol.mutateAsync(Number(course_id));
        notify(`Enrolled in ${student.enrolments.find((e) => e.course_id === Number(course_id))?.title ?? 'the course'}.`);
      }}
      submitLabel="Enrol"
      busyLabel="Enrolling..."
    >
      <TextField
        id="enrol-search"
        label="Find a course"
        type="search"
        wrapperClassName="mb-3"
        maxLength={100}
        placeholder="Title"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      <SelectField
        id="enrol-course"
        label="Course"
        error={error}
        hint={
          courses.isFetching
            ? 'Searching...'
            : courses.isError
              ? adminErrorText(courses.error)
              : `${choices.length} course${choices.length === 1 ? '' : 's'} to choose from`
        }
        {...form.register('course_id', { valueAsNumber: true })}
      >
        <option value={0}>Choose a course</option>
        {choices.map((c) => (
          <option key={c.id} value={c.id}>
            {c.title}
            {c.state === 'published' ? '' : ` (${c.state})`}
          </option>
        ))}
      </SelectField>
      <p className="small text-body-secondary mt-3 mb-0">They can open it at once, as if they had bought it; no order or payment is recorded.</p>
    </FormDialog>
  );
}

type CompValues = z.input<typeof studentCompBodySchema>;

/** Gives N months of membership free (a complimentary membership, extended if they have one). */
export function CompDialog({ studentId, name, show, onHide }: { studentId: number; name: string; show: boolean; onHide: () => void }) {
  const comp = useCompMembership(studentId);
  const form = useForm<CompValues, unknown, FieldValues>({ resolver: zodResolver(studentCompBodySchema), defaultValues: { months: 1 } });
  return (
    <FormDialog
      id="comp"
      title={`Give ${name} a free membership`}
      show={show}
      onHide={onHide}
      form={form as unknown as AnyForm}
      save={async ({ months }) => {
        await comp.mutateAsync(Number(months));
        notify(`Gave ${String(months)} month${Number(months) === 1 ? '' : 's'} of membership.`);
      }}
      submitLabel="Give membership"
      busyLabel="Please wait..."
    >
      <TextField
        id="comp-months"
        label="Months"
        type="number"
        inputMode="numeric"
        min={1}
        max={60}
        step={1}
        error={form.formState.errors.months?.message}
        hint="Between 1 and 60. A complimentary membership they already have is extended; nobody is charged."
        {...form.register('months', { valueAsNumber: true })}
      />
    </FormDialog>
  );
}
