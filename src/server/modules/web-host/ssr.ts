import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { createGzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { cspNonce } from '../../http/security-headers.js';
import type { InlineCriticalCss } from './critical-css.js';

type Fetch = (url: URL, init: RequestInit) => Promise<Response>;

/** What the web app's server entry (src/web/entry-server.tsx, built to dist/ssr) offers. */
export interface PageRenderer {
  pageFileFor(pathname: string): string | undefined;
  render(request: { url: string; ip: string; api: Fetch; origin: string }): Promise<{ state: string; pipe: (out: Writable) => void }>;
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}

/** What a page's lazy chunk needs in the head, which the entry does not load by itself. */
export interface PageAssets {
  /** Preloads of the first screen's font and of the page's modules: early in the head. */
  preloads: string;
  /**
   * The page's stylesheets: after the entry's (Bootstrap and the theme), as when the browser loads
   * the chunk itself, so a page's rule wins over Bootstrap's of the same weight.
   */
  styles: string;
}

/**
 * A server-rendered page reads without the app's modules, so its module script and module preloads are fetched at low
 * priority: on a slow phone the document, the preloaded fonts and the hero image come first. A page the browser renders
 * itself (signed-in pages, the studio) keeps them at their usual priority: there they are what the first paint waits on.
 */
export function modulesAtLowPriority(html: string): string {
  return html.replace(/<(script type="module"|link rel="modulepreload")(?![^>]*fetchpriority)/g, '<$1 fetchpriority="low"');
}

/** The stylesheets and module preloads of a page's lazy chunk, which the entry does not load by itself. */
export function pageAssets(webRoot: string | undefined): (pageFile: string | undefined) => PageAssets {
  const file = webRoot ? path.join(webRoot, '.vite/manifest.json') : undefined;
  if (!file || !existsSync(file)) return () => ({ preloads: '', styles: '' });
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
  const closure = (key: string, seen = new Set<string>()) => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) closure(imported, seen);
    return seen;
  };
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const loaded = entry ? closure(entry) : new Set<string>();
  // The fonts of the first screen (Latin Inter, and the icons of the header and the cards) are preloaded rather than
  // found at the first layout: an icon font arriving after it made the browser lay the whole page out again.
  const fonts = readdirSync(path.join(path.dirname(file), '..', 'assets')).filter((name) => /^(inter-latin-wght-normal|bootstrap-icons)-.*\.woff2$/.test(name));
  const fontPreload = fonts.map((name) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/${name}">`).join('');
  const cache = new Map<string, PageAssets>();
  return (pageFile) => {
    if (!pageFile || !manifest[pageFile]) return { preloads: fontPreload, styles: '' };
    let assets = cache.get(pageFile);
    if (assets === undefined) {
      const chunks = [...closure(pageFile)].filter((key) => !loaded.has(key)).map((key) => manifest[key]!);
      const css = [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))];
      assets = {
        preloads: [fontPreload, ...chunks.map((chunk) => `<link rel="modulepreload" crossorigin href="/${chunk.file}">`)].join('\n    '),
        styles: css.map((href) => `<link rel="stylesheet" crossorigin href="/${href}">`).join('\n    '),
      };
      cache.set(pageFile, assets);
    }
    return assets;
  };
}

const notForwarded = new Set([
  'accept',
  'accept-encoding',
  'content-length',
  'content-type',
  'transfer-encoding',
  'connection',
  'if-none-match',
  'if-modified-since',
]);

/** Calls this app's own API in-process as the visitor: their cookies, address and proxy headers. */
function visitorApi(app: FastifyInstance, request: FastifyRequest): Fetch {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) if (typeof value === 'string' && !notForwarded.has(name)) headers[name] = value;
  return async (url, init) => {
    const response = await app.inject({
      method: 'GET',
      url: url.pathname + url.search,
      headers: { ...headers, ...(init.headers as Record<string, string>) },
      remoteAddress: request.socket.remoteAddress,
    });
    const empty = response.statusCode === 204 || response.statusCode === 304;
    return new Response(empty ? null : response.body, {
      status: response.statusCode,
      headers: { 'content-type': String(response.headers['content-type'] ?? 'application/json') },
    });
  };
}

/**
 * Sends a server-rendered page: the rendered #root and the query cache the browser hydrates from,
 * with the critical CSS of exactly this HTML inlined (critical-css.ts), so the first paint waits on
 * this one response only. The page's data is read in-process, so the whole document is ready a few
 * milliseconds after the request; it is sent at once, gzipped when the browser accepts it.
 */
export function sendRenderedPage(options: {
  app: FastifyInstance;
  request: FastifyRequest;
  reply: FastifyReply;
  renderer: PageRenderer;
  inlineCriticalCss: InlineCriticalCss;
  status: number;
  origin: string;
  /** The template with the head filled in, before and after `<div id="root"></div>`. */
  before: string;
  after: string;
}): FastifyReply {
  const { app, request, reply, renderer, status } = options;
  // The page's policy runs no inline script without this response's nonce (http/security-headers.ts).
  const nonce = cspNonce(reply);
  const out = new PassThrough();
  let body: NodeJS.ReadableStream = out;
  if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
    const gzip = createGzip({ level: 6 });
    body = out.pipe(gzip);
    reply.header('Content-Encoding', 'gzip');
  }
  reply.code(status).type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding');
  renderer
    .render({ url: request.url, ip: request.ip, api: visitorApi(app, request), origin: options.origin })
    .then(({ state, pipe }) => {
      const chunks: Buffer[] = [];
      pipe(
        new Writable({
          write: (chunk: Buffer, _encoding, done) => {
            chunks.push(chunk);
            done();
          },
          final: (done) => {
            const root = Buffer.concat(chunks).toString('utf8');
            const html = `${options.before}${root}</div><script nonce="${nonce}">window.__LECTERN_STATE__=${state}</script>${options.after}`;
            out.end(withCriticalCss(options.inlineCriticalCss, html, nonce, request));
            done();
          },
        }),
      );
    })
    .catch((error: unknown) => {
      // The browser renders the page itself, as it does for pages that are not server-rendered.
      request.log.error({ err: error }, 'server rendering failed');
      out.end(`${options.before}</div>${options.after}`);
    });
  return reply.send(body);
}

/** A page whose critical CSS cannot be worked out is still sent, with its stylesheets blocking as usual. */
function withCriticalCss(inline: InlineCriticalCss, html: string, nonce: string, request: FastifyRequest): string {
  try {
    return inline(html, nonce);
  } catch (error) {
    request.log.error({ err: error }, 'inlining critical CSS failed');
    return html;
  }
}
