import { useQuery } from '@tanstack/react-query';
import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import type { siteSettingsBodySchema, SiteSettings } from '../../../shared/admin';
import type { AdminFigures } from '../../../shared/admin';
import { defaultTestimonials, figureLabels, homeFigureFields, subscribeFigureFields, type FigureField } from '../../../shared/figures';
import { adminQueries } from '../../api/admin';
import { FieldError, TextField } from '../../components/form/Field';

type Values = z.input<typeof siteSettingsBodySchema>;
type Form = UseFormReturn<Values, unknown, z.output<typeof siteSettingsBodySchema>>;

const homeIcons: Record<(typeof homeFigureFields)[number], string> = {
  home_stat_courses: 'bi-collection-play',
  home_stat_rating: 'bi-star',
  home_stat_students: 'bi-people',
  home_stat_letters: 'bi-award',
};

/** What the database knows behind a figure ('12 published courses'), for its hint. */
export function factText(field: FigureField, facts: AdminFigures['facts'] | undefined): string | null {
  if (!facts) return null;
  const n = (v: number, one: string, many = `${one}s`) => `${v.toLocaleString('en-US')} ${v === 1 ? one : many}`;
  switch (field) {
    case 'home_stat_courses':
    case 'subscribe_stat_courses':
      return n(facts.published_courses, 'published course');
    case 'home_stat_rating':
    case 'subscribe_stat_rating':
      return facts.average_rating === null ? 'no ratings yet' : `${facts.average_rating.toFixed(2)} from ${n(facts.ratings, 'rating')}`;
    case 'home_stat_students':
    case 'subscribe_stat_students':
      return n(facts.students, 'student');
    case 'home_stat_letters':
      return n(facts.letters, 'letter issued', 'letters issued');
    case 'subscribe_stat_hours':
      return n(facts.hours, 'hour of lessons', 'hours of lessons');
    case 'subscribe_stat_success':
      return null;
  }
}

/** The hint under a figure: what shows while it is empty, and where the value in force comes from. */
export function figureHint(field: FigureField, defaults: AdminFigures | undefined, source: SiteSettings['sources'][FigureField]): string {
  const computed = defaults?.computed[field];
  const fact = factText(field, defaults?.facts);
  const empty = !defaults
    ? 'Empty: what your database knows.'
    : computed
      ? `Empty: ${computed}${fact ? ` (${fact})` : ''}.`
      : `Empty: hidden${fact ? ` (${fact})` : ''}.`;
  return source === 'demo' ? `The demo's figure. ${empty}` : empty;
}

function FigureInput({ form, field, defaults, settings }: { form: Form; field: FigureField; defaults: AdminFigures | undefined; settings: SiteSettings }) {
  const id = `settings-${field}`;
  const value = form.watch(field) ?? '';
  const error = form.formState.errors[field]?.message;
  const placeholder = defaults ? (defaults.computed[field] ?? 'Hidden') : '';
  return (
    <div className="col-6 col-md-4 col-lg-3 figure-field">
      <label htmlFor={id} className="form-label mb-1">
        {figureLabels[field].label}
      </label>
      <div className="input-group input-group-sm">
        <input
          id={id}
          type="text"
          maxLength={12}
          placeholder={placeholder}
          className={`form-control${error ? ' is-invalid' : ''}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${error ? `${id}-error ` : ''}${id}-help`}
          {...form.register(field)}
        />
        {value !== '' && (
          <button
            type="button"
            className="btn btn-outline-secondary"
            onClick={() => form.setValue(field, '', { shouldDirty: true, shouldValidate: true })}
            aria-label={`Use the default for ${figureLabels[field].label}`}
            title="Use the default"
          >
            <i className="bi bi-x-lg" aria-hidden="true" />
          </button>
        )}
      </div>
      <FieldError id={id} message={error} />
      <div id={`${id}-help`} className="form-text">
        {figureHint(field, defaults, settings.sources[field])}
      </div>
    </div>
  );
}

/**
 * The home page's stats strip, the subscribe page's claims and the testimonials' wording: each
 * field empty shows what the database knows (the default, as its placeholder), typed it overrides
 * it; the x clears it back to the default. A preview shows the strip as the home page will.
 */
export function FiguresFields({ form, settings }: { form: Form; settings: SiteSettings }) {
  const defaults = useQuery(adminQueries.figureDefaults()).data;
  const demoFields = [...homeFigureFields, ...subscribeFigureFields].filter((f) => settings.sources[f] === 'demo');
  const shown = (field: FigureField) => {
    const typed = (form.watch(field) ?? '').trim();
    return typed || defaults?.computed[field] || null;
  };
  const clearDemo = () => {
    for (const field of demoFields) form.setValue(field, '', { shouldDirty: true, shouldValidate: true });
  };

  return (
    <section className="studio-card p-3 p-md-4 mb-3" aria-labelledby="settings-figures">
      <h2 id="settings-figures" className="h5 mb-1">
        Home page figures
      </h2>
      <p className="small text-body-secondary mb-3">
        Each figure shows what your database knows, rounded as the home page writes it, unless you type your own. Clear a field to go back to the default.
      </p>
      {demoFields.length > 0 && (
        <div className="alert alert-warning d-flex flex-wrap align-items-center gap-2 py-2 small" role="note">
          <span className="flex-grow-1">
            {demoFields.length === 1 ? '1 figure is' : `${demoFields.length} figures are`} still the demo&apos;s (the spec&apos;s &lsquo;75K+&rsquo;).
          </span>
          <button type="button" className="btn btn-sm btn-light border" onClick={clearDemo}>
            Use my database&apos;s figures
          </button>
        </div>
      )}
      <div className="figures-preview mb-3" aria-label="Preview of the home page's stats strip" role="group">
        {homeFigureFields.map((field) => {
          const value = shown(field);
          return (
            <div key={field} className={`figures-preview-item${value ? '' : ' is-hidden'}`}>
              <i className={`bi ${homeIcons[field]}`} aria-hidden="true" />
              <span>
                <strong>{value ?? '—'}</strong> {figureLabels[field].label}
                {!value && <span className="visually-hidden"> (hidden)</span>}
              </span>
            </div>
          );
        })}
      </div>
      <fieldset className="mb-3">
        <legend className="form-label fs-6 fw-semibold mb-2">Stats strip</legend>
        <div className="row g-3">
          {homeFigureFields.map((field) => (
            <FigureInput key={field} form={form} field={field} defaults={defaults} settings={settings} />
          ))}
        </div>
      </fieldset>
      <fieldset className="mb-3">
        <legend className="form-label fs-6 fw-semibold mb-2">Subscribe page</legend>
        <div className="row g-3">
          {subscribeFigureFields.map((field) => (
            <FigureInput key={field} form={form} field={field} defaults={defaults} settings={settings} />
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend className="form-label fs-6 fw-semibold mb-2">Testimonials</legend>
        <TextField
          id="settings-testimonials_title"
          label="Heading"
          wrapperClassName="mb-3"
          maxLength={80}
          placeholder={defaultTestimonials.testimonials_title}
          hint="Empty: the default shown as the placeholder."
          error={form.formState.errors.testimonials_title?.message}
          {...form.register('testimonials_title')}
        />
        <TextField
          id="settings-testimonials_subtitle"
          label="Line under it"
          maxLength={200}
          placeholder={defaultTestimonials.testimonials_subtitle}
          error={form.formState.errors.testimonials_subtitle?.message}
          {...form.register('testimonials_subtitle')}
        />
      </fieldset>
    </section>
  );
}
