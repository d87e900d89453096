// After `vite build`: pre-compress assets (served with preCompressed) and print the gzipped
// JavaScript needed for the first paint of `/` (entry + its static imports + the home page chunk).
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';
import { entryKey, importClosure, readManifest } from './manifest.mjs';

const dist = path.resolve(import.meta.dirname, '../dist/web');
const manifest = readManifest(dist);

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}
for (const file of walk(dist)) {
  if (!/\.(js|css|svg|html|json|txt|xml)$/.test(file) || file.includes('.vite')) continue;
  const content = readFileSync(file);
  if (content.length < 1024) continue;
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
}

const gz = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
const homeKey = Object.keys(manifest).find((k) => k.includes('pages/home/HomePage'));
const files = [...importClosure(manifest, entryKey(manifest), homeKey)].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
const total = files.reduce((sum, f) => sum + gz(f), 0);
const allJs = walk(path.join(dist, 'assets')).filter((f) => f.endsWith('.js'));
const everything = allJs.reduce((sum, f) => sum + gzipSync(readFileSync(f), { level: 9 }).length, 0);
const BUDGET_KB = 120;
console.log(
  `First paint of / needs ${(total / 1024).toFixed(1)} KB of gzipped JavaScript in ${files.length} files (budget ≤ ${BUDGET_KB} KB); all routes together: ${(everything / 1024).toFixed(1)} KB.`,
);
// A budget, not a wish: the build fails past it (a shared module that pulls zod into the home page cost 26 KB).
if (total / 1024 > BUDGET_KB) {
  console.error(`The first paint of / is over its ${BUDGET_KB} KB budget: ${files.join(', ')}`);
  process.exitCode = 1;
}
