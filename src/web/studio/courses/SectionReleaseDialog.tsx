import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import Modal from 'react-bootstrap/Modal';
import { FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { sectionPatchSchema } from '../../../shared/admin';
import { useSetSectionRelease } from '../../api/admin';
import { FormAlert } from '../../components/form/FormAlert';
import { SubmitButton } from '../../components/form/SubmitButton';
import { notify } from '../components/notify';
import { useStudioSubmit } from '../components/useStudioSubmit';
import type { CurriculumSection } from './LessonRow';
import { ReleaseFields } from './ReleaseFields';

type Values = z.input<typeof sectionPatchSchema>;
const serverFields = ['available_after_days', 'available_from'] as const;
const valuesOf = (section: CurriculumSection | null): Values => ({
  available_after_days: section?.available_after_days ?? null,
  available_from: section?.available_from ?? null,
});

/** A section's 'Release': when its lessons open for each student (checked with the contract's sectionPatchSchema). */
export function SectionReleaseDialog({ section, label, onHide }: { section: CurriculumSection | null; label: string; onHide: () => void }) {
  const save = useSetSectionRelease();
  const form = useForm<Values, unknown, z.output<typeof sectionPatchSchema>>({ resolver: zodResolver(sectionPatchSchema), defaultValues: valuesOf(section) });
  const {
    reset,
    formState: { isSubmitting },
  } = form;
  const { formError, clearFormError, submit } = useStudioSubmit(form, serverFields, async (values) => {
    if (!section) return;
    await save.mutateAsync({
      id: section.id,
      body: { available_after_days: values.available_after_days ?? null, available_from: values.available_from ?? null },
    });
    notify('Section release saved.');
    onHide();
  });
  useEffect(() => {
    reset(valuesOf(section));
    clearFormError();
  }, [section, reset, clearFormError]);

  return (
    <FormProvider {...form}>
      <Modal show={section !== null} onHide={isSubmitting ? () => undefined : onHide} aria-labelledby="section-release-title" backdrop="static">
        <form onSubmit={(e) => void submit(e)} noValidate aria-labelledby="section-release-title">
          <Modal.Header closeButton closeLabel="Close">
            <Modal.Title id="section-release-title" as="h2" className="h5 mb-0 text-break">
              Release of {label}
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            {formError && <FormAlert kind="error">{formError}</FormAlert>}
            <ReleaseFields idPrefix="section" subject="section" />
          </Modal.Body>
          <Modal.Footer>
            <button type="button" className="btn btn-outline-secondary" onClick={onHide} disabled={isSubmitting}>
              Cancel
            </button>
            <SubmitButton busy={isSubmitting} busyLabel="Saving...">
              Save release
            </SubmitButton>
          </Modal.Footer>
        </form>
      </Modal>
    </FormProvider>
  );
}
