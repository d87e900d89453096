import { useEffect, useState } from 'react';

/** How long a search box waits after the last keystroke before it asks the server. */
export const SEARCH_DELAY_MS = 250;

/**
 * The value once it has stayed the same for `delayMs`: a search typed letter by letter asks the
 * server once, for the whole word, instead of once per letter. Every search-as-you-type box uses it.
 */
export function useDebouncedValue<T>(value: T, delayMs: number = SEARCH_DELAY_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
