import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { instructorBodySchema, instructorFields, socialFields, socialNetworks, type AdminInstructor } from '../../../shared/site-content';
import { uploadLimits } from '../../../shared/uploads';
import { adminErrorText } from '../../api/admin';
import { siteAdminQueries, useSaveInstructor, useUploadInstructorPhoto } from '../../api/site-admin';
import { EmailField, Field, TextField } from '../../components/form/Field';
import { FormAlert } from '../../components/form/FormAlert';
import { SubmitButton } from '../../components/form/SubmitButton';
import { ErrorState } from '../../components/States';
import { FileUpload } from '../components/FileUpload';
import { notify } from '../components/notify';
import { CardSkeleton } from '../components/ui';
import { useStudioSubmit } from '../components/useStudioSubmit';

const RichTextEditor = lazy(() => import('../components/RichTextEditor'));
type Values = z.input<typeof instructorBodySchema>;

const valuesOf = (i: AdminInstructor | null): Values => ({
  name: i?.name ?? '',
  designation: i?.designation ?? '',
  email: i?.email ?? '',
  bio: i?.bio ?? '',
  facebook_link: i?.facebook_link ?? '',
  linkedin_link: i?.linkedin_link ?? '',
  github_link: i?.github_link ?? '',
  youtube_link: i?.youtube_link ?? '',
  instagram_link: i?.instagram_link ?? '',
});

/** The instructor the home page and every course page show: name, designation, photo, bio and social links. */
export function InstructorCard() {
  const instructor = useQuery(siteAdminQueries.instructor());
  if (instructor.isPending) return <CardSkeleton label="Loading the instructor profile" />;
  if (instructor.isError) return <ErrorState message={adminErrorText(instructor.error)} onRetry={() => void instructor.refetch()} />;
  return <InstructorForm instructor={instructor.data} />;
}

function InstructorForm({ instructor }: { instructor: AdminInstructor | null }) {
  const save = useSaveInstructor();
  const photo = useUploadInstructorPhoto();
  const form = useForm<Values, unknown, z.output<typeof instructorBodySchema>>({
    resolver: zodResolver(instructorBodySchema),
    defaultValues: valuesOf(instructor),
  });
  const {
    register,
    control,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = form;
  useEffect(() => reset(valuesOf(instructor), { keepDirtyValues: true }), [instructor, reset]);
  const { formError, submit } = useStudioSubmit(form, instructorFields, async (values) => {
    await save.mutateAsync(values);
    notify('Instructor profile saved.');
  });

  return (
    <section className="studio-card p-3 p-md-4 mb-3" aria-labelledby="settings-instructor">
      <h2 id="settings-instructor" className="h5 mb-1">
        Instructor
      </h2>
      <p className="small text-body-secondary mb-3">Shown on the home page and beside every course.</p>
      <div className="d-flex flex-wrap align-items-start gap-3 mb-3">
        <img
          src={instructor?.profile_picture ?? '/media/instructor.svg'}
          alt={instructor ? `Photo of ${instructor.name}` : 'Default instructor picture'}
          width={96}
          height={96}
          className="rounded-circle border object-fit-cover flex-shrink-0"
        />
        <div className="flex-grow-1" style={{ minWidth: 0, flexBasis: 220 }}>
          <FileUpload
            id="instructor-photo"
            label="Photo"
            kind="image"
            field="image"
            hint={`A square crop is stored (600×600). Up to ${uploadLimits.imageBytes / (1024 * 1024)} MB.`}
            upload={async (file, onProgress) => {
              await photo.mutateAsync({ file, onProgress });
              notify('Photo saved.');
            }}
          />
        </div>
      </div>
      <form onSubmit={(e) => void submit(e)} noValidate aria-label="Instructor profile">
        {formError && <FormAlert kind="error">{formError}</FormAlert>}
        <div className="row g-3 mb-3">
          <TextField id="instructor-name" label="Name" wrapperClassName="col-12 col-md-6" maxLength={100} error={errors.name?.message} {...register('name')} />
          <TextField
            id="instructor-designation"
            label="Designation"
            wrapperClassName="col-12 col-md-6"
            maxLength={120}
            error={errors.designation?.message}
            {...register('designation')}
          />
        </div>
        <EmailField id="instructor-email" label="Email" wrapperClassName="mb-3" error={errors.email?.message} {...register('email')} />
        <Controller
          control={control}
          name="bio"
          render={({ field }) => (
            <Field id="instructor-bio" label={<span id="instructor-bio-label">Bio</span>} error={errors.bio?.message} wrapperClassName="mb-3">
              <Suspense
                fallback={
                  <div className="placeholder-glow">
                    <span className="placeholder col-12" style={{ height: '8rem', opacity: 0.2 }} />
                  </div>
                }
              >
                <RichTextEditor
                  id="instructor-bio"
                  labelledBy="instructor-bio-label"
                  value={field.value ?? ''}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  invalid={Boolean(errors.bio)}
                />
              </Suspense>
            </Field>
          )}
        />
        <fieldset>
          <legend className="form-label fs-6 mb-2">Social links (optional)</legend>
          <div className="row g-3 mb-3">
            {socialFields.map((name) => (
              <TextField
                key={name}
                id={`instructor-${name}`}
                type="url"
                inputMode="url"
                label={socialNetworks[name].label}
                placeholder={`https://${socialNetworks[name].hosts[0]}/…`}
                wrapperClassName="col-12 col-md-6"
                maxLength={300}
                error={errors[name]?.message}
                {...register(name)}
              />
            ))}
          </div>
        </fieldset>
        <div className="d-flex flex-wrap gap-2">
          <SubmitButton busy={isSubmitting} busyLabel="Saving..." disabled={!isDirty}>
            Save profile
          </SubmitButton>
          <button type="button" className="btn btn-light border" disabled={!isDirty || isSubmitting} onClick={() => reset(valuesOf(instructor))}>
            Discard changes
          </button>
        </div>
      </form>
    </section>
  );
}
