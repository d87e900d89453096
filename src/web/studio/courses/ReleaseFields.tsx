import type { Release } from '../../../shared/admin';
import { releaseSummary } from '../../lib/release';
import { Controller, useFormContext } from 'react-hook-form';

type Mode = 'now' | 'days' | 'date';

/** The form's schedule fields: a number (NaN while the box is empty) or a date string ('' while empty), null when unused. */
type ReleaseValues = { available_after_days?: number | null; available_from?: string | null };

/** What the fields say: days when a number is being typed, a date when one is being picked, else at once. */
const modeOf = (values: ReleaseValues): Mode => (values.available_after_days != null ? 'days' : values.available_from != null ? 'date' : 'now');

/** A week from today, as the date picker's first suggestion. */
const nextWeek = () => new Date(Date.now() + 7 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

/**
 * 'Release': when a lesson or a section opens for each student. Open immediately, N days after the
 * student's access began (0..3650), or on a fixed date. It edits the form's `available_after_days`
 * and `available_from`, which the contract's schema (lessonBodySchema, sectionPatchSchema) checks:
 * an empty number or date is refused with its message, never saved as 'immediately'.
 */
export function ReleaseFields({ idPrefix, subject, preview = false }: { idPrefix: string; subject: 'lesson' | 'section'; preview?: boolean }) {
  const { control, watch, setValue, clearErrors, formState } = useFormContext<ReleaseValues>();
  const mode = modeOf({ available_after_days: watch('available_after_days'), available_from: watch('available_from') });
  const daysError = formState.errors.available_after_days?.message;
  const dateError = formState.errors.available_from?.message;
  const hintId = `${idPrefix}-release-help`;

  const choose = (next: Mode) => {
    if (next === mode) return;
    const options = { shouldDirty: true } as const;
    setValue('available_after_days', next === 'days' ? 7 : null, options);
    setValue('available_from', next === 'date' ? nextWeek() : null, options);
    clearErrors(['available_after_days', 'available_from']);
  };
  const radio = (value: Mode, label: string) => (
    <div className="form-check">
      <input
        className="form-check-input"
        type="radio"
        name={`${idPrefix}-release`}
        id={`${idPrefix}-release-mode-${value}`}
        checked={mode === value}
        onChange={() => choose(value)}
      />
      <label className="form-check-label" htmlFor={`${idPrefix}-release-mode-${value}`}>
        {label}
      </label>
    </div>
  );

  return (
    <fieldset className="release-fields mb-3" aria-describedby={hintId}>
      <legend className="form-label fs-6 mb-1">Release</legend>
      <p id={hintId} className="form-text mt-0 mb-2">
        {subject === 'section'
          ? "When this section's lessons open for each student. A lesson with its own schedule opens at the later of the two."
          : 'When this lesson opens for each student. Its section may hold it back longer: the later date wins.'}
        {preview && ' A free preview is open to everyone, whatever its schedule.'}
      </p>
      {radio('now', 'Immediately')}
      {radio('days', 'A number of days after the student’s access began')}
      {mode === 'days' && (
        <Controller
          control={control}
          name="available_after_days"
          render={({ field }) => (
            <div className="release-fields-detail">
              <div className="input-group">
                <input
                  ref={field.ref}
                  id={`${idPrefix}-release-days`}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={3650}
                  step={1}
                  className={`form-control${daysError ? ' is-invalid' : ''}`}
                  aria-invalid={daysError ? true : undefined}
                  aria-describedby={daysError ? `${idPrefix}-release-days-error` : `${idPrefix}-release-days-help`}
                  value={field.value == null || Number.isNaN(field.value) ? '' : field.value}
                  onChange={(e) => field.onChange(e.target.value === '' ? Number.NaN : Number(e.target.value))}
                  onBlur={field.onBlur}
                />
                <label className="input-group-text" htmlFor={`${idPrefix}-release-days`}>
                  days after access began
                </label>
              </div>
              {daysError ? (
                <div id={`${idPrefix}-release-days-error`} className="invalid-feedback d-block">
                  {daysError}
                </div>
              ) : (
                <div id={`${idPrefix}-release-days-help`} className="form-text">
                  Counted from the student&apos;s enrolment, purchase or membership start. 0 opens it at once.
                </div>
              )}
            </div>
          )}
        />
      )}
      {radio('date', 'On a fixed date')}
      {mode === 'date' && (
        <Controller
          control={control}
          name="available_from"
          render={({ field }) => (
            <div className="release-fields-detail">
              <label className="visually-hidden" htmlFor={`${idPrefix}-release-date`}>
                Opens on
              </label>
              <input
                ref={field.ref}
                id={`${idPrefix}-release-date`}
                type="date"
                className={`form-control${dateError ? ' is-invalid' : ''}`}
                aria-invalid={dateError ? true : undefined}
                aria-describedby={dateError ? `${idPrefix}-release-date-error` : `${idPrefix}-release-date-help`}
                value={field.value ?? ''}
                onChange={(e) => field.onChange(e.target.value)}
                onBlur={field.onBlur}
              />
              {dateError ? (
                <div id={`${idPrefix}-release-date-error`} className="invalid-feedback d-block">
                  {dateError}
                </div>
              ) : (
                <div id={`${idPrefix}-release-date-help`} className="form-text">
                  Opens for every student at 00:00 UTC that day (and at once for those who join later).
                </div>
              )}
            </div>
          )}
        />
      )}
    </fieldset>
  );
}

/** The schedule in the curriculum list: 'Day 7' or 'From Jan 3', nothing when the lesson or section opens at once. */
export function ReleaseBadge({ release }: { release: Release }) {
  const summary = releaseSummary(release);
  if (!summary) return null;
  return (
    <span className="badge rounded-pill text-bg-light border release-badge" title={summary.description}>
      <i className="bi bi-calendar-event me-1" aria-hidden="true" />
      {summary.label}
      <span className="visually-hidden">: {summary.description}</span>
    </span>
  );
}
