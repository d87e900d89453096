import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { courseBodySchema } from '../../../shared/admin';
import { adminErrorText, adminQueries, useCreateCourse } from '../../api/admin';
import { Breadcrumb } from '../../components/Breadcrumb';
import { SelectField, TextField } from '../../components/form/Field';
import { FormAlert } from '../../components/form/FormAlert';
import { SubmitButton } from '../../components/form/SubmitButton';
import { showServerFieldErrors } from '../../lib/forms';
import { CategoryPicker } from '../components/CategoryPicker';
import { PageHeader, useStudioTitle } from '../components/ui';
import { slugify } from '../components/VideoUrlField';

type Values = z.input<typeof courseBodySchema>;
const serverFields = ['title', 'subtitle', 'slug', 'course_type', 'complexity', 'category_id', 'language'] as const;

/** /admin/courses/new: the few fields a course needs to exist (as a draft); the rest in the editor. */
export default function CourseNewPage() {
  useStudioTitle('New course');
  const navigate = useNavigate();
  const create = useCreateCourse();
  const categories = useQuery(adminQueries.categories());
  const [slugTouched, setSlugTouched] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, z.output<typeof courseBodySchema>>({
    resolver: zodResolver(courseBodySchema),
    defaultValues: { title: '', subtitle: '', slug: '', course_type: 'paid', complexity: 'Beginner', language: 'English' },
  });
  const titleField = register('title', { onChange: (e: { target: { value: string } }) => !slugTouched && setValue('slug', slugify(e.target.value)) });

  const send = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const course = await create.mutateAsync(values);
      void navigate(`/admin/courses/${course.id}?tab=curriculum`, { replace: true });
    } catch (error) {
      if (showServerFieldErrors(error, setError, serverFields).length === 0) setFormError(adminErrorText(error));
    }
  });

  return (
    <div style={{ maxWidth: 720 }}>
      <PageHeader title="New course">
        <Breadcrumb trail={[{ label: 'Courses', to: '/admin/courses' }]} current="New course" className="small mb-1" />
      </PageHeader>
      <form className="studio-card p-3 p-md-4" onSubmit={(e) => void send(e)} noValidate aria-label="New course">
        {formError && <FormAlert kind="error">{formError}</FormAlert>}
        <TextField id="course-title" label="Title" wrapperClassName="mb-3" maxLength={200} error={errors.title?.message} {...titleField} />
        <TextField id="course-subtitle" label="Subtitle" wrapperClassName="mb-3" maxLength={300} error={errors.subtitle?.message} {...register('subtitle')} />
        <TextField
          id="course-slug"
          label="Address"
          wrapperClassName="mb-3"
          maxLength={120}
          hint={`/courses/${watch('slug') || '...'}`}
          error={errors.slug?.message}
          {...register('slug', { onChange: () => setSlugTouched(true) })}
        />
        <div className="row g-3 mb-3">
          <SelectField id="course-type" label="Type" wrapperClassName="col-12 col-sm-4" error={errors.course_type?.message} {...register('course_type')}>
            <option value="paid">Paid</option>
            <option value="free">Free</option>
          </SelectField>
          <SelectField id="course-complexity" label="Level" wrapperClassName="col-12 col-sm-4" error={errors.complexity?.message} {...register('complexity')}>
            <option>Beginner</option>
            <option>Intermediate</option>
            <option>Advanced</option>
          </SelectField>
          <TextField
            id="course-language"
            label="Language"
            wrapperClassName="col-12 col-sm-4"
            maxLength={40}
            error={errors.language?.message}
            {...register('language')}
          />
        </div>
        <CategoryPicker
          categories={categories.data}
          error={errors.category_id?.message}
          registration={register('category_id', { setValueAs: (v: string) => (v === '' ? undefined : Number(v)) })}
          onCreated={(id) => setValue('category_id', id, { shouldValidate: true })}
        />
        <SubmitButton busy={isSubmitting} busyLabel="Creating..." className="btn btn-primary mt-2">
          Create draft
        </SubmitButton>
      </form>
    </div>
  );
}
