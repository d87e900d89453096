import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { accountQueries, useUserDetails } from '../api/accounts';
import { useAbandonedCartReminder, useAddToCart, useCart } from '../api/cart';
import { ApiError } from '../api/client';
import { useIsLoggedIn } from '../lib/auth';
import { useHydrated } from '../lib/hydrated';
import { guestEmailOfThisCart } from '../lib/cart';
import { SubmitButton } from './form/SubmitButton';

export interface AddToCartButtonProps {
  course: { id: number; course_type: string; title?: string };
  className?: string;
}

type Phase = 'idle' | 'adding' | 'added';

/**
 * 'Add to cart' → 'Adding to cart' → 'Go to cart' (spec 4). Shown only for paid courses. A course
 * already in the cart starts at 'Go to cart'; the server's 'already_in_cart' goes straight to /checkout.
 */
export function AddToCartButton({ course, className = 'btn btn-accent btn-lg w-100' }: AddToCartButtonProps) {
  const navigate = useNavigate();
  const loggedIn = useIsLoggedIn();
  const { data: cart } = useCart();
  const { data: user } = useUserDetails();
  const queryClient = useQueryClient();
  const addToCart = useAddToCart();
  const remindAbandoned = useAbandonedCartReminder();
  const [phase, setPhase] = useState<Phase>('idle');
  const hydrated = useHydrated();

  if (course.course_type === 'free') return null;
  // In the cart alone or as a course of a bundle there.
  const inCart =
    phase === 'added' ||
    (phase === 'idle' &&
      Boolean(cart?.items.some((item) => item.course_id === course.id) || cart?.bundles?.some((b) => b.courses.some((c) => c.id === course.id))));

  const add = async () => {
    setPhase('adding');
    try {
      const result = await addToCart.mutateAsync(course.id);
      setPhase('added');
      if (result.message === 'already_in_cart') {
        void navigate('/checkout');
        return;
      }
      const email = loggedIn ? (user ?? (await queryClient.fetchQuery(accountQueries.userDetails()).catch(() => undefined)))?.email : guestEmailOfThisCart();
      if (email) remindAbandoned({ email, reason: 'add_to_cart', courseIds: [course.id] });
    } catch (error) {
      setPhase('idle');
      const detail = error instanceof ApiError && error.status < 500 ? (error.fieldError('course_id') ?? error.fieldError('detail')) : undefined;
      toast.error(detail ?? 'Could not add the course to your cart. Please try again.');
    }
  };

  if (inCart) {
    return (
      <button type="button" className={className} onClick={() => void navigate('/checkout')} disabled={!hydrated}>
        <i className="bi bi-cart-check me-2" aria-hidden="true" />
        Go to cart
      </button>
    );
  }
  return (
    <SubmitButton type="button" className={className} onClick={() => void add()} busy={phase === 'adding'} busyLabel="Adding to cart" icon="bi-cart-plus">
      Add to cart
    </SubmitButton>
  );
}
