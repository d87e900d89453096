// After `vite build` (`node scripts/critical-css.mjs [web root, default dist/web]`): compiles every built stylesheet into Beasties' plan once, so the server can
// inline each server-rendered page's critical CSS per request without parsing CSS (seo/critical-css.ts).
// Writes dist/web/.vite/critical-css.json: { sheets: [plans], fontFaces: the entry's @font-face rules }.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { compileSheet, encodePlan } from 'beasties/compiler';

const dist = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../dist/web'));
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const read = (file) => readFileSync(path.join(dist, file), 'utf8');

const sheets = readdirSync(path.join(dist, 'assets'))
  .filter((name) => name.endsWith('.css'))
  .map((name) => encodePlan(compileSheet(read(`assets/${name}`), { href: `/assets/${name}` })));

// Beasties cannot follow a font family given through a custom property (Bootstrap's body font is
// var(--bs-body-font-family)), so the entry's faces are inlined whole: declarations only, the
// browser still downloads just the subsets the text uses.
const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
const fontFaces = (entry?.css ?? []).flatMap((file) => read(file).match(/@font-face\s*\{[^}]*\}/g) ?? []).join('');

writeFileSync(path.join(dist, '.vite/critical-css.json'), JSON.stringify({ sheets, fontFaces }));
console.log(`critical CSS: ${sheets.length} stylesheets compiled, ${fontFaces.length} bytes of @font-face inlined on every server-rendered page`);
