import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { coursePatchSchema, type AdminCourse } from '../../../shared/admin';
import { adminQueries, useUpdateCourse } from '../../api/admin';
import { Field, TextAreaField, TextField } from '../../components/form/Field';
import { FormAlert } from '../../components/form/FormAlert';
import { SubmitButton } from '../../components/form/SubmitButton';
import { ListEditorField } from '../components/ListEditor';
import { notify } from '../components/notify';
import { useStudioSubmit } from '../components/useStudioSubmit';
import { VideoUrlField } from '../components/VideoUrlField';
import { CourseBasicsFields } from './CourseBasicsFields';
import { CourseImageCard } from './CourseImageCard';

const RichTextEditor = lazy(() => import('../components/RichTextEditor'));

type Values = z.input<typeof coursePatchSchema>;
const serverFields = [
  'title',
  'subtitle',
  'slug',
  'course_type',
  'complexity',
  'category_id',
  'language',
  'promo_video',
  'course_description',
  'what_you_will_learn',
  'target_audience',
  'seo_title',
  'seo_description',
] as const;

function valuesOf(course: AdminCourse): Values {
  return {
    title: course.title,
    subtitle: course.subtitle,
    slug: course.slug,
    course_type: course.course_type,
    complexity: course.complexity,
    category_id: course.category.id,
    language: course.language,
    promo_video: course.promo_video,
    course_description: course.course_description,
    what_you_will_learn: course.what_you_will_learn,
    target_audience: course.target_audience,
    seo_title: course.seo_title,
    seo_description: course.seo_description,
  };
}

/** Everything about a course except its curriculum and prices (PATCH with the contract's schema). */
export default function CourseDetailsTab({ course }: { course: AdminCourse }) {
  const update = useUpdateCourse(course.id);
  const categories = useQuery(adminQueries.categories());
  const form = useForm<Values, unknown, z.output<typeof coursePatchSchema>>({ resolver: zodResolver(coursePatchSchema), defaultValues: valuesOf(course) });
  const {
    register,
    control,
    reset,
    setValue,
    watch,
    formState: { errors, isSubmitting, isDirty },
  } = form;
  // A write elsewhere on the page (the image upload) refreshes the course: keep what is being edited here.
  useEffect(() => reset(valuesOf(course), { keepDirtyValues: true }), [course, reset]);

  const { formError, submit } = useStudioSubmit(form, serverFields, async (values) => {
    await update.mutateAsync(values);
    notify('Course saved.');
  });
  const seoTitle = watch('seo_title') ?? '';
  const seoDescription = watch('seo_description') ?? '';

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Course details">
      {formError && <FormAlert kind="error">{formError}</FormAlert>}
      <div className="row g-3">
        <div className="col-12 col-xl-8">
          <section className="studio-card p-3 p-md-4 mb-3" aria-labelledby="details-basics">
            <h2 id="details-basics" className="h5 mb-3">
              Basics
            </h2>
            <CourseBasicsFields
              register={register}
              errors={errors}
              slugHint={
                course.old_slugs.length
                  ? `Old addresses that redirect here: ${course.old_slugs.map((s) => `/courses/${s}`).join(', ')}`
                  : 'Changing it keeps the old address redirecting here.'
              }
              categories={categories.data}
              currentCategory={course.category}
              categoryId={watch('category_id')}
              onCategoryCreated={(id) => setValue('category_id', id, { shouldDirty: true, shouldValidate: true })}
            />
            <VideoUrlField
              id="course-promo_video"
              label="Promo video"
              wrapperClassName="mb-1"
              value={watch('promo_video')}
              error={errors.promo_video?.message}
              {...register('promo_video', { setValueAs: (v: string | null) => (v === null || v.trim() === '' ? null : v) })}
            />
          </section>

          <section className="studio-card p-3 p-md-4 mb-3" aria-labelledby="details-description">
            <h2 id="details-description" className="h5 mb-3">
              Description
            </h2>
            <Controller
              control={control}
              name="course_description"
              render={({ field }) => (
                <Field id="course-description" label={<span id="course-description-label">Course description</span>} error={errors.course_description?.message}>
                  <Suspense
                    fallback={
                      <div className="placeholder-glow">
                        <span className="placeholder col-12" style={{ height: '12rem', opacity: 0.2 }} />
                      </div>
                    }
                  >
                    <RichTextEditor
                      id="course-description"
                      labelledBy="course-description-label"
                      value={field.value ?? ''}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      invalid={Boolean(errors.course_description)}
                    />
                  </Suspense>
                </Field>
              )}
            />
          </section>

          <section className="studio-card p-3 p-md-4 mb-3" aria-labelledby="details-outcomes">
            <h2 id="details-outcomes" className="h5 mb-3">
              Outcomes
            </h2>
            <ListEditorField
              control={control}
              name="what_you_will_learn"
              id="course-learn"
              label="What you will learn"
              errors={errors.what_you_will_learn}
              placeholder="Build and deploy a REST API"
            />
            <ListEditorField control={control} name="target_audience" id="course-audience" label="Who it is for" errors={errors.target_audience} />
          </section>
        </div>

        <div className="col-12 col-xl-4">
          <CourseImageCard course={course} />
          <section className="studio-card p-3 p-md-4 mb-3" aria-labelledby="details-seo">
            <h2 id="details-seo" className="h5 mb-3">
              Search engines
            </h2>
            <TextField
              id="course-seo_title"
              label="SEO title"
              wrapperClassName="mb-3"
              maxLength={70}
              hint={`${seoTitle.length}/70 · empty uses the course title`}
              error={errors.seo_title?.message}
              {...register('seo_title')}
            />
            <TextAreaField
              id="course-seo_description"
              label="SEO description"
              rows={4}
              maxLength={170}
              hint={`${seoDescription.length}/170 · empty uses the subtitle`}
              error={errors.seo_description?.message}
              {...register('seo_description')}
            />
          </section>
          <div className="studio-card p-3 d-flex flex-wrap gap-2 align-items-center position-sticky" style={{ top: '4rem' }}>
            <SubmitButton busy={isSubmitting} busyLabel="Saving..." disabled={!isDirty}>
              Save details
            </SubmitButton>
            <button type="button" className="btn btn-outline-secondary" disabled={!isDirty || isSubmitting} onClick={() => reset(valuesOf(course))}>
              Discard changes
            </button>
            {!isDirty && <span className="small text-body-secondary">All changes saved.</span>}
          </div>
        </div>
      </div>
    </form>
  );
}
