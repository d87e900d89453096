/**
 * Every page in e2e/pages.ts, at 1280 and 375 px: axe finds no serious or critical violation
 * (with WCAG 2.2's target size, SC 2.5.8: every link and button 24 by 24 px or far enough from the
 * next one; at 375 px every target is 24 by 24 px, spacing or not), nothing overflows sideways,
 * every table fits the window with its words whole, tabs stay on one row, an open dialog dims the
 * whole window, and a screenshot is saved under e2e/artifacts/pages/ (gitignored) to look at (with
 * E2E_SCREENSHOTS=failures, only a failing page's). One test per page and width, so a failure names both.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Result } from 'axe-core';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshTab, launch, pageSettled, runAxe, scrollSettled, type FreshTab } from './browser';
import { keptSignedIn, makeFixtures, sessionOf, type Fixtures } from './fixtures';
import { pages, type PageCase } from './pages';

const screenshots = path.join(import.meta.dirname, 'artifacts', 'pages');
/**
 * E2E_SCREENSHOTS=failures (CI, where nobody looks at them): only a page that fails its checks is saved. A full-page
 * PNG costs the browser about 0.4 s of CPU, 246 times.
 */
const everyScreenshot = process.env.E2E_SCREENSHOTS !== 'failures';
const widths = [1280, 375] as const;

let browser: Browser;
let fixtures: Fixtures;

/**
 * Each width is a lane of its own, the two side by side (one lane alone took 1.6 s a check for 1.1 s of
 * CPU, measured: it leaves a core partly idle), its pages one after another in one tab (`freshTab`). A lane signs in with sessions of its
 * own: a page may refresh its tokens, and two lanes spending one refresh token would sign each other out.
 */
interface Lane {
  tab: FreshTab;
  storage: Fixtures['storage'];
}
const lanes = new Map<number, Lane>();

beforeAll(async () => {
  mkdirSync(screenshots, { recursive: true });
  browser = await launch();
  fixtures = await makeFixtures(browser);
  // The first lane signs in with the fixtures' sessions, every other with new ones of the same users.
  const [first, ...others] = widths;
  lanes.set(first, { tab: await freshTab(browser, { width: first }), storage: fixtures.storage });
  for (const width of others) {
    const [student, admin] = await Promise.all([sessionOf(browser, fixtures.accounts.student), sessionOf(browser, fixtures.accounts.admin)]);
    lanes.set(width, { tab: await freshTab(browser, { width }), storage: { visitor: fixtures.storage.visitor, student, admin } });
  }
}, 180_000);
afterAll(() => browser?.close());

