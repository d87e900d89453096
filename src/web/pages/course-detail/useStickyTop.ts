import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * The `top` for a sticky element: `preferred` when it fits in the viewport, otherwise negative so the
 * element scrolls until its bottom is visible and then sticks (a tall card never hides its bottom).
 */
export function useStickyTop(ref: RefObject<HTMLElement | null>, preferred = 88, gap = 16): number {
  const [top, setTop] = useState(preferred);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () => setTop(Math.min(preferred, window.innerHeight - el.offsetHeight - gap));
    update();
    window.addEventListener('resize', update);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(el);
    return () => {
      window.removeEventListener('resize', update);
      observer?.disconnect();
    };
  }, [ref, preferred, gap]);
  return top;
}
