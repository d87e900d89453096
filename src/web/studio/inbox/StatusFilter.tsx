export interface StatusOption<V extends string> {
  value: V;
  label: string;
  count?: number | undefined;
}

/** A row of toggle buttons choosing which part of an inbox to show (one pressed at a time). */
export function StatusFilter<V extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: StatusOption<V>[];
  value: V;
  onChange: (value: V) => void;
}) {
  return (
    <div className="btn-group flex-wrap" role="group" aria-label={label}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          className={`btn btn-sm ${option.value === value ? 'btn-primary' : 'btn-outline-secondary'}`}
          aria-pressed={option.value === value}
          onClick={() => onChange(option.value)}
        >
          {option.label}
          {option.count !== undefined && <span className={`badge ms-2 ${option.value === value ? 'text-bg-light' : 'text-bg-secondary'}`}>{option.count}</span>}
        </button>
      ))}
    </div>
  );
}
