import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import type { Bundle } from '../../../shared/bundles';
import { useAddBundleToCart } from '../../api/bundles';
import { useCart } from '../../api/cart';
import { ApiError } from '../../api/client';
import { SubmitButton } from '../../components/form/SubmitButton';

/** 'A', 'A and B', 'A, B and C'. */
export function listTitles(titles: readonly string[]): string {
  if (titles.length <= 1) return titles[0] ?? '';
  return `${titles.slice(0, -1).join(', ')} and ${titles.at(-1)}`;
}

/** What the page tells a buyer who owns some or all of the bundle's courses (nothing for one who owns none). */
export function ownershipNote(bundle: Pick<Bundle, 'courses' | 'owned_course_ids' | 'owns_all'>): { kind: 'all' | 'some'; text: string } | undefined {
  if (bundle.owns_all) return { kind: 'all', text: 'You already own every course in this bundle.' };
  const owned = bundle.courses.filter((c) => bundle.owned_course_ids.includes(c.id));
  if (!owned.length) return undefined;
  const fresh = bundle.courses.length - owned.length;
  return {
    kind: 'some',
    text: `You already own ${listTitles(owned.map((c) => `“${c.title}”`))}. The bundle is sold whole at its price; ${fresh} ${fresh === 1 ? 'course is' : 'courses are'} new to you.`,
  };
}

type Phase = 'idle' | 'adding' | 'buying' | 'added';

/**
 * The bundle's purchase controls: 'Add to cart' (then 'Go to cart') and 'Buy now' (added, then the
 * checkout). A buyer who owns some courses is told which; one who owns them all cannot add it.
 */
export function BundleActions({ bundle }: { bundle: Bundle }) {
  const navigate = useNavigate();
  const { data: cart } = useCart();
  const addBundle = useAddBundleToCart();
  const [phase, setPhase] = useState<Phase>('idle');
  const note = ownershipNote(bundle);

  if (bundle.owns_all) {
    return (
      <div data-testid="bundle-owned-all">
        <div className="alert alert-success d-flex gap-2 align-items-start small mb-3" role="status">
          <i className="bi bi-check2-circle fs-5" aria-hidden="true" />
          <span>{note?.text}</span>
        </div>
        <Link to="/enrolled-courses" className="btn btn-primary btn-lg w-100">
          <i className="bi bi-play-circle me-2" aria-hidden="true" />
          Go to my courses
        </Link>
      </div>
    );
  }

  const inCart = phase === 'added' || (phase === 'idle' && Boolean(cart?.bundles?.some((b) => b.bundle_id === bundle.id)));
  const add = async (then: 'stay' | 'checkout') => {
    setPhase(then === 'checkout' ? 'buying' : 'adding');
    try {
      const result = await addBundle.mutateAsync(bundle.id);
      setPhase('added');
      if (then === 'checkout' || result.message === 'already_in_cart') void navigate('/checkout');
    } catch (error) {
      setPhase('idle');
      const detail = error instanceof ApiError && error.status < 500 ? (error.fieldError('bundle_id') ?? error.fieldError('detail')) : undefined;
      toast.error(detail ?? 'Could not add the bundle to your cart. Please try again.');
    }
  };
  const busy = phase === 'adding' || phase === 'buying';

  return (
    <div>
      {note && (
        <div className="alert alert-info d-flex gap-2 align-items-start small mb-3" role="status" data-testid="bundle-owned-some">
          <i className="bi bi-info-circle fs-5" aria-hidden="true" />
          <span>{note.text}</span>
        </div>
      )}
      <div className="d-grid gap-2">
        {inCart ? (
          <button type="button" className="btn btn-accent btn-lg" onClick={() => void navigate('/checkout')}>
            <i className="bi bi-cart-check me-2" aria-hidden="true" />
            Go to cart
          </button>
        ) : (
          <>
            <SubmitButton
              type="button"
              className="btn btn-accent btn-lg"
              onClick={() => void add('stay')}
              busy={phase === 'adding'}
              disabled={busy}
              busyLabel="Adding to cart"
              icon="bi-cart-plus"
            >
              Add to cart
            </SubmitButton>
            <SubmitButton
              type="button"
              className="btn btn-outline-primary btn-lg"
              onClick={() => void add('checkout')}
              busy={phase === 'buying'}
              disabled={busy}
              busyLabel="Please wait"
              icon="bi-lightning-charge"
            >
              Buy now
            </SubmitButton>
          </>
        )}
      </div>
      <p className="small text-body-secondary text-center mt-2 mb-0">30-day money-back guarantee</p>
    </div>
  );
}
