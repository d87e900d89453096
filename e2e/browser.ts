import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const baseUrl = () => inject('baseUrl');

export async function launch(): Promise<Browser> {
  return chromium.launch({
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
}

/** A page whose console errors and failed same-origin requests are collected for assertions. */
export async function openPage(
  browser: Browser,
  options: { width?: number; storageState?: BrowserContextOptions['storageState'] } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const width = options.width ?? 1280;
  const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width, height: width < 600 ? 812 : 900 }, storageState: options.storageState });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !/youtube|vimeo|ERR_NAME_NOT_RESOLVED|ERR_INTERNET_DISCONNECTED|net::ERR_/.test(message.text()))
      errors.push(message.text());
  });
  return { context, page, errors };
}
