import { useState } from 'react';
import type { AdminCourseListItem } from '../../../shared/admin';
import { bundleMessages, type AdminBundle } from '../../../shared/bundles';
import { byRegionOrder, regionCodes } from '../../../shared/regions';
import { FieldError } from '../../components/form/Field';
import { formatMoney } from '../components/ui';
import { currencyOf, separatelyIn, type PricedCourse } from './bundleMoney';

/** Only a published paid course can be sold in a bundle (the server refuses the others). */
export const sellable = (course: { state: string; course_type: string }) => course.state === 'published' && course.course_type === 'paid';

export type CourseChoice = PricedCourse & { state: string; course_type: string };

/** The chosen courses in order: those the studio lists, else what the saved bundle knows of them (a course since deleted or hidden). */
export function chosenCourses(ids: readonly number[], choices: readonly AdminCourseListItem[] | undefined, saved: AdminBundle['courses']): CourseChoice[] {
  return ids.map((id) => {
    const listed = choices?.find((c) => c.id === id);
    if (listed) return listed;
    const known = saved.find((c) => c.id === id);
    return {
      id,
      title: known?.title ?? `Course ${id}`,
      prices: [],
      state: known?.published ? 'published' : 'draft',
      course_type: known?.course_type ?? 'paid',
    };
  });
}

function PriceList({ prices }: { prices: PricedCourse['prices'] }) {
  if (prices.length === 0) return <span className="text-danger">No price</span>;
  return (
    <>
      {[...prices]
        .sort(byRegionOrder)
        .map((p) => formatMoney(p.amount, p.currency))
        .join(' · ')}
    </>
  );
}

/**
 * The bundle's courses: each with its own prices, in the order the storefront shows them (move up or
 * down, remove), what they cost one by one per region, and a picker of the published paid courses not in it yet.
 */
export function BundleCoursesField({
  value,
  onChange,
  choices,
  loading,
  saved,
  error,
}: {
  value: number[];
  onChange: (ids: number[]) => void;
  choices: AdminCourseListItem[] | undefined;
  loading: boolean;
  saved: AdminBundle['courses'];
  error: string | undefined;
}) {
  const [adding, setAdding] = useState('');
  const chosen = chosenCourses(value, choices, saved);
  const addable = (choices ?? []).filter((c) => sellable(c) && !value.includes(c.id));
  const move = (index: number, by: -1 | 1) => {
    const next = [...value];
    [next[index], next[index + by]] = [next[index + by]!, next[index]!];
    onChange(next);
  };
  const add = () => {
    const id = Number(adding);
    if (!id) return;
    onChange([...value, id]);
    setAdding('');
  };

  return (
    <fieldset aria-describedby={`bundle-courses-help${error ? ' bundle-courses-error' : ''}`}>
      <legend className="visually-hidden">Courses in the bundle</legend>
      <p id="bundle-courses-help" className="form-text mt-0 mb-2">
        {value.length < 2
          ? `${bundleMessages.twoCourses} Only published paid courses can be chosen.`
          : `${value.length} courses. Buyers get every one of them; each course keeps its own price when sold alone.`}
      </p>
      {chosen.length > 0 && (
        <ol className="list-unstyled bundle-course-list border rounded mb-3">
          {chosen.map((course, index) => (
            <li key={course.id} className="d-flex flex-wrap align-items-center gap-2 p-2 border-bottom">
              <span className="badge text-bg-light border" aria-hidden="true">
                {index + 1}
              </span>
              <div className="flex-grow-1 min-w-0">
                <div className="fw-semibold text-break">{course.title}</div>
                <div className="small text-body-secondary">
                  <span className="visually-hidden">Its own price: </span>
                  <PriceList prices={course.prices} />
                  {!sellable(course) && <span className="badge text-bg-warning ms-2">{bundleMessages.courseNotPaid}</span>}
                </div>
              </div>
              <div className="btn-group btn-group-sm" role="group" aria-label={`Order of ${course.title}`}>
                <button
                  type="button"
                  className="btn btn-outline-secondary"
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                  aria-label={`Move ${course.title} up`}
                >
                  <i className="bi bi-arrow-up" aria-hidden="true" />
                </button>
                <button
                  type="button"
                  className="btn btn-outline-secondary"
                  disabled={index === chosen.length - 1}
                  onClick={() => move(index, 1)}
                  aria-label={`Move ${course.title} down`}
                >
                  <i className="bi bi-arrow-down" aria-hidden="true" />
                </button>
              </div>
              <button
                type="button"
                className="btn btn-sm btn-outline-danger"
                onClick={() => onChange(value.filter((id) => id !== course.id))}
                aria-label={`Remove ${course.title}`}
              >
                <i className="bi bi-x-lg" aria-hidden="true" />
              </button>
            </li>
          ))}
          <li className="p-2 bg-body-tertiary">
            <span className="small fw-semibold me-2">Bought one by one:</span>
            <span className="small" data-testid="bundle-courses-total">
              {regionCodes
                .map((region) => {
                  const sum = separatelyIn(chosen, region);
                  return sum.total === null ? null : formatMoney(sum.total, currencyOf(region));
                })
                .filter(Boolean)
                .join(' · ') || '—'}
            </span>
          </li>
        </ol>
      )}
      <div className="row g-2 align-items-end">
        <div className="col-12 col-sm">
          <label htmlFor="bundle-add-course" className="form-label small mb-1">
            Add a course
          </label>
          <select id="bundle-add-course" className="form-select" value={adding} onChange={(e) => setAdding(e.target.value)} disabled={loading}>
            <option value="">
              {loading ? 'Loading the courses...' : addable.length ? 'Choose a published paid course' : 'Every published paid course is in the bundle'}
            </option>
            {addable.map((c) => (
              <option key={c.id} value={c.id}>
                {c.title}
              </option>
            ))}
          </select>
        </div>
        <div className="col-12 col-sm-auto">
          <button type="button" className="btn btn-outline-primary w-100" onClick={add} disabled={!adding}>
            <i className="bi bi-plus-lg me-1" aria-hidden="true" />
            Add course
          </button>
        </div>
      </div>
      <FieldError id="bundle-courses" message={error} />
    </fieldset>
  );
}
