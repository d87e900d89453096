import { useId, useLayoutEffect, useRef, useState } from 'react';

const COLLAPSED_HEIGHT = 220;

/** The course description (HTML sanitised by the server), collapsed to ~220px with a fade and a Show More / Show Less toggle. */
export function ExpandableDescription({ html }: { html: string }) {
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [overflowing, setOverflowing] = useState(false);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    // Measured again when the tab holding it is shown (it has no size while hidden).
    const measure = () => setOverflowing(el.scrollHeight > COLLAPSED_HEIGHT + 24);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [html]);

  const toggle = () => {
    const next = !expanded;
    setExpanded(next);
    if (!next && ref.current && ref.current.getBoundingClientRect().top < 0) {
      ref.current.scrollIntoView({ block: 'start' });
    }
  };

  const collapsed = !expanded && overflowing;
  return (
    <div className="course-description-wrap">
      <div
        ref={ref}
        id={id}
        className={`course-description prose ${expanded ? '' : 'is-collapsed'} ${collapsed ? 'has-fade' : ''}`}
        dangerouslySetInnerHTML={{ __html: html }}
      />
      {overflowing && (
        <button type="button" className="btn btn-link px-0 fw-semibold mt-2" aria-expanded={expanded} aria-controls={id} onClick={toggle}>
          {expanded ? 'Show Less' : 'Show More'}
          <i className={`bi ${expanded ? 'bi-chevron-up' : 'bi-chevron-down'} ms-1`} aria-hidden="true" />
        </button>
      )}
    </div>
  );
}
