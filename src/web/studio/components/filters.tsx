import { useQuery } from '@tanstack/react-query';
import type { CSSProperties, ReactNode } from 'react';
import { adminQueries } from '../../api/admin';

/** A list's filter bar: a search form that runs `onSubmit` on Enter or its button, never a page load. */
export function ListToolbar({ label, plain, onSubmit, children }: { label?: string; plain?: boolean; onSubmit: () => void; children: ReactNode }) {
  return (
    <form
      className={plain ? 'studio-filters row g-2 align-items-end mb-3' : 'studio-filters studio-card p-3 mb-3 row g-2 mx-0 align-items-end'}
      role="search"
      aria-label={label}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}

/** A filter's column in the bar: its label over its control. */
function Labelled({ id, label, className, children }: { id: string; label: string; className: string; children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      {children}
    </div>
  );
}

/** A select that filters the list as soon as it changes. */
export function FilterSelect({
  id,
  label,
  value,
  onChange,
  options,
  className = 'col-6 col-md-3 col-lg-2',
}: {
  id: string;
  label: string;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  options: readonly (readonly [string, string])[];
  className?: string;
}) {
  return (
    <Labelled id={id} label={label} className={className}>
      <select id={id} className="form-select" value={value ?? ''} onChange={(e) => onChange(e.target.value || undefined)}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </Labelled>
  );
}

/** The search box of a list: applied on Enter or the button. */
export function SearchBox({
  id,
  label = 'Search',
  value,
  onChange,
  placeholder,
  maxLength = 100,
  className = 'col-12 col-lg-4',
}: {
  id: string;
  label?: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  maxLength?: number;
  className?: string;
}) {
  return (
    <Labelled id={id} label={label} className={className}>
      <div className="input-group">
        <input
          id={id}
          className="form-control"
          type="search"
          value={value}
          maxLength={maxLength}
          onChange={(e) => onChange(e.target.value)}
          placeholder={placeholder}
        />
        <button className="btn btn-outline-secondary" type="submit" aria-label="Search">
          <i className="bi bi-search" aria-hidden="true" />
        </button>
      </div>
    </Labelled>
  );
}

/** A typed filter (text or date) kept as a draft until the bar is applied. */
export function FilterInput({
  id,
  label,
  value,
  onChange,
  type = 'text',
  placeholder,
  maxLength,
  className,
}: {
  id: string;
  label: string;
  value: string | undefined;
  onChange: (value: string) => void;
  type?: 'text' | 'search' | 'date';
  placeholder?: string;
  maxLength?: number;
  className: string;
}) {
  return (
    <Labelled id={id} label={label} className={className}>
      <input
        id={id}
        className="form-control"
        type={type}
        maxLength={maxLength}
        placeholder={placeholder}
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value)}
      />
    </Labelled>
  );
}

/** The end of a filter bar: Apply (when the bar has drafts) and Clear. */
export function FilterActions({ apply, onClear, className }: { apply?: string; onClear: () => void; className: string }) {
  return (
    <div className={className}>
      {apply && (
        <button type="submit" className="btn btn-primary">
          {apply}
        </button>
      )}
      <button type="button" className={apply ? 'btn btn-light border' : 'btn btn-light border w-100'} onClick={onClear}>
        Clear
      </button>
    </div>
  );
}

/** The inboxes' course filter (questions, reviews, projects): 'Every course' or one, as the course id. */
export function CourseFilter({
  id,
  value,
  onChange,
  style,
  className,
}: {
  id: string;
  value: number | undefined;
  onChange: (course: string | undefined) => void;
  style: CSSProperties;
  className?: string;
}) {
  const courses = useQuery(adminQueries.courseChoices());
  return (
    <div className={className} style={{ minWidth: 0, ...style }}>
      <label htmlFor={id} className="form-label small mb-1">
        Course
      </label>
      <select id={id} className="form-select form-select-sm" value={value ? String(value) : ''} onChange={(e) => onChange(e.target.value || undefined)}>
        <option value="">Every course</option>
        {courses.data?.map((c) => (
          <option key={c.id} value={c.id}>
            {c.title}
          </option>
        ))}
      </select>
    </div>
  );
}
