import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEAD_PLACEHOLDER, injectHead } from './head.js';
import { modulesAtLowPriority, pageAssets } from './ssr.js';
import { createTestApp } from '../../../../test/helpers.js';

// The built index.html as Vite writes it: the entry's script and stylesheet at the end of the head.
const template = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    ${HEAD_PLACEHOLDER}
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-1.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

let webRoot: string;
beforeAll(() => {
  webRoot = mkdtempSync(path.join(tmpdir(), 'lectern-assets-'));
  mkdirSync(path.join(webRoot, '.vite'));
  mkdirSync(path.join(webRoot, 'assets'));
  writeFileSync(path.join(webRoot, 'assets', 'inter-latin-wght-normal-1.woff2'), '');
  writeFileSync(path.join(webRoot, 'assets', 'bootstrap-icons-1.woff2'), '');
  writeFileSync(path.join(webRoot, 'assets', 'inter-cyrillic-wght-normal-1.woff2'), '');
  const manifest = {
    'index.html': { file: 'assets/index-1.js', isEntry: true, css: ['assets/index-1.css'], imports: ['_shared.js'] },
    '_shared.js': { file: 'assets/shared-1.js' },
    'pages/services/ServicesPage.tsx': {
      file: 'assets/ServicesPage-1.js',
      imports: ['index.html', '_shared.js', '_card.js'],
      css: ['assets/ServicesPage-1.css'],
    },
    '_card.js': { file: 'assets/card-1.js', css: ['assets/card-1.css'] },
  };
  writeFileSync(path.join(webRoot, '.vite', 'manifest.json'), JSON.stringify(manifest));
});
afterAll(() => rmSync(webRoot, { recursive: true, force: true }));

describe("a server-rendered page's assets", () => {
  it("links the page chunk's stylesheets after the entry's, so a page's rule wins over Bootstrap's of the same weight", () => {
    const assets = pageAssets(webRoot)('pages/services/ServicesPage.tsx');
    const html = injectHead(template, `<title>Services</title>\n    ${assets.preloads}`, assets.styles);
    const at = (needle: string) => {
      const index = html.indexOf(needle);
      expect(index, needle).toBeGreaterThan(-1);
      return index;
    };
    const entryStyles = at('href="/assets/index-1.css"');
    expect(at('href="/assets/ServicesPage-1.css"')).toBeGreaterThan(entryStyles);
    expect(at('href="/assets/card-1.css"')).toBeGreaterThan(entryStyles);
    expect(at('href="/assets/ServicesPage-1.css"')).toBeLessThan(at('</head>'));
    // Preloads stay early: the font and the page's own modules, not those the entry already loads.
    expect(at('rel="modulepreload" crossorigin href="/assets/ServicesPage-1.js"')).toBeLessThan(at('src="/assets/index-1.js"'));
    expect(at('href="/assets/inter-latin-wght-normal-1.woff2"')).toBeLessThan(entryStyles);
    expect(at('href="/assets/bootstrap-icons-1.woff2"')).toBeLessThan(entryStyles);
    expect(html).not.toContain('inter-cyrillic'); // other scripts' subsets load only when their text appears
    expect(html).not.toContain('href="/assets/shared-1.js"');
    expect(html.match(/<\/head>/g)).toHaveLength(1);
  });

  it('asks for the module script and every module preload at low priority, once, and for nothing else', () => {
    const assets = pageAssets(webRoot)('pages/services/ServicesPage.tsx');
    const html = modulesAtLowPriority(injectHead(template, assets.preloads, assets.styles));
    expect(html).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/index-1.js">');
    expect(html).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/ServicesPage-1.js">');
    expect(html).toContain('<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/inter-latin-wght-normal-1.woff2">');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-1.css">');
    expect(modulesAtLowPriority(html)).toBe(html);
  });

  it('keeps the head as it is for a page without a chunk of its own', () => {
    const assets = pageAssets(webRoot)(undefined);
    expect(assets.styles).toBe('');
    expect(injectHead(template, assets.preloads, assets.styles)).toBe(template.replace(HEAD_PLACEHOLDER, assets.preloads));
  });

  it('takes head text literally, even with $ patterns', () => {
    expect(injectHead(template, "<title>Save $& more $'</title>")).toContain("<title>Save $& more $'</title>");
  });
});

describe('how long browsers keep the built files', () => {
  it('keeps hashed assets a year, the media images a week (revalidated in the background), anything else an hour', async () => {
    mkdirSync(path.join(webRoot, 'media', 'courses'), { recursive: true });
    writeFileSync(path.join(webRoot, 'assets', 'index-1.js'), 'console.log(1)');
    writeFileSync(path.join(webRoot, 'media', 'courses', 'python.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(path.join(webRoot, 'manifest.webmanifest'), '{}');
    const t = await createTestApp({ webRoot });
    try {
      const cacheOf = async (url: string) => {
        const res = await t.app.inject({ url });
        expect(res.statusCode, url).toBe(200);
        return res.headers['cache-control'];
      };
      expect(await cacheOf('/assets/index-1.js')).toBe('public, max-age=31536000, immutable');
      expect(await cacheOf('/media/courses/python.svg')).toBe('public, max-age=604800, stale-while-revalidate=86400');
      expect(await cacheOf('/manifest.webmanifest')).toBe('public, max-age=3600');
    } finally {
      await t.close();
    }
  });
});