/** axe's serious and critical violations, one readable line per rule with the first few elements. */
async function axeViolations(page: Page): Promise<string[]> {
  // target-size (WCAG 2.2 AA, SC 2.5.8) is off in axe by default: a phone's thumb needs it.
  // Only the violations are read: axe then skips collecting every element that passed (400 → 285 ms a page, measured).
  const results = await runAxe(page, { resultTypes: ['violations'], rules: { 'target-size': { enabled: true } } });
  return results.violations
    .filter((violation: Result) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.help}\n` +
        violation.nodes
          .slice(0, 4)
          .map((node) => `    ${node.target.join(' ')}: ${node.failureSummary?.replace(/\s+/g, ' ') ?? ''}`)
          .join('\n'),
    );
}

/**
 * Sideways overflow: the page wider than the window (the outermost elements past its edge), and
 * controls cut off inside a box that hides its overflow or its scrollbar (a tab strip, a menu),
 * which a reader cannot reach.
 */
function sidewaysOverflow(page: Page) {
  return page.evaluate(() => {
    const describe = (element: Element) => {
      const id = element.id ? `#${element.id}` : '';
      const classes = [...element.classList]
        .slice(0, 3)
        .map((c) => `.${c}`)
        .join('');
      return `${element.tagName.toLowerCase()}${id}${classes}`;
    };
    const pathOf = (element: Element) => {
      const parts: string[] = [];
      for (let e: Element | null = element; e && e !== document.body && parts.length < 4; e = e.parentElement) parts.unshift(describe(e));
      return parts.join(' > ');
    };
    const problems: string[] = [];

    const root = document.scrollingElement ?? document.documentElement;
    const limit = root.clientWidth;
    if (root.scrollWidth > limit) {
      const sticksOut = (element: Element) => {
        const rect = element.getBoundingClientRect();
        return rect.width > 0 && (rect.right > limit + 1 || rect.left < -1);
      };
      // Inside a box that scrolls or clips (a tab strip), an element past the edge does not widen the page: not named.
      const insideClippingBox = (element: Element) => {
        for (let e = element.parentElement; e && e !== document.body; e = e.parentElement) if (getComputedStyle(e).overflowX !== 'visible') return true;
        return false;
      };
      const offenders: string[] = [];
      for (const element of document.body.querySelectorAll('*')) {
        if (!sticksOut(element) || (element.parentElement && element.parentElement !== document.body && sticksOut(element.parentElement))) continue;
        if (insideClippingBox(element)) continue;
        const rect = element.getBoundingClientRect();
        offenders.push(`${pathOf(element)} (left ${Math.round(rect.left)}, right ${Math.round(rect.right)})`);
        if (offenders.length === 6) break;
      }
      problems.push(`the page is ${root.scrollWidth}px wide in a ${limit}px window; past the edge:\n    ${offenders.join('\n    ')}`);
    }

    const controls = 'a[href], button, [role="tab"], [role="menuitem"], input, select, textarea';
    for (const box of document.body.querySelectorAll('*')) {
      if (box.scrollWidth <= box.clientWidth + 1) continue;
      const style = getComputedStyle(box);
      const hidesScrollbar = style.scrollbarWidth === 'none';
      if (!(style.overflowX === 'hidden' || style.overflowX === 'clip' || ((style.overflowX === 'auto' || style.overflowX === 'scroll') && hidesScrollbar)))
        continue;
      const edge = box.getBoundingClientRect();
      const cut = [...box.querySelectorAll(controls)].filter((control) => {
        const rect = control.getBoundingClientRect();
        return rect.width > 0 && rect.height > 0 && (rect.right > edge.right + 1 || rect.left < edge.left - 1);
      });
      if (cut.length)
        problems.push(
          `${pathOf(box)} cuts off ${cut.length} control(s) (${style.overflowX}${hidesScrollbar ? ', scrollbar hidden' : ''}): ` +
            cut
              .slice(0, 3)
              .map((control) => `${describe(control)} "${(control.textContent ?? '').trim().slice(0, 30)}"`)
              .join(', '),
        );
    }
    return problems;
  });
}

/**
 * Tables a reader can read: no cell past the window's edge (a table wider than a phone scrolls its
 * last columns out of sight: studio tables become cards instead), and no word broken between two
 * letters (a column squeezed to a few characters a line).
 */
function unreadableTables(page: Page) {
  return page.evaluate(() => {
    const problems: string[] = [];
    const limit = document.documentElement.clientWidth;
    const letter = /[\p{L}\p{N}]/u;
    const range = document.createRange();
    for (const cell of document.querySelectorAll('td, th')) {
      const rect = cell.getBoundingClientRect();
      // A visually hidden heading (the cards' thead, one clipped pixel) is not read on screen.
      if (rect.width <= 1 || rect.height <= 1) continue;
      let clipped = false;
      for (let e = cell.parentElement; e && !clipped && e !== document.body; e = e.parentElement) {
        const box = e.getBoundingClientRect();
        clipped = box.width <= 1 || box.height <= 1;
      }
      if (clipped) continue;
      const text = (cell.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      if (rect.right > limit + 1 || rect.left < -1)
        problems.push(`table cell "${text}" goes past the ${limit}px window (left ${Math.round(rect.left)}, right ${Math.round(rect.right)})`);
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        // A machine id in <code> (cs_test_…, sub_…) is no word: it may break anywhere.
        if (node.parentElement?.closest('code')) continue;
        const value = node.nodeValue ?? '';
        let previous: { top: number; char: string } | null = null;
        for (let i = 0; i < value.length; i++) {
          const char = value[i]!;
          if (/\s/.test(char)) {
            previous = null;
            continue;
          }
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const box = range.getClientRects()[0];
          if (!box || box.width === 0) continue;
          if (previous && box.top > previous.top + box.height / 2 && letter.test(previous.char) && letter.test(char)) {
            problems.push(`table cell "${text}" breaks the word "${value.slice(Math.max(0, i - 12), i + 12).trim()}" mid-word (at ${limit}px)`);
            break;
          }
          previous = { top: box.top, char };
        }
      }
      if (problems.length >= 8) break;
    }
    return problems;
  });
}

