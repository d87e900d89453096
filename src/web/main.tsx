import './lib/no-eval';
import '@fontsource-variable/inter';
import 'virtual:bootstrap-icons.css';
import './styles/main.scss';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { isValidElement, startTransition, type ComponentType } from 'react';
import { BrowserRouter, matchRoutes } from 'react-router';
import { siteKeys } from './api/site';
import { ApiError } from './api/client';
import { App, createQueryClient } from './App';
import { rememberServerData } from './lib/serverData';
import { getCookie, isLoggedIn, setIpCookie } from './lib/storage';
import { AppRoutes, pageFiles, routes } from './routes';

declare global {
  interface Window {
    /** The server-rendered page's query cache (web-host module, entry-server.tsx). */
    __LECTERN_STATE__?: DehydratedState;
  }
}

const queryClient = createQueryClient();
const root = document.getElementById('root')!;
const app = (
  <App queryClient={queryClient}>
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  </App>
);

const state = window.__LECTERN_STATE__;
if (state && root.hasChildNodes()) {
  hydrate(queryClient, state);
  // The server renders every page signed out: for a signed-in viewer (a member, a buyer) the per-viewer
  // fields (access, locks, progress) differ, so only a signed-out visitor may skip the first refetch.
  if (!isLoggedIn()) rememberServerData(state);
  // A failed read (a course that does not exist) arrives as plain JSON: make it the ApiError the pages check for,
  // shown as the server showed it rather than retried while hydrating.
  for (const query of queryClient.getQueryCache().getAll()) {
    const error = query.state.error as { status?: number; body?: unknown } | null;
    if (!error) continue;
    queryClient.setQueryDefaults(query.queryKey, { retryOnMount: false });
    if (!(error instanceof ApiError) && typeof error.status === 'number') query.setState({ error: new ApiError(error.status, error.body) });
  }
  const ip = queryClient.getQueryData<string>(siteKeys.visitorIp());
  if (ip && !getCookie('user_ip')) setIpCookie(ip);
  // The page's chunk (already preloaded by the head's modulepreload) first, so the whole page hydrates in one pass.
  const leaf = matchRoutes(routes, window.location.pathname)?.at(-1)?.route.element;
  const preload = isValidElement(leaf) ? pageFiles.get(leaf.type as ComponentType)?.preload() : undefined;
  // Hydrated as a transition, React yields to the browser every few milliseconds instead of holding the main thread
  // for the whole page: a tap or a scroll on a slow phone is answered while the page hydrates.
  void Promise.resolve(preload)
    .catch(() => undefined)
    .then(() => startTransition(() => void hydrateRoot(root, app)));
} else {
  createRoot(root).render(app);
}
