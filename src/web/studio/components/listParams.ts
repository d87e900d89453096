import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';

/**
 * A list's filters as the URL holds them: each key the contract's schema accepts on its own, as
 * the string the server will parse again; a malformed value (hand-edited URL) is dropped, never sent.
 */
export function readFilters<K extends string>(params: URLSearchParams, shape: Record<K, z.ZodType>): Partial<Record<K, string>> {
  const filters: Partial<Record<K, string>> = {};
  for (const key of Object.keys(shape) as K[]) {
    const value = params.get(key)?.trim();
    if (value && shape[key].safeParse(value).success) filters[key] = value;
  }
  return filters;
}

/** The page number in the URL: a whole number from 1, else 1. */
export function readPage(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** The URL after changing some filters: empty values are removed, and the list goes back to page 1 unless the page is what changed. */
export function nextParams(current: URLSearchParams, changes: Record<string, string | undefined>): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(changes))
    if (value?.trim()) next.set(key, value.trim());
    else next.delete(key);
  if (!('page' in changes)) next.delete('page');
  return next;
}

/** A server-paged list whose filters, sort and page live in the URL (shareable, Back works). */
export function useListParams<K extends string>(shape: Record<K, z.ZodType>) {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params, shape);
  const [search, setSearch] = useState(params.get('search') ?? '');
  const update = (changes: Record<string, string | undefined>) => setParams(nextParams(params, changes), { replace: true });
  return {
    filters,
    page: readPage(params),
    /** Whether any filter but the sort order narrows the list (its empty state says so). */
    filtered: Object.keys(filters).some((key) => key !== 'sort'),
    update,
    setPage: (page: number) => update({ page: page > 1 ? String(page) : undefined }),
    /** A filter's value and its change handler, for a FilterSelect that applies at once. */
    bind: (key: K) => ({ value: filters[key], onChange: (value: string | undefined) => update({ [key]: value }) }),
    /** The search box's text, applied on submit. */
    search,
    setSearch,
    clear: () => {
      setSearch('');
      setParams(new URLSearchParams(), { replace: true });
    },
  };
}
