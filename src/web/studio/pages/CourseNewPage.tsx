import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { courseBodySchema } from '../../../shared/admin';
import { adminQueries, useCreateCourse } from '../../api/admin';
import { Breadcrumb } from '../../components/Breadcrumb';
import { FormAlert } from '../../components/form/FormAlert';
import { SubmitButton } from '../../components/form/SubmitButton';
import { PageHeader, useStudioTitle } from '../components/ui';
import { useStudioSubmit } from '../components/useStudioSubmit';
import { slugify } from '../components/VideoUrlField';
import { CourseBasicsFields } from '../courses/CourseBasicsFields';

type Values = z.input<typeof courseBodySchema>;
const serverFields = ['title', 'subtitle', 'slug', 'course_type', 'complexity', 'category_id', 'language'] as const;

/** /admin/courses/new: the few fields a course needs to exist (as a draft); the rest in the editor. */
export default function CourseNewPage() {
  useStudioTitle('New course');
  const navigate = useNavigate();
  const create = useCreateCourse();
  const categories = useQuery(adminQueries.categories());
  const [slugTouched, setSlugTouched] = useState(false);
  const form = useForm<Values, unknown, z.output<typeof courseBodySchema>>({
    resolver: zodResolver(courseBodySchema),
    defaultValues: { title: '', subtitle: '', slug: '', course_type: 'paid', complexity: 'Beginner', language: 'English' },
  });
  const {
    register,
    setValue,
    watch,
    formState: { errors, isSubmitting, isSubmitted },
  } = form;

  const { formError, submit } = useStudioSubmit(form, serverFields, async (values) => {
    const course = await create.mutateAsync(values);
    void navigate(`/admin/courses/${course.id}?tab=curriculum`, { replace: true });
  });

  return (
    <div style={{ maxWidth: 720 }}>
      <PageHeader title="New course">
        <Breadcrumb trail={[{ label: 'Courses', to: '/admin/courses' }]} current="New course" className="small mb-1" />
      </PageHeader>
      <form className="studio-card p-3 p-md-4" onSubmit={(e) => void submit(e)} noValidate aria-label="New course">
        {formError && <FormAlert kind="error">{formError}</FormAlert>}
        <CourseBasicsFields
          register={register}
          errors={errors}
          slugHint={`/courses/${watch('slug') || '...'}`}
          // The title fills the address: checked again as a typed one is once the form was submitted (so its old error goes).
          onTitleChange={(e) => !slugTouched && setValue('slug', slugify(e.target.value), { shouldValidate: isSubmitted })}
          onSlugChange={() => setSlugTouched(true)}
          categories={categories.data}
          categoryId={watch('category_id')}
          onCategoryCreated={(id) => setValue('category_id', id, { shouldValidate: true })}
        />
        <SubmitButton busy={isSubmitting} busyLabel="Creating..." className="btn btn-primary mt-2">
          Create draft
        </SubmitButton>
      </form>
    </div>
  );
}