/**
 * On a phone every link, button and field is a target a thumb can hit: at least 24 by 24 CSS px
 * (WCAG 2.2's minimum, SC 2.5.8; axe above also allows a smaller one far enough from the others,
 * which let 17 px tall footer links pass), a checkbox or radio counted with its label. A link inside
 * a sentence is exempt, as the SC says.
 */
function smallTargets(page: Page) {
  return page.evaluate(() => {
    const problems: string[] = [];
    const targets = 'a[href], button, [role="button"], [role="tab"], [role="menuitem"], input:not([type="hidden"]), select, textarea, summary';
    for (const target of document.querySelectorAll<HTMLElement>(targets)) {
      let rect = target.getBoundingClientRect();
      // Not drawn, or visually hidden (a skip link until focused).
      if (rect.width <= 1 || rect.height <= 1) continue;
      const style = getComputedStyle(target);
      if (style.visibility === 'hidden' || style.pointerEvents === 'none') continue;
      const label = target instanceof HTMLInputElement && (target.type === 'checkbox' || target.type === 'radio') ? target.labels?.[0] : undefined;
      if (label) {
        const around = label.getBoundingClientRect();
        const left = Math.min(rect.left, around.left);
        const top = Math.min(rect.top, around.top);
        rect = new DOMRect(left, top, Math.max(rect.right, around.right) - left, Math.max(rect.bottom, around.bottom) - top);
      }
      if (rect.width >= 23.5 && rect.height >= 23.5) continue;
      if (style.display === 'inline') {
        let block = target.parentElement;
        while (block && getComputedStyle(block).display === 'inline') block = block.parentElement;
        const own = (target.textContent ?? '').trim().length;
        if (block && (block.textContent ?? '').replace(/\s+/g, ' ').trim().length > own + 12) continue;
      }
      const name = (target.getAttribute('aria-label') ?? target.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 30);
      problems.push(`${target.tagName.toLowerCase()} "${name}" is ${Math.round(rect.width)}x${Math.round(rect.height)} px: a touch target needs 24x24`);
      if (problems.length >= 8) break;
    }
    return problems;
  });
}

/** A tab list keeps its tabs on one row (scrolling sideways if it must): a phone wrapped the course page's four tabs into a 2x2 grid. */
function wrappedTabs(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('[role="tablist"]')].flatMap((list) => {
      const tops = [...list.querySelectorAll('[role="tab"]')]
        .map((tab) => tab.getBoundingClientRect())
        .filter((rect) => rect.width > 0)
        .map((rect) => Math.round(rect.top));
      return new Set(tops).size > 1 ? [`the tabs of ${list.id ? `#${list.id}` : 'a tab list'} wrap onto ${new Set(tops).size} rows`] : [];
    }),
  );
}

/**
 * An open dialog's backdrop dims everything behind it, the sticky header too (the header's
 * backdrop-filter made Chromium paint it above the plan dialog's backdrop): the top strip of the
 * window, outside the dialog, is dark.
 */
