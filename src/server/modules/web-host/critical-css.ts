import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createProcessor, type CompactPlan } from 'beasties/runtime';

/**
 * Rewrites a whole server-rendered document so that only what its first screen needs blocks rendering. `nonce` is the
 * response's script nonce (http/security-headers.ts): the script that switches the stylesheets on carries it.
 */
export type InlineCriticalCss = (html: string, nonce: string) => string;

/** What `scripts/critical-css.mjs` writes after the build (it also moves the entry's @font-face rules into index.html). */
interface CriticalCssPlans {
  sheets: CompactPlan[];
}

const unchanged: InlineCriticalCss = (html) => html;

/**
 * Inlines the critical CSS of each server-rendered page: the rules its HTML uses, chosen by the
 * page's own tags, classes, ids and attributes (so it never paints with a rule missing and nothing
 * moves when the full stylesheet lands); the fonts are declared by index.html itself. The stylesheets then
 * load without blocking the first paint and without competing with it ('media-script': fetched at the lowest
 * priority as print stylesheets, switched to all media by a script at the end of the body that carries the
 * response's nonce, since the page's policy refuses inline event handlers such as `onload="this.media='all'"`;
 * a <noscript> link without JavaScript).
 * The build compiled the stylesheets into plans, so a page costs one scan of its HTML; pages of the same
 * shape share a cached result.
 */
export function criticalCss(webRoot: string | undefined): InlineCriticalCss {
  const file = webRoot ? path.join(webRoot, '.vite/critical-css.json') : undefined;
  if (!file || !existsSync(file)) return unchanged;
  const plans = JSON.parse(readFileSync(file, 'utf8')) as CriticalCssPlans;
  const processor = createProcessor(plans.sheets, {
    preload: 'media-script',
    inlineFonts: false,
    keyframes: 'critical',
    cache: { maxSize: 500 },
  });
  return (html, nonce) => processor.process(html, { nonce });
}
