import type { DehydratedState } from '@tanstack/react-query';

/** What is read of a query (any query's data type fits). */
interface QueryLike {
  queryHash: string;
  state: { dataUpdatedAt: number; isInvalidated: boolean };
}

/** How long after hydration the server-rendered data counts as just fetched: the page's first mount does not ask again. */
const SERVED_WITH_PAGE_MS = 30_000;

// Query hash → the data's version (dataUpdatedAt) that came with the HTML, and when the browser received it.
const served = new Map<string, { dataUpdatedAt: number; at: number }>();

/** Remembers the queries the server rendered the page with (main.tsx, before hydrateRoot). */
export function rememberServerData(state: DehydratedState): void {
  const at = Date.now();
  for (const query of state.queries) if (query.state.status === 'success') served.set(query.queryHash, { dataUpdatedAt: query.state.dataUpdatedAt, at });
}

/** True while a query still holds the data the page was rendered with, untouched and moments old. */
export function isServerData(query: QueryLike): boolean {
  const entry = served.get(query.queryHash);
  return entry !== undefined && entry.dataUpdatedAt === query.state.dataUpdatedAt && !query.state.isInvalidated && Date.now() - entry.at < SERVED_WITH_PAGE_MS;
}

/**
 * refetchOnMount for the browser: the page's own server-rendered data is not fetched again at hydration;
 * otherwise `otherwise` (true: when stale, 'always': every mount).
 */
export const refetchUnlessServerData =
  (otherwise: boolean | 'always') =>
  (query: QueryLike): boolean | 'always' =>
    isServerData(query) ? false : otherwise;
