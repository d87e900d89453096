import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseListItem } from '../src/shared/catalog';
import { baseUrl, launch, openPage } from './browser';

let browser: Browser;
let paidCourse: string;
beforeAll(async () => {
  browser = await launch();
  const courses = (await (await fetch(`${baseUrl()}/api/v1/courses/`)).json()) as CourseListItem[];
  paidCourse = courses.find((c) => c.course_type === 'paid')!.slug;
});
afterAll(() => browser.close());

const publicPages = () => ['/', '/courses', `/courses/${paidCourse}`, '/subscribe', '/services'];

describe('the first paint of the public pages', () => {
  it('needs only the HTML: the critical CSS is inline and no stylesheet blocks rendering', async () => {
    for (const path of publicPages()) {
      const html = await (await fetch(`${baseUrl()}${path}`)).text();
      const head = html.slice(0, html.indexOf('</head>'));
      const inlined = [...head.matchAll(/<style[^>]*>(.*?)<\/style>/gs)].map((m) => m[1]).join('');
      expect(inlined, path).toContain('.navbar{');
      expect(inlined, path).not.toContain('.modal{'); // only what the page's HTML uses
      expect(inlined, path).toMatch(/@font-face\{font-family:Inter Variable;[^}]*font-display:optional/);
      // Stylesheets load as print stylesheets (lowest priority, never blocking) and apply to all media once a script
      // carrying the page's nonce switches them (the policy refuses inline handlers such as onload="this.media='all'");
      // the only plain links are the <noscript> fallbacks.
      const links = head.replace(/<noscript>.*?<\/noscript>/gs, '').match(/<link[^>]*rel="stylesheet"[^>]*>/g) ?? [];
      expect(links.length, path).toBeGreaterThan(0);
      for (const link of links) expect(link, path).toMatch(/media="print" data-beasties-media="all"/);
      expect(html, path).not.toMatch(/<[^>]+\son(load|error|click)=/);
      // The app's modules are not needed for the first paint: they wait behind the font and the hero image.
      const modules = head.match(/<(script type="module"|link rel="modulepreload")[^>]*>/g) ?? [];
      expect(modules.length, path).toBeGreaterThan(0);
      for (const module of modules) expect(module, path).toContain('fetchpriority="low"');
      expect(head, path).toMatch(/<noscript><link rel="stylesheet" crossorigin href="\/assets\/storefront-[^"]+\.css"><\/noscript>/);
      // A landing page's code comes in a few files, not one per set of pages sharing a module: on a phone each is a
      // request queued behind the others (scripts/storefront-chunks.ts).
      if (!path.startsWith('/subscribe') && !path.startsWith('/services')) expect(modules.length, path).toBeLessThanOrEqual(6);
    }
    // A page the browser renders itself waits on its modules: they keep their usual priority there.
    const clientRendered = await (await fetch(`${baseUrl()}/dashboard`)).text();
    expect(clientRendered).toMatch(/<script type="module" crossorigin src="\/assets\/index-[^"]+\.js">/);
    expect(clientRendered).not.toContain('fetchpriority="low"');
  });

  it('paints before the stylesheets arrive, and applies them to the screen when they do', async () => {
    const { context, page, errors } = await openPage(browser, { width: 375 });
    await page.route(/\/assets\/[^/]*\.css$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    for (const path of publicPages()) {
      await page.goto(path, { waitUntil: 'load' });
      const { paint, sheets, unswitched } = await page.evaluate(() => ({
        paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
        sheets: performance
          .getEntriesByType('resource')
          .filter((entry) => entry.name.endsWith('.css'))
          .map((entry) => (entry as PerformanceResourceTiming).responseEnd),
        // Still a print stylesheet: the script carrying the nonce did not switch it (the app's own later links have no media).
        unswitched: [...document.querySelectorAll('link[rel="stylesheet"]')].filter((link) => (link as HTMLLinkElement).media === 'print').length,
      }));
      expect(sheets.length, path).toBeGreaterThan(0);
      expect(paint, path).toBeDefined();
      expect(paint!, path).toBeLessThan(Math.min(...sheets));
      expect(unswitched, path).toBe(0);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  // The text font arrives late on a slow phone: the page must not move when it does (layout shift ≤ 0.02), nor when
  // the full stylesheets land or React hydrates.
  it.each([375, 1280])('does not move while loading, with a slow text font, at %i px', async (width) => {
    const { context, page, errors } = await openPage(browser, { width });
    await page.route(/\/assets\/inter-[^/]*\.woff2$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.addInitScript(() => {
      const w = window as unknown as { layoutShift: number };
      w.layoutShift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
          if (!entry.hadRecentInput) w.layoutShift += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    for (const path of publicPages()) {
      await page.goto(path);
      await page.locator('footer').waitFor();
      await page.waitForTimeout(2500);
      const shift = await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);
      expect(shift, `${path} at ${width} px`).toBeLessThanOrEqual(0.02);
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
