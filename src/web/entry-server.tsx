// Server rendering of the public pages (built by `vite build --ssr`, loaded by the web-host module, modules/web-host).
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Writable } from 'node:stream';
import { dehydrate } from '@tanstack/react-query';
import { isValidElement, type ComponentType } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { matchRoutes, StaticRouter } from 'react-router';
import { setApiTransport } from './api/client';
import { App, createQueryClient } from './App';
import { setServerOrigin } from './lib/origin';
import { AppRoutes, pageFiles, routes } from './routes';
import { prefetchPage } from './ssr/prefetch';

type Fetch = (url: URL, init: RequestInit) => Promise<Response>;

// The page's queries call the API in-process, as the visitor (their cookies and address).
const current = new AsyncLocalStorage<{ api: Fetch; origin: string }>();
setApiTransport((url, init) => {
  const request = current.getStore();
  return request ? request.api(url, init) : Promise.reject(new Error('The API is only reachable while a page is being rendered.'));
});
setServerOrigin(() => current.getStore()?.origin ?? 'http://localhost');

const clean = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

const pageFor = (pathname: string) => {
  const leaf = matchRoutes(routes, clean(pathname))?.at(-1)?.route.element;
  return isValidElement(leaf) ? pageFiles.get(leaf.type as ComponentType) : undefined;
};

/** The source file of the page an address shows (`pages/home/HomePage.tsx`), to link its chunk and styles. */
export function pageFileFor(pathname: string): string | undefined {
  return pageFor(pathname)?.file;
}

export interface RenderRequest {
  /** Path and query of the page. */
  url: string;
  /** The visitor's address as the API sees it (GET /save-ip/). */
  ip: string;
  /** Calls the API as the visitor. */
  api: Fetch;
  /** The site's public origin (links to share). */
  origin: string;
}

export interface RenderedPage {
  /** JSON of the query cache for hydrateRoot, safe inside a <script>. */
  state: string;
  /** Writes the page's HTML (the content of #root) and ends `out`. */
  pipe: (out: Writable) => void;
}

/** Prefetches the page's queries, then renders it; resolves when the whole page is ready to be written. */
export function render(request: RenderRequest): Promise<RenderedPage> {
  return current.run({ api: request.api, origin: request.origin }, () => renderPage(request));
}

async function renderPage({ url, ip }: RenderRequest): Promise<RenderedPage> {
  const queryClient = createQueryClient();
  const pathname = clean(new URL(url, 'http://localhost').pathname);
  // The page's module is loaded with its data, so rendering never waits on it.
  await Promise.all([prefetchPage(queryClient, pathname, ip), pageFor(pathname)?.preload()]);
  // A failed read (a course that does not exist) is shown as failed, here and at hydration, not retried on mount.
  for (const query of queryClient.getQueryCache().getAll()) if (query.state.error) queryClient.setQueryDefaults(query.queryKey, { retryOnMount: false });
  const state = JSON.stringify(
    dehydrate(queryClient, {
      // Failed reads too: a course that does not exist renders its not-found state on both sides.
      shouldDehydrateQuery: (query) => query.state.status !== 'pending',
      shouldRedactErrors: () => false,
    }),
  ).replace(/</g, '\\u003c');
  return new Promise((resolve, reject) => {
    const stream = renderToPipeableStream(
      <App queryClient={queryClient}>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </App>,
      {
        // The page is written whole (its data is already here): React would otherwise send a large boundary's content after
        // its fallback and swap it in by a script, so the first paint showed a spinner and the footer jumped (CLS 0.42).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady: () => resolve({ state, pipe: (out) => stream.pipe(out) }),
        onShellError: reject,
        onError: (error) => {
          console.error(error);
        },
      },
    );
  });
}
