import { useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { categoryBodySchema } from '../../../shared/admin';
import { adminErrorText, useCreateCategory, type Category } from '../../api/admin';
import { SelectField } from '../../components/form/Field';
import { SubmitButton } from '../../components/form/SubmitButton';
import { slugify } from './VideoUrlField';

/**
 * The category select, with a small form to add one (checked with the contract's schema). The select
 * is controlled (`value`, the form's category_id): its options change once the list arrives (the
 * course's own category, listed alone until then, is replaced by the list's option), and a select
 * left to the browser then falls back to its first option, 'Choose a category'.
 */
export function CategoryPicker({
  categories,
  current,
  value,
  error,
  registration,
  onCreated,
}: {
  categories: Category[] | undefined;
  /** The course's category, listed even before the list arrives (so the select shows it). */
  current?: { id: number; category_name: string };
  /** The form's category_id (watched). */
  value: number | undefined;
  error?: string;
  registration: UseFormRegisterReturn;
  onCreated: (id: number) => void;
}) {
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState('');
  const [addError, setAddError] = useState<string | null>(null);
  const create = useCreateCategory();
  const add = async () => {
    const parsed = categoryBodySchema.safeParse({ category_name: name, slug: slugify(name) });
    if (!parsed.success) return setAddError(parsed.error.issues[0]?.message ?? 'Check the name.');
    try {
      const category = await create.mutateAsync(parsed.data);
      onCreated(category.id);
      setAdding(false);
      setName('');
      setAddError(null);
    } catch (err) {
      setAddError(adminErrorText(err));
    }
  };
  return (
    <div className="mb-3">
      <SelectField id="course-category" label="Category" error={error} {...registration} value={value ?? ''}>
        <option value="">Choose a category</option>
        {current && !categories?.some((c) => c.id === current.id) && <option value={current.id}>{current.category_name}</option>}
        {categories?.map((c) => (
          <option key={c.id} value={c.id}>
            {c.category_name}
          </option>
        ))}
      </SelectField>
      {adding ? (
        <div className="mt-2">
          <label htmlFor="new-category" className="form-label small mb-1">
            New category
          </label>
          <div className="input-group">
            <input
              id="new-category"
              className={`form-control${addError ? ' is-invalid' : ''}`}
              value={name}
              maxLength={80}
              onChange={(e) => setName(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  void add();
                }
              }}
              aria-describedby={addError ? 'new-category-error' : undefined}
            />
            <SubmitButton type="button" busy={create.isPending} className="btn btn-outline-primary" onClick={() => void add()}>
              Add
            </SubmitButton>
            <button type="button" className="btn btn-outline-secondary" onClick={() => setAdding(false)}>
              Cancel
            </button>
          </div>
          {addError && (
            <div id="new-category-error" className="invalid-feedback d-block">
              {addError}
            </div>
          )}
        </div>
      ) : (
        <button type="button" className="btn btn-link btn-sm px-0" onClick={() => setAdding(true)}>
          <i className="bi bi-plus me-1" aria-hidden="true" />
          New category
        </button>
      )}
    </div>
  );
}
