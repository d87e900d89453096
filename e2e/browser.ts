import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, RunOptions } from 'axe-core';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const baseUrl = () => inject('baseUrl');

/** What a browser keeps of a signed-in user (cookies and each origin's localStorage). */
export type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;

/** Content-Security-Policy violations seen in any page of ours since the last check (e2e/policy-guard.ts fails the test on any). */
const violations: string[] = [];

/** Returns and forgets the violations seen so far. */
export function takeCspViolations(): string[] {
  return violations.splice(0);
}

const ours = (url: string) => url === 'about:blank' || url === 'about:srcdoc' || /^https?:\/\/(127\.0\.0\.1|localhost)(:\d+)?\//.test(url);

/**
 * Every page of the context reports each `securitypolicyviolation` event (a refused inline script, style, frame, worker or
 * connection) of our own documents; a video provider's frame has policies of its own, which are not ours to keep.
 */
async function reportViolations(context: BrowserContext): Promise<void> {
  await context.exposeBinding('__lecternPolicyViolation', ({ frame }, report: string) => {
    if (ours(frame.url())) violations.push(report);
  });
  await context.addInitScript(() => {
    document.addEventListener(
      'securitypolicyviolation',
      (event) => {
        const report = (window as unknown as { __lecternPolicyViolation?: (report: string) => void }).__lecternPolicyViolation;
        report?.(
          `${event.disposition} ${event.effectiveDirective}: refused ${event.blockedURI || '(inline)'} on ${event.documentURI}` +
            `${event.sourceFile ? ` at ${event.sourceFile}:${event.lineNumber}` : ''}${event.sample ? ` "${event.sample}"` : ''}`,
        );
      },
      true,
    );
  });
}

/** Chromium, where every context (however a spec makes it) reports the policy violations of its pages. */
export async function launch(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options?: BrowserContextOptions) => {
    const context = await newContext(options);
    await reportViolations(context);
    return context;
  };
  return browser;
}

/** A page whose console errors and failed same-origin requests are collected for assertions. */
export async function openPage(
  browser: Browser,
  options: { width?: number; storageState?: BrowserContextOptions['storageState']; locale?: string } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const width = options.width ?? 1280;
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width, height: width < 600 ? 812 : 900 },
    storageState: options.storageState,
    ...(options.locale ? { locale: options.locale } : {}),
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !/youtube|vimeo|ERR_NAME_NOT_RESOLVED|ERR_INTERNET_DISCONNECTED|net::ERR_/.test(message.text()))
      errors.push(message.text());
  });
  return { context, page, errors };
}

/** A browser tab that opens page after page, each as its own first visit (see `freshTab`). */
export interface FreshTab {
  context: BrowserContext;
  page: Page;
  /**
   * Leaves the last page for a plain document of the site (its robots.txt, so the next page is a full load
   * even when only its #fragment differs), forgets what the last page left (cookies, local and session
   * storage, IndexedDB, the HTTP cache, the request routes a check set) and takes `storage` as the
   * browser's: the next `goto` opens as that user, or as a visitor when it is empty.
   */
  startAs(storage: StorageState): Promise<void>;
}

/**
 * One tab reused for many pages, each opened as if in a new browser. A new context and page per page
 * cost Chromium a renderer process: about 0.9 s of CPU a page on this 2-core machine, against 0.2 s
 * for navigating a tab it already has (measured, e2e over /courses).
 */
export async function freshTab(browser: Browser, options: { width: number }): Promise<FreshTab> {
  const { context, page } = await openPage(browser, options);
  const cdp = await context.newCDPSession(page);
  // A page with unsaved changes (the email composer) asks before it is left: the next page leaves it.
  page.on('dialog', (dialog) => void (dialog.type() === 'beforeunload' ? dialog.accept() : dialog.dismiss()));
  const origin = new URL(baseUrl()).origin;
  const startAs = async (storage: StorageState) => {
    if (storage.origins.some((o) => o.origin !== origin)) throw new Error(`freshTab keeps the storage of ${origin} only`);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.goto(`${origin}/robots.txt`);
    await context.clearCookies();
    if (storage.cookies.length) await context.addCookies(storage.cookies);
    const items = storage.origins[0]?.localStorage ?? [];
    await page.evaluate(async (items) => {
      localStorage.clear();
      sessionStorage.clear();
      for (const database of await indexedDB.databases())
        if (database.name) {
          const request = indexedDB.deleteDatabase(database.name);
          await new Promise((resolve) => (request.onsuccess = request.onerror = request.onblocked = resolve));
        }
      for (const { name, value } of items) localStorage.setItem(name, value);
    }, items);
    await cdp.send('Network.clearBrowserCache');
  };
  return { context, page, startAs };
}

/** The app's own signs of loading: a region marked busy, or a skeleton's 'Loading …' status. */
const LOADING = '[aria-busy="true"], [role="status"][aria-label^="Loading"]';

/**
 * Waits until the network has been quiet for 500 ms (Playwright's networkidle, reached once per
 * navigation) and the page then shows no sign of loading: a page checked as a reader sees it once
 * it has loaded.
 */
export async function pageSettled(page: Page, timeoutMs = 30_000): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: timeoutMs });
  await page.waitForFunction((selector) => !document.querySelector(selector), LOADING, { timeout: timeoutMs });
}

/** Waits until the window has stopped scrolling (a smooth scroll the page started takes about half a second, and no animation list shows it). */
export async function scrollSettled(page: Page, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = await page.evaluate(() => scrollY);
  for (;;) {
    await page.waitForTimeout(100);
    const now = await page.evaluate(() => scrollY);
    if (now === last) return;
    if (Date.now() > deadline) throw new Error(`the window kept scrolling for ${timeoutMs} ms`);
    last = now;
  }
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Runs axe on the page (`options`: axe's, e.g. a rule it leaves off by default). axe is loaded the way DevTools runs a snippet (page.evaluate), not as a <script> tag
 * (addScriptTag): the page's policy refuses inline scripts, and the test's own tool must not need an exception.
 */
export async function runAxe(page: Page, options: RunOptions = {}): Promise<AxeResults> {
  await page.evaluate(axeSource);
  return page.evaluate(
    (runOptions) => (window as unknown as { axe: { run: (context: Document, options: RunOptions) => Promise<AxeResults> } }).axe.run(document, runOptions),
    options,
  );
}
