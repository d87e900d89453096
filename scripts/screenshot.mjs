// Usage: node scripts/screenshot.mjs <url> <out.png> [width=1280] [--full]
// Takes a headless-Chromium screenshot (Debian's chromium, or CHROME_PATH) for looking at a page.
import { chromium } from 'playwright-core';

const [url, out, widthArg, ...flags] = process.argv.slice(2);
if (!url || !out) {
  console.error('Usage: node scripts/screenshot.mjs <url> <out.png> [width] [--full]');
  process.exit(2);
}
const width = Number(widthArg ?? 1280);
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
const page = await browser.newPage({ viewport: { width, height: width < 600 ? 812 : 900 } });
await page.goto(url, { waitUntil: 'networkidle' });
await page.waitForTimeout(400);
await page.screenshot({ path: out, fullPage: flags.includes('--full') });
await browser.close();
console.log(`saved ${out}`);
