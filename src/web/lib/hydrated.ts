import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False while React hydrates the server's HTML, true from the render after (and at once in a page the
 * browser renders itself). A control that acts through React is disabled until then: a tap on the
 * server's button before its handler is attached would be lost, and a form would submit natively.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
