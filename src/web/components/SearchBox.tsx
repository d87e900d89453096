import './search-box.scss';

export interface SearchBoxProps {
  id: string;
  /** The visually hidden label, also the placeholder unless one is given. */
  label: string;
  placeholder?: string;
  value: string;
  onChange: (value: string) => void;
  /** Width and spacing of the box ('order-search mb-3'). */
  className?: string;
  small?: boolean;
}

/** A search input with its magnifier and a label for screen readers; filters as the visitor types. */
export function SearchBox({ id, label, placeholder = label, value, onChange, className = '', small = false }: SearchBoxProps) {
  return (
    <div className={`search-box ${className}`}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <i className="bi bi-search" aria-hidden="true" />
      <input
        id={id}
        type="search"
        className={`form-control${small ? ' form-control-sm' : ''}`}
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoComplete="off"
      />
    </div>
  );
}
