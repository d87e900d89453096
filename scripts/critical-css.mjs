// After `vite build` (`node scripts/critical-css.mjs [web root, default dist/web]`): compiles every built stylesheet into Beasties' plan once, so the server can
// inline each server-rendered page's critical CSS per request without parsing CSS (web-host/critical-css.ts).
// Writes dist/web/.vite/critical-css.json: { sheets: [plans] }.
//
// The entry's @font-face rules move out of its stylesheet into index.html's head, so every page (server-rendered
// or not) declares its fonts once, before anything paints. Left in the stylesheet too, they were declared a second
// time when it was applied after the first paint: a font that had arrived meanwhile was then used at once, after all,
// and re-wrapped the text ('optional' gives up on a late font, but a new declaration starts afresh).
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { compileSheet, encodePlan } from 'beasties/compiler';
import { entryKey, importClosure, readManifest } from './manifest.mjs';

const dist = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../dist/web'));
const manifest = readManifest(dist);
const read = (file) => readFileSync(path.join(dist, file), 'utf8');

// Beasties cannot follow a font family given through a custom property (Bootstrap's body font is
// var(--bs-body-font-family)), so the entry's faces are declared whole: declarations only, the
// browser still downloads just the subsets the text uses.
// The entry's stylesheets are those of its chunk and the chunks it imports (vite.config.ts groups the app's shared code).
const entryChunks = importClosure(manifest, entryKey(manifest));
const fontFacePattern = /@font-face\s*\{[^}]*\}/g;
let fontFaces = '';
for (const file of new Set([...entryChunks].flatMap((key) => manifest[key].css ?? []))) {
  const css = read(file);
  fontFaces += (css.match(fontFacePattern) ?? []).join('');
  writeFileSync(path.join(dist, file), css.replace(fontFacePattern, ''));
}
const indexFile = path.join(dist, 'index.html');
if (fontFaces && existsSync(indexFile)) {
  const html = readFileSync(indexFile, 'utf8').replace(/<style data-font-faces>.*?<\/style>/s, '');
  writeFileSync(
    indexFile,
    html.replace('</head>', () => `<style data-font-faces>${fontFaces}</style></head>`),
  );
}

const sheets = readdirSync(path.join(dist, 'assets'))
  .filter((name) => name.endsWith('.css'))
  .map((name) => encodePlan(compileSheet(read(`assets/${name}`), { href: `/assets/${name}` })));

writeFileSync(path.join(dist, '.vite/critical-css.json'), JSON.stringify({ sheets }));
console.log(`critical CSS: ${sheets.length} stylesheets compiled; ${fontFaces.length} bytes of @font-face moved from the entry stylesheet into index.html`);
