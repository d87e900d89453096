import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { publicPaths } from '../../../shared/pages.js';
import { fallbackTemplate, injectHead } from './head.js';
import { headForPath, renderRobots, renderSitemap } from './service.js';
import { criticalCss } from './critical-css.js';
import { modulesAtLowPriority, pageAssets, sendRenderedPage, type PageRenderer } from './ssr.js';

const EMPTY_ROOT = '<div id="root"></div>';

/**
 * How long a browser keeps a file of the built web app. Vite's assets have content hashes in their
 * names: kept for a year. The images under media/ (course art, the hero, the favicon) change only
 * with a deploy: kept a week, and served stale while revalidating for a day more, so a returning
 * visitor never waits on them. Anything else (robots-like files) an hour.
 */
export function staticCachePolicy(relativePath: string): string {
  const [folder] = relativePath.split(path.sep);
  if (folder === 'assets') return 'public, max-age=31536000, immutable';
  if (folder === 'media') return 'public, max-age=604800, stale-while-revalidate=86400';
  return 'public, max-age=3600';
}

/** The storefront is rendered on the server; signed-in and private pages are rendered by the browser. */
function isServerRendered(pathname: string, status: number): boolean {
  return status === 404 || publicPaths.some((p) => p.path === pathname) || /^\/(courses?|bundles)\/[^/]+$/.test(pathname);
}

/**
 * Serves the built web app. Every client route answers with index.html whose <head> already holds
 * that page's title, description, Open Graph tags and canonical link, so previews work without JS.
 * With a renderer (dist/ssr), public pages arrive with their content, rendered by React on the server.
 */
export async function registerWebApp(app: FastifyInstance, ctx: AppContext, webRoot: string | undefined, renderer?: PageRenderer): Promise<void> {
  const indexFile = webRoot ? path.join(webRoot, 'index.html') : undefined;
  const template = indexFile && existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : fallbackTemplate;
  const assetsOf = pageAssets(webRoot);
  const inlineCriticalCss = criticalCss(webRoot);

  if (webRoot && existsSync(webRoot)) {
    await app.register(fastifyStatic, {
      root: webRoot,
      index: false,
      wildcard: false,
      preCompressed: true,
      setHeaders(reply, filePath) {
        reply.header('Cache-Control', staticCachePolicy(path.relative(webRoot, filePath)));
      },
    });
  }

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    reply.type('application/xml; charset=utf-8').header('Cache-Control', 'public, max-age=3600');
    return renderSitemap(ctx.db, ctx.config.publicUrl);
  });

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) => {
    reply.type('text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=86400');
    return renderRobots(ctx.config.publicUrl);
  });

  const renderPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const page = await headForPath(ctx.db, ctx.config.publicUrl, pathname, ctx.config.siteVerification);
    if (page.status === 301 && page.location) return reply.redirect(page.location, 301);
    const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    if (renderer && request.method === 'GET' && isServerRendered(clean, page.status)) {
      const assets = assetsOf(renderer.pageFileFor(clean));
      const head = [page.head, assets.preloads].filter(Boolean).join('\n    ');
      const [before, after] = modulesAtLowPriority(injectHead(template, head, assets.styles)).split(EMPTY_ROOT);
      if (after !== undefined)
        return sendRenderedPage({
          app,
          request,
          reply,
          renderer,
          inlineCriticalCss,
          status: page.status,
          origin: ctx.config.publicUrl,
          before: `${before}<div id="root">`,
          after,
        });
    }
    return reply.code(page.status).type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(injectHead(template, page.head));
  };

  app.setNotFoundHandler(async (request, reply) => {
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/') && !/\.\w{2,5}$/.test(request.url.split('?')[0] ?? '');
    if (isPage) return renderPage(request, reply);
    return reply.code(404).send({ detail: 'Not found.' });
  });
}
