import type { UseFormRegisterReturn } from 'react-hook-form';
import type { Category } from '../../api/admin';
import { SelectField, TextField } from '../../components/form/Field';
import { CategoryPicker } from '../components/CategoryPicker';

type BasicsField = 'title' | 'subtitle' | 'slug' | 'course_type' | 'complexity' | 'language' | 'category_id';
type Register = (
  name: BasicsField,
  options?: { onChange?: (e: { target: { value: string } }) => void; setValueAs?: (value: string) => number | undefined },
) => UseFormRegisterReturn;

/**
 * A course's basics, the same fields on the new-course page and the editor's details tab; each form
 * brings its own `register` (and so the contract's schema it validates with).
 */
export function CourseBasicsFields({
  register,
  errors,
  slugHint,
  onTitleChange,
  onSlugChange,
  categories,
  currentCategory,
  categoryId,
  onCategoryCreated,
}: {
  register: Register;
  errors: Partial<Record<BasicsField, { message?: string | undefined }>>;
  slugHint: string;
  onTitleChange?: (e: { target: { value: string } }) => void;
  onSlugChange?: () => void;
  categories: Category[] | undefined;
  currentCategory?: { id: number; category_name: string };
  /** The form's category_id, watched: the category select shows it whatever its options do. */
  categoryId: number | undefined;
  onCategoryCreated: (id: number) => void;
}) {
  return (
    <>
      <TextField
        id="course-title"
        label="Title"
        wrapperClassName="mb-3"
        maxLength={200}
        error={errors.title?.message}
        {...register('title', { onChange: onTitleChange })}
      />
      <TextField id="course-subtitle" label="Subtitle" wrapperClassName="mb-3" maxLength={300} error={errors.subtitle?.message} {...register('subtitle')} />
      <TextField
        id="course-slug"
        label="Address"
        wrapperClassName="mb-3"
        maxLength={120}
        hint={slugHint}
        error={errors.slug?.message}
        {...register('slug', { onChange: onSlugChange })}
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
        categories={categories}
        current={currentCategory}
        value={categoryId}
        error={errors.category_id?.message}
        registration={register('category_id', { setValueAs: (v: string) => (v === '' ? undefined : Number(v)) })}
        onCreated={onCategoryCreated}
      />
    </>
  );
}