async function undimmedHeader(page: Page): Promise<string[]> {
  const strip = await page.evaluate(() => {
    if (!document.querySelector('.modal-backdrop.show')) return null;
    const dialog = document.querySelector('.modal.show .modal-content')?.getBoundingClientRect();
    // A strip across the top, left of the dialog when the dialog reaches the top.
    const height = 6;
    if (dialog && dialog.top < height + 4) return null;
    return { x: 0, y: 2, width: document.documentElement.clientWidth, height };
  });
  if (!strip) return [];
  const { data, info } = await sharp(await page.screenshot({ clip: strip }))
    .raw()
    .toBuffer({ resolveWithObject: true });
  let sum = 0;
  for (let i = 0; i < data.length; i += info.channels) sum += (data[i]! + data[i + 1]! + data[i + 2]!) / 3;
  const brightness = sum / (data.length / info.channels);
  return brightness > 170 ? [`an open dialog leaves the top of the window undimmed (brightness ${Math.round(brightness)} of 255)`] : [];
}

async function open(page: Page, pageCase: PageCase) {
  await pageCase.prepare?.(page, fixtures);
  const target = typeof pageCase.path === 'function' ? pageCase.path(fixtures) : pageCase.path;
  const response = await page.goto(target);
  expect(response?.status(), `status of ${target}`).toBe(pageCase.status ?? 200);
  const seen = typeof pageCase.see === 'function' ? pageCase.see(fixtures) : pageCase.see;
  const locator = 'heading' in seen ? page.getByRole('heading', { name: seen.heading }) : page.getByText(seen.text);
  await locator.first().waitFor();
  // Let late requests (prices, progress, images) settle and skeletons give way, then fonts, so the page is checked as a reader sees it.
  await pageSettled(page);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await pageCase.act?.(page);
  // Checked once what the action opened has faded in: mid-fade, a dialog's text has not its colour yet (axe measured
  // a 3.7:1 contrast on a button of a dialog still fading in).
  // (Endless ones, a spinner, never settle and are not waited for.)
  // A dialog's fade may start a frame after what the action waited for is in the page, so its opacity is waited for too
  // (axe once measured a hovered button through a dialog still at 97%).
  await page.waitForFunction(
    () =>
      document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity) &&
      [...document.querySelectorAll('.modal.show, .offcanvas.show')].every((element) => getComputedStyle(element).opacity === '1'),
  );
  // And once a scroll the action started has ended (picking a lesson in the list below the stage brings the stage into view).
  await scrollSettled(page);
}

/** PAGES=name,name runs only those pages. */
const only = process.env.PAGES?.split(',').map((name) => name.trim());
const chosen = only ? pages.filter((pageCase) => only.includes(pageCase.name)) : pages;

describe.concurrent.each(widths)('every page at %i px', (width) => {
  it.sequential.each(chosen.map((pageCase) => [pageCase.name, pageCase] as const))(
    '%s: no serious axe violation, no sideways overflow, readable tables',
    async (name, pageCase) => {
      const audience = pageCase.as ?? 'visitor';
      const lane = lanes.get(width)!;
      const { context, page, startAs } = lane.tab;
      await startAs(lane.storage[audience]);
      try {
        await open(page, pageCase);
        const screenshot = () => page.screenshot({ path: path.join(screenshots, `${name}-${width}.png`), fullPage: true });
        if (everyScreenshot) await screenshot();
        const problems = [
          ...(await sidewaysOverflow(page)),
          ...(await unreadableTables(page)),
          ...(await wrappedTabs(page)),
          ...(width < 600 ? await smallTargets(page) : []),
          ...(await undimmedHeader(page)),
          ...(await axeViolations(page)),
        ];
        if (problems.length && !everyScreenshot) await screenshot();
        expect(problems, `${name} at ${width}px:\n${problems.join('\n')}`).toEqual([]);
      } finally {
        // A page may have refreshed its expired access token, which spends the stored refresh token (it rotates, and
        // a spent one revokes its family); the next page opens with what this one left, as the same browser would.
        if (audience !== 'visitor') lane.storage[audience] = await keptSignedIn(context, lane.storage[audience]);
      }
    },
  );
});
