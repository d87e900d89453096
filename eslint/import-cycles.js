// The import graph of a source folder (its files, not tests or migrations) and its cycles, for
// eslint/import-cycles.test.ts: lectern/module-deps keeps the modules in their declared order, and
// this finds the cycles between files (inside a module too). Type-only imports count as well (as
// `npx madge --circular` counts them): they load nothing, but a type that goes round in a circle
// still ties two files together, and a file of types both can stand on is the plain fix.
import fs from 'node:fs';
import path from 'node:path';

const importPattern = /(?:^|[;\s])(?:import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function sourceFiles(dir, files = []) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'migrations') sourceFiles(full, files);
    } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) files.push(full);
  }
  return files;
}

/** file → the files of `dir` it imports, types included (relative imports resolved like TypeScript's NodeNext). */
export function importGraph(dir) {
  const graph = new Map();
  for (const file of sourceFiles(dir)) {
    const text = fs.readFileSync(file, 'utf8');
    const targets = new Set();
    for (const match of text.matchAll(importPattern)) {
      const specifier = match[2] ?? match[3];
      if (!specifier.startsWith('.')) continue;
      const base = path.resolve(path.dirname(file), specifier).replace(/\.[cm]?js$/, '');
      const found = [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find((candidate) => fs.existsSync(candidate));
      if (found && found.startsWith(dir + path.sep)) targets.add(found);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** The strongly connected groups of more than one file (Tarjan), each sorted, as paths relative to `dir`. */
export function importCycles(dir) {
  const graph = importGraph(dir);
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  const visit = (file) => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file), low.get(target)));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file), index.get(target)));
    }
    if (low.get(file) !== index.get(file)) return;
    const group = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      group.push(path.relative(dir, member).split(path.sep).join('/'));
    } while (member !== file);
    if (group.length > 1) groups.push(group.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return groups.sort((a, b) => a[0].localeCompare(b[0]));
}
