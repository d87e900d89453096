import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { overviewQuerySchema, type OverviewQuery } from '../../../shared/analytics';
import { lastDays, presetOf, PRESETS } from './range';

/** Presets (last 7, 30, 90 days) and a custom range, validated with the API's own schema. */
export function RangePicker({ range, onChange }: { range: Required<OverviewQuery>; onChange: (range: Required<OverviewQuery>) => void }) {
  const preset = presetOf(range);
  const [custom, setCustom] = useState(preset === undefined);
  const form = useForm<OverviewQuery>({ resolver: zodResolver(overviewQuerySchema), values: range });
  const errors = form.formState.errors;

  return (
    <div className="studio-card p-3 mb-3">
      <div className="d-flex flex-wrap align-items-center gap-2">
        <div className="btn-group flex-wrap" role="group" aria-label="Date range">
          {PRESETS.map((days) => (
            <button
              key={days}
              type="button"
              className={`btn btn-sm ${!custom && preset === days ? 'btn-primary' : 'btn-outline-primary'}`}
              aria-pressed={!custom && preset === days}
              onClick={() => {
                setCustom(false);
                onChange(lastDays(days));
              }}
            >
              {days} days
            </button>
          ))}
          <button
            type="button"
            className={`btn btn-sm ${custom ? 'btn-primary' : 'btn-outline-primary'}`}
            aria-pressed={custom}
            onClick={() => setCustom(true)}
          >
            Custom
          </button>
        </div>
      </div>
      {custom && (
        <form
          className="row g-2 align-items-end mt-1"
          aria-label="Custom range"
          noValidate
          onSubmit={form.handleSubmit((values) => onChange({ from: values.from ?? range.from, to: values.to ?? range.to }))}
        >
          {(
            [
              ['from', 'From'],
              ['to', 'To'],
            ] as const
          ).map(([name, label]) => (
            <div key={name} className="col-6 col-md-auto">
              <label htmlFor={`overview-${name}`} className="form-label small mb-1">
                {label}
              </label>
              <input
                id={`overview-${name}`}
                type="date"
                className={`form-control form-control-sm ${errors[name] ? 'is-invalid' : ''}`}
                aria-describedby={errors[name] ? `overview-${name}-error` : undefined}
                {...form.register(name)}
              />
              {errors[name] && (
                <div id={`overview-${name}-error`} className="invalid-feedback">
                  {errors[name].message}
                </div>
              )}
            </div>
          ))}
          <div className="col-12 col-md-auto">
            <button type="submit" className="btn btn-sm btn-primary">
              Show range
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
