import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import Modal from 'react-bootstrap/Modal';
import { figureLabels, type FigureField } from '../../../shared/figures';
import { setupMessages, type DemoContent, type DemoRemoval } from '../../../shared/setup';
import { adminErrorText } from '../../api/admin';
import { setupQueries, useRemoveDemoContent } from '../../api/adminSetup';
import { ApiError } from '../../api/client';
import { FormAlert } from '../../components/form/FormAlert';
import { SubmitButton } from '../../components/form/SubmitButton';
import { notify } from '../components/notify';
import { CardSkeleton } from '../components/ui';

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** A figure's setting as the Settings page names it ('Home: Online Courses'). */
export function figureName(field: string): string {
  const known = figureLabels[field as FigureField] as (typeof figureLabels)[FigureField] | undefined;
  if (!known) return field.replace(/_/g, ' ');
  return `${field.startsWith('home_') ? 'Home' : 'Subscribe page'}: ${known.label}`;
}

/** How many rows a removal deletes, counted as the checklist counts them. */
export function removalCount(r: DemoRemoval): number {
  return (
    r.courses.length +
    r.categories.length +
    (r.instructor ? 1 : 0) +
    r.testimonials.length +
    r.plans.length +
    r.coupons.length +
    r.roadmap_steps +
    r.students.accounts +
    r.figures.length
  );
}

function Group({ title, items }: { title: string; items: readonly string[] }) {
  if (items.length === 0) return null;
  return (
    <li className="mb-2">
      <span className="fw-semibold">
        {title} ({items.length})
      </span>
      <span className="d-block text-body-secondary text-break">{items.join(', ')}</span>
    </li>
  );
}

/** What the removal deletes, each row by name, as GET /admin/demo-content/ answered it. */
export function RemovalList({ remove: r }: { remove: DemoRemoval }) {
  const s = r.students;
  const studentsWith = [
    s.enrolments && plural(s.enrolments, 'enrolment'),
    s.reviews && plural(s.reviews, 'review'),
    s.submissions && plural(s.submissions, 'project hand-in'),
    s.letters && plural(s.letters, 'letter'),
  ].filter(Boolean);
  const lines: ReactNode[] = [
    <Group key="courses" title="Courses" items={r.courses.map((c) => c.name)} />,
    <Group key="categories" title="Categories" items={r.categories.map((c) => c.name)} />,
    <Group key="plans" title="Membership plans" items={r.plans.map((p) => p.name)} />,
    <Group key="coupons" title="Coupons" items={r.coupons.map((c) => c.name)} />,
    <Group key="testimonials" title="Testimonials" items={r.testimonials.map((t) => t.name)} />,
  ];
  return (
    <ul className="list-unstyled small mb-0 demo-removal-list">
      {lines}
      {r.instructor && (
        <li className="mb-2">
          <span className="fw-semibold">Instructor profile</span>
          <span className="d-block text-body-secondary">
            {r.instructor.action === 'delete'
              ? `${r.instructor.name}, the demo's instructor, is deleted.`
              : `${r.instructor.name}, the demo's instructor, becomes a blank profile in your name (a course you keep still shows it).`}
          </span>
        </li>
      )}
      {s.accounts > 0 && (
        <li className="mb-2">
          <span className="fw-semibold">Demo students ({s.accounts})</span>
          <span className="d-block text-body-secondary">Their accounts{studentsWith.length ? `, with ${studentsWith.join(', ')}` : ''}.</span>
        </li>
      )}
      {r.roadmap_steps > 0 && (
        <li className="mb-2">
          <span className="fw-semibold">Roadmap</span>
          <span className="d-block text-body-secondary">{plural(r.roadmap_steps, 'step')}.</span>
        </li>
      )}
      {r.figures.length > 0 && (
        <li className="mb-2">
          <span className="fw-semibold">The demo&apos;s figures ({r.figures.length})</span>
          <span className="d-block text-body-secondary">
            {r.figures.map(figureName).join(', ')}: each then shows what your database knows, until you set your own in Settings.
          </span>
        </li>
      )}
    </ul>
  );
}

function KeptList({ keep }: { keep: DemoContent['keep'] }) {
  if (keep.length === 0) return null;
  return (
    <div className="mt-3 p-2 px-3 rounded bg-body-tertiary small">
      <p className="fw-semibold mb-1">Kept ({keep.length})</p>
      <ul className="mb-0 ps-3">
        {keep.map((k) => (
          <li key={`${k.kind}-${k.id ?? k.name}`}>
            <span className="text-break">{k.name}</span>: <span className="text-body-secondary">{k.reason}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * 'Remove the demo content': shows exactly what will be deleted (and what stays, and why), then
 * removes it with the preview's token. If the demo changed since (409), the new preview is loaded
 * and the instructor confirms again.
 */
export function DemoRemovalDialog({ show, onHide }: { show: boolean; onHide: () => void }) {
  const preview = useQuery({ ...setupQueries.demoContent(), enabled: show });
  const remove = useRemoveDemoContent();
  const [error, setError] = useState<string | null>(null);
  const { reset } = remove;
  useEffect(() => {
    if (show) {
      setError(null);
      reset();
    }
  }, [show, reset]);

  const busy = remove.isPending;
  const data = preview.data;
  const confirm = async () => {
    if (!data) return;
    setError(null);
    try {
      const result = await remove.mutateAsync(data.token);
      notify(`Removed the demo content (${plural(removalCount(result.removed), 'item')}).`);
      onHide();
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) {
        setError(setupMessages.demoChanged);
        void preview.refetch();
      } else setError(adminErrorText(err));
    }
  };

  return (
    <Modal show={show} onHide={busy ? () => undefined : onHide} centered scrollable aria-labelledby="demo-removal-title">
      <Modal.Header closeButton={!busy} closeLabel="Cancel">
        <Modal.Title id="demo-removal-title" as="h2" className="h5 mb-0">
          Remove the demo content?
        </Modal.Title>
      </Modal.Header>
      {/* The list scrolls inside the dialog: focusable, so a keyboard can scroll it too. */}
      <Modal.Body tabIndex={0} aria-label="What will be removed" role="region">
        {error && <FormAlert kind="error">{error}</FormAlert>}
        {preview.isError ? (
          <FormAlert kind="error">
            What would be removed could not be loaded: {adminErrorText(preview.error)}{' '}
            <button type="button" className="btn btn-link p-0 align-baseline" onClick={() => void preview.refetch()}>
              Try again
            </button>
          </FormAlert>
        ) : !data || (preview.isFetching && error) ? (
          <CardSkeleton lines={6} label="Loading what will be removed" />
        ) : data.empty ? (
          <>
            <p className="mb-0">There is no demo content left to remove.</p>
            <KeptList keep={data.keep} />
          </>
        ) : (
          <>
            <p>
              This deletes the demo catalog and everything below, for good. Nothing anyone bought, enrolled in or handed in is touched: your own courses, orders
              and students stay.
            </p>
            <RemovalList remove={data.remove} />
            <KeptList keep={data.keep} />
          </>
        )}
      </Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-outline-secondary" onClick={onHide} disabled={busy}>
          {data?.empty ? 'Close' : 'Cancel'}
        </button>
        {data && !data.empty && (
          <SubmitButton
            type="button"
            className="btn btn-danger"
            busy={busy}
            busyLabel="Removing..."
            disabled={preview.isFetching}
            onClick={() => void confirm()}
          >
            Delete the demo content
          </SubmitButton>
        )}
      </Modal.Footer>
    </Modal>
  );
}
