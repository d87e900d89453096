import { trackEvent } from '../lib/analytics';
import { clearTokens, setTokens, type TokenPair } from '../lib/auth';
import { currentOrigin } from '../lib/origin';
import { getCookie, readStorage, storageKeys } from '../lib/storage';
import { handedOver, handOver } from '../lib/token-handoff';

export const API_BASE = '/api/v1';

/** An HTTP error with the server's body (field errors arrive as { field: [messages] }). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(typeof body === 'object' && body && 'detail' in body ? String((body as { detail: unknown }).detail) : `Request failed with ${status}`);
  }

  /** The first message for a field, for showing under the matching input. */
  fieldError(field: string): string | undefined {
    const value = (this.body as Record<string, unknown> | null)?.[field];
    return Array.isArray(value) ? String(value[0]) : typeof value === 'string' ? value : undefined;
  }
}

/** No response at all (offline, server down). */
export class NetworkError extends Error {}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  signal?: AbortSignal;
  /** The browser's HTTP cache mode ('no-cache': always ask the server, which answers 304 when nothing changed). */
  cache?: RequestCache;
  /** Internal: set on the retry after a token refresh. */
  retried?: boolean;
}

let refreshing: Promise<boolean> | undefined;

/** How calls reach the API: the browser's fetch, or the server itself while it renders a page (entry-server.tsx). */
let transport: (url: URL, init: RequestInit) => Promise<Response> = (url, init) => fetch(url, init);
export function setApiTransport(next: typeof transport): void {
  transport = next;
}

/**
 * One refresh at a time, shared by every call that hit an expired access token, and across tabs: the refresh token
 * rotates and a spent one revokes its family (signing every tab out), so a tab refreshes under a Web Lock and the next
 * one takes the pair the first left (lib/token-handoff.ts). True when fresh tokens are stored.
 */
export function refreshTokens(): Promise<boolean> {
  refreshing ??= (async () => {
    const seen = readStorage(storageKeys.refreshToken);
    if (!seen) return false;
    const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
    return locks ? locks.request('lectern:token-refresh', () => refreshOnce(seen)) : refreshOnce(seen);
  })().finally(() => {
    refreshing = undefined;
  });
  return refreshing;
}

async function refreshOnce(seen: string): Promise<boolean> {
  const refresh = readStorage(storageKeys.refreshToken);
  if (!refresh) return false;
  if (refresh !== seen) return true; // another tab's refresh already reached this tab's storage
  const handed = await handedOver(refresh);
  if (handed) {
    setTokens(handed);
    return true;
  }
  try {
    const res = await fetch(`${API_BASE}/token/refresh/`, {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ refresh }),
    });
    if (!res.ok) return false;
    const tokens = (await res.json()) as TokenPair;
    setTokens(tokens);
    await handOver(refresh, tokens);
    return true;
  } catch {
    return false;
  }
}

/**
 * Every call: base /api/v1, cookies sent, X-CSRFToken from the csrftoken cookie, the bearer token
 * when stored, and an analytics event (category API, action Call, label METHOD /path).
 */
export async function apiFetch<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const url = new URL(`${API_BASE}${path}`, currentOrigin());
  for (const [key, value] of Object.entries(options.query ?? {})) if (value !== undefined && value !== '') url.searchParams.set(key, String(value));

  const headers: Record<string, string> = { Accept: 'application/json' };
  const csrf = getCookie('csrftoken');
  if (csrf) headers['X-CSRFToken'] = csrf;
  const token = readStorage(storageKeys.accessToken);
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  trackEvent({ category: 'API', action: 'Call', label: `${method} ${path}` });
  let response: Response;
  try {
    response = await transport(url, {
      method,
      headers,
      body,
      credentials: 'include',
      signal: options.signal,
      ...(options.cache ? { cache: options.cache } : {}),
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new NetworkError('No response from the server. Check your network connection.');
  }
  const text = await response.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (response.status === 401 && token && !options.retried && (data as { code?: string } | null)?.code === 'token_not_valid') {
    // The access token expired: refresh once and retry; if that fails, sign out cleanly.
    if (await refreshTokens()) return apiFetch<T>(path, { ...options, retried: true });
    clearTokens();
  }
  if (!response.ok) throw new ApiError(response.status, data);
  return data as T;
}
