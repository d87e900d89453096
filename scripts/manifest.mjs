// The client build's chunk graph (dist/web/.vite/manifest.json), for the scripts that run after `vite build`.
import { readFileSync } from 'node:fs';
import path from 'node:path';

export function readManifest(dist) {
  return JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
}

/** The entry's key (index.html). */
export function entryKey(manifest) {
  return Object.keys(manifest).find((key) => manifest[key].isEntry);
}

/** The chunks `keys` name and every chunk they import statically, directly or not: what the browser loads with them. */
export function importClosure(manifest, ...keys) {
  const seen = new Set();
  const visit = (key) => {
    if (!manifest[key] || seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return seen;
}
