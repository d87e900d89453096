// npm run lighthouse [base URL]: Lighthouse 12, mobile preset with simulated throttling, three runs each on
// the home page, a paid course page, the course list and the membership page of a running server (default http://localhost:3000, `npm start`),
// prints the median scores and metrics. Chromium from CHROME_PATH (default /usr/bin/chromium).
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const base = (process.argv[2] ?? process.env.LIGHTHOUSE_URL ?? 'http://localhost:3000').replace(/\/$/, '');
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const courses = await (await fetch(`${base}/api/v1/courses/`)).json();
const paid = courses.find((c) => c.course_type === 'paid');
const pages = [
  ['home', `${base}/`],
  ...(paid ? [['paid course', `${base}/courses/${paid.slug}`]] : []),
  ['courses', `${base}/courses`],
  ['subscribe', `${base}/subscribe`],
];

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
});
const rows = [];
try {
  for (const [name, url] of pages) {
    const results = [];
    for (let i = 0; i < runs; i++) {
      const { lhr } = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
      results.push(lhr);
    }
    // The run with the median performance score, so its metrics belong together.
    const score = (lhr) => lhr.categories.performance.score;
    const mid = results.find((lhr) => score(lhr) === median(results.map(score)));
    const audit = (id) => mid.audits[id];
    rows.push({
      page: name,
      performance: Math.round(score(mid) * 100),
      accessibility: Math.round(mid.categories.accessibility.score * 100),
      'best-practices': Math.round(mid.categories['best-practices'].score * 100),
      seo: Math.round(mid.categories.seo.score * 100),
      FCP: audit('first-contentful-paint').displayValue,
      LCP: audit('largest-contentful-paint').displayValue,
      CLS: audit('cumulative-layout-shift').displayValue,
      TBT: audit('total-blocking-time').displayValue,
      'all runs': results.map((lhr) => Math.round(score(lhr) * 100)).join('/'),
    });
    // A run that could not score (performance null, shown as 0) says why, so a broken run is not read as a slow page.
    for (const lhr of results) if (lhr.runtimeError) console.log(`${name}: a run failed: ${lhr.runtimeError.code} (${lhr.runtimeError.message})`);
    const failing = Object.values(mid.audits).filter(
      (a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'notApplicable',
    );
    if (failing.length) console.log(`${name}: audits below 90: ${failing.map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`).join(', ')}`);
  }
} finally {
  chrome.kill();
}
console.log(
  `Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile, simulated throttling, median of ${runs} runs on ${base}`,
);
console.table(rows);
// Issue 26's goals: performance ≥ 95 and accessibility 100 on every page.
const short = rows.filter((r) => r.performance < 95 || r.accessibility < 100);
console.log(
  short.length
    ? `Below the goal (performance ≥ 95, accessibility 100): ${short.map((r) => r.page).join(', ')}`
    : 'Every page meets the goal (performance ≥ 95, accessibility 100).',
);
