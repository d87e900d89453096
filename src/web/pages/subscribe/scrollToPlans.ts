import { useEffect } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';

/** Spec section 9: scroll to the plans after 300 ms, clean the address after 800 ms. */
export const SCROLL_TO_PLANS_DELAY_MS = 300;
export const CLEAN_ADDRESS_DELAY_MS = 800;

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Brings the plans into view (instantly for a visitor who prefers reduced motion). */
export function scrollToPlans() {
  document.getElementById('plans')?.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
}

/** ?scrollTo=plans or #plans: scroll to the plans, then clean the address. */
export function useScrollToPlansOnArrival() {
  const [params] = useSearchParams();
  const { hash, pathname } = useLocation();
  const navigate = useNavigate();
  const wanted = params.get('scrollTo') === 'plans' || hash === '#plans';

  useEffect(() => {
    if (!wanted) return;
    const scroll = window.setTimeout(scrollToPlans, SCROLL_TO_PLANS_DELAY_MS);
    const clean = window.setTimeout(() => {
      void navigate({ pathname, search: '', hash: '' }, { replace: true, preventScrollReset: true });
    }, CLEAN_ADDRESS_DELAY_MS);
    return () => {
      window.clearTimeout(scroll);
      window.clearTimeout(clean);
    };
  }, [wanted, pathname, navigate]);
}
