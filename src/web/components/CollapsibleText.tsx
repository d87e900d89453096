import { useId, useState } from 'react';

/** Longer than this many characters or lines, a text is shown collapsed with 'Show more'. */
export const COLLAPSE_CHARS = 600;
export const COLLAPSE_LINES = 8;

/**
 * A user's long text (a question, an answer), kept as typed (line breaks, long words wrap) and, when
 * long, shown collapsed to its first lines with 'Show more' / 'Show less'. The whole text stays in
 * the page (clipped by CSS), so find-in-page and screen readers get all of it.
 */
export function CollapsibleText({ text, className = '' }: { text: string; className?: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const long = text.length > COLLAPSE_CHARS || text.split('\n').length > COLLAPSE_LINES;
  const collapsed = long && !open;
  return (
    <div className={className}>
      <p
        id={id}
        className={`mb-0${collapsed ? ' collapsible-text-collapsed' : ''}`}
        style={{
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          ...(collapsed ? { display: '-webkit-box', WebkitBoxOrient: 'vertical', WebkitLineClamp: 6, overflow: 'hidden' } : {}),
        }}
        data-collapsed={collapsed || undefined}
      >
        {text}
      </p>
      {long && (
        <button type="button" className="btn btn-link btn-sm px-0" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
          {open ? 'Show less' : 'Show more'}
        </button>
      )}
    </div>
  );
}
