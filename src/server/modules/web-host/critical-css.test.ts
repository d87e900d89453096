import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { criticalCss, type InlineCriticalCss } from './critical-css.js';

// A built web root as `vite build` leaves it, compiled by the build's own script.
let webRoot: string;
let inline: InlineCriticalCss;
beforeAll(() => {
  webRoot = mkdtempSync(path.join(tmpdir(), 'lectern-critical-'));
  mkdirSync(path.join(webRoot, 'assets'));
  mkdirSync(path.join(webRoot, '.vite'));
  writeFileSync(
    path.join(webRoot, 'assets/index-a1.css'),
    [
      "@font-face{font-family:'Inter Variable';font-display:optional;src:url(/assets/inter-latin.woff2)format('woff2')}",
      'body{margin:0;font-family:var(--font)}',
      '.navbar{display:flex}.navbar .nav-link{padding:8px}',
      '.modal{position:fixed}',
      '@media (min-width:992px){.navbar{gap:4px}.studio-sidebar{width:240px}}',
    ].join(''),
  );
  writeFileSync(path.join(webRoot, 'assets/HomePage-b2.css'), '.home-hero{min-height:60vh}.home-unused{color:red}');
  writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><html><head><!--app-head--></head><body><div id="root"></div></body></html>');
  writeFileSync(
    path.join(webRoot, '.vite/manifest.json'),
    // The entry's own code and stylesheet sit in a chunk it imports (vite.config.ts groups them with the landing pages').
    JSON.stringify({
      'index.html': { file: 'assets/index-c3.js', isEntry: true, imports: ['_storefront-d4.js'] },
      '_storefront-d4.js': { file: 'assets/storefront-d4.js', css: ['assets/index-a1.css'] },
    }),
  );
  execFileSync(process.execPath, [path.resolve('scripts/critical-css.mjs'), webRoot]);
  inline = criticalCss(webRoot);
});
afterAll(() => rmSync(webRoot, { recursive: true, force: true }));

const page = (body: string) =>
  `<!doctype html><html><head><title>t</title>` +
  `<link rel="stylesheet" crossorigin href="/assets/index-a1.css"><link rel="stylesheet" crossorigin href="/assets/HomePage-b2.css">` +
  `</head><body><div id="root">${body}</div></body></html>`;

const nonce = 'bm9uY2Utb2YtdGhpcy1wYWdl';
const styleOf = (html: string) => [...html.matchAll(/<style[^>]*>(.*?)<\/style>/gs)].map((m) => m[1]).join('');

describe('critical CSS of a server-rendered page', () => {
  it('inlines the rules its HTML uses (with their media queries) and none it does not', () => {
    const html = inline(page('<nav class="navbar"><a class="nav-link" href="/">Home</a></nav><section class="home-hero">Hi</section>'), nonce);
    const css = styleOf(html);
    expect(css).toContain('.navbar{display:flex}');
    expect(css).toContain('.navbar .nav-link{padding:8px}');
    expect(css).toContain('.home-hero{min-height:60vh}');
    expect(css).toMatch(/@media \(min-width:992px\)\{\.navbar\{gap:4px\}\}/);
    expect(css).not.toContain('.modal');
    expect(css).not.toContain('.studio-sidebar');
    expect(css).not.toContain('.home-unused');
  });

  it("declares the entry stylesheet's fonts once, in index.html, and no longer in the stylesheet", () => {
    // Declared again by a stylesheet applied after the first paint, a font that arrived meanwhile would be used
    // then, 'optional' or not, and re-wrap the text.
    const template = readFileSync(path.join(webRoot, 'index.html'), 'utf8');
    expect(styleOf(template)).toMatch(/^@font-face\{font-family:'?Inter Variable'?;font-display:optional;/);
    expect(template.indexOf('@font-face')).toBeLessThan(template.indexOf('</head>'));
    expect(readFileSync(path.join(webRoot, 'assets/index-a1.css'), 'utf8')).not.toContain('@font-face');
    // Built again (npm run build reruns the script on a fresh dist, but twice must not declare twice).
    execFileSync(process.execPath, [path.resolve('scripts/critical-css.mjs'), webRoot]);
    expect(readFileSync(path.join(webRoot, 'index.html'), 'utf8')).toBe(template);
  });

  it('loads every stylesheet without blocking the first paint, with a <noscript> link for browsers without JavaScript', () => {
    const html = inline(page('<nav class="navbar"></nav>'), nonce);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head.replace(/<noscript>.*?<\/noscript>/gs, '').replace(/<link[^>]*media="print"[^>]*>/g, '')).not.toMatch(/rel="stylesheet"/);
    for (const href of ['/assets/index-a1.css', '/assets/HomePage-b2.css']) {
      expect(head).toContain(`<noscript><link rel="stylesheet" crossorigin href="${href}"></noscript>`);
      expect(head).toContain(`<link rel="stylesheet" crossorigin href="${href}" media="print" data-beasties-media="all">`);
    }
  });

  it('switches the stylesheets on with a script carrying the response nonce, never an inline event handler (the policy refuses those)', () => {
    const html = inline(page('<nav class="navbar"></nav>'), nonce);
    expect(html).not.toMatch(/\son[a-z]+=/);
    const body = html.slice(html.indexOf('<body>'));
    const scripts = [...body.matchAll(/<script([^>]*)>(.*?)<\/script>/gs)];
    expect(scripts).toHaveLength(1);
    expect(scripts[0]![1]).toBe(` nonce="${nonce}"`);
    expect(scripts[0]![2]).toContain("querySelectorAll('link[data-beasties-media]')");
    // The next page gets its own nonce, though its critical CSS comes from the cache.
    expect(inline(page('<nav class="navbar"></nav>'), 'YW5vdGhlci1ub25jZQ')).toContain('<script nonce="YW5vdGhlci1ub25jZQ">');
  });

  it('leaves a page unchanged when the web app has not been built', () => {
    const html = page('<nav class="navbar"></nav>');
    expect(criticalCss(undefined)(html, nonce)).toBe(html);
    expect(criticalCss(path.join(webRoot, 'missing'))(html, nonce)).toBe(html);
  });
});
