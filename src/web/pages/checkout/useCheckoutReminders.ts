import { useEffect, useRef } from 'react';
import { useUserDetails } from '../../api/accounts';
import { useAbandonedCartReminder } from '../../api/cart';
import { useIsLoggedIn } from '../../lib/auth';
import { guestEmailOfThisCart, rememberGuestEmail } from '../../lib/cart';
import { isValidEmail } from './checkoutSchema';

/** Abandoned-cart reminder delay after a valid guest email is typed (spec section 9). */
export const ABANDONED_EMAIL_DELAY_MS = 7000;

/**
 * Abandoned-cart reminders (spec section 9): 7 s after a valid guest email is typed (only the first
 * address a cart reminds: the server keeps a cart to one); for a signed-in user when the cart loads.
 * One per email and course list. None while an order is being
 * placed (`placingOrder`): the order may sign the guest in and buy the courses, so the cart still on
 * screen is no longer the cart, and a reminder about it would be refused (400: not in the cart).
 */
export function useCheckoutReminders(guestEmail: string, courseIds: number[], placingOrder: boolean) {
  const loggedIn = useIsLoggedIn();
  const { data: user } = useUserDetails();
  const remindAbandoned = useAbandonedCartReminder();
  const idsKey = courseIds.join(',');
  const lastReminder = useRef('');

  useEffect(() => {
    if (placingOrder || loggedIn || !idsKey || !isValidEmail(guestEmail)) return;
    const email = guestEmail.trim().toLowerCase();
    const key = `${email}|${idsKey}`;
    if (lastReminder.current === key) return;
    // A cart reminds one address (the server refuses another with 409): a corrected email is not asked for again.
    const reminded = guestEmailOfThisCart();
    if (reminded && reminded !== email) return;
    const timer = setTimeout(() => {
      lastReminder.current = key;
      rememberGuestEmail(guestEmail);
      remindAbandoned({ email: guestEmail, reason: 'checkout', courseIds: idsKey.split(',').map(Number) });
    }, ABANDONED_EMAIL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [guestEmail, idsKey, loggedIn, placingOrder, remindAbandoned]);

  useEffect(() => {
    if (placingOrder || !loggedIn || !user?.email || !idsKey) return;
    const key = `${user.email}|${idsKey}`;
    if (lastReminder.current === key) return;
    lastReminder.current = key;
    remindAbandoned({ email: user.email, reason: 'checkout', courseIds: idsKey.split(',').map(Number) });
  }, [loggedIn, user?.email, idsKey, placingOrder, remindAbandoned]);

  /** On 'Enroll Now' a signed-in buyer's reminder is scheduled again (the server keeps the latest). */
  return () => {
    if (loggedIn && user?.email) remindAbandoned({ email: user.email, reason: 'checkout', courseIds });
  };
}
