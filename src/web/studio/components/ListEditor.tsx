import { Controller, type Control, type FieldError, type FieldPath, type FieldValues, type Merge } from 'react-hook-form';

interface ListEditorProps {
  id: string;
  label: string;
  value: string[];
  onChange: (value: string[]) => void;
  errors?: Merge<FieldError, (FieldError | undefined)[]>;
  max?: number;
  placeholder?: string;
}

/** A list of short lines (what you will learn, who it is for): add, edit, remove. */
export function ListEditor({ id, label, value, onChange, errors, max = 20, placeholder }: ListEditorProps) {
  const set = (index: number, text: string) => onChange(value.map((v, i) => (i === index ? text : v)));
  return (
    <fieldset className="mb-3">
      <legend className="form-label fs-6 mb-1">{label}</legend>
      {value.map((item, index) => {
        const error = errors?.[index]?.message;
        const itemId = `${id}-${index}`;
        return (
          <div key={index} className="mb-2">
            <div className="input-group">
              <input
                id={itemId}
                className={`form-control${error ? ' is-invalid' : ''}`}
                value={item}
                maxLength={200}
                placeholder={placeholder}
                aria-label={`${label}, item ${index + 1}`}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${itemId}-error` : undefined}
                onChange={(e) => set(index, e.target.value)}
              />
              <button
                type="button"
                className="btn btn-outline-secondary"
                aria-label={`Remove item ${index + 1}`}
                onClick={() => onChange(value.filter((_, i) => i !== index))}
              >
                <i className="bi bi-x-lg" aria-hidden="true" />
              </button>
            </div>
            {error && (
              <div id={`${itemId}-error`} className="invalid-feedback d-block">
                {error}
              </div>
            )}
          </div>
        );
      })}
      {errors?.message && <div className="invalid-feedback d-block">{errors.message}</div>}
      <button type="button" className="btn btn-sm btn-outline-primary" disabled={value.length >= max} onClick={() => onChange([...value, ''])}>
        <i className="bi bi-plus-lg me-1" aria-hidden="true" />
        Add a line
      </button>
    </fieldset>
  );
}

/** A ListEditor bound to a form's list field. */
export function ListEditorField<T extends FieldValues, C, O extends FieldValues>({
  control,
  name,
  ...props
}: Omit<ListEditorProps, 'value' | 'onChange'> & { control: Control<T, C, O>; name: FieldPath<T> }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => <ListEditor {...props} value={(field.value as string[] | undefined) ?? []} onChange={field.onChange} />}
    />
  );
}
