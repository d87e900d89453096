import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importCycles } from './import-cycles.js';
import { knownFileCycles } from './module-layers.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('import cycles between the files of src', () => {
  it('has none in src/server but the known ones (eslint/module-layers.js knownFileCycles, to shrink)', () => {
    // A new cycle, or a file joining a known one, fails here: break it (ARCHITECTURE.md, "Module order").
    // A file leaving a known cycle fails too: then shorten knownFileCycles.
    expect(importCycles(path.join(root, 'src', 'server'))).toEqual(knownFileCycles);
  });

  it('has none anywhere in src (the server renders the web pages, so their files are one graph)', () => {
    expect(importCycles(path.join(root, 'src'))).toEqual([]);
  });

  it('finds a cycle between two files, through an index, and through a type-only import', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cycles-'));
    try {
      mkdirSync(path.join(dir, 'scratch'));
      writeFileSync(path.join(dir, 'scratch', 'index.ts'), "export { a } from './a.js';\n");
      writeFileSync(path.join(dir, 'scratch', 'a.ts'), "import { b } from '../b.js';\nexport const a = () => b;\n");
      writeFileSync(path.join(dir, 'b.ts'), "import { a } from './scratch/index.js';\nexport const b = () => a;\n");
      writeFileSync(path.join(dir, 'c.ts'), "import type { b } from './b.js';\nexport const c = 1;\nexport type B = typeof b;\n");
      writeFileSync(path.join(dir, 'd.ts'), "import { c } from './c.js';\nexport const d = c;\n");
      expect(importCycles(dir)).toEqual([['b.ts', 'scratch/a.ts', 'scratch/index.ts']]);
      // A type going round: e.ts and f.ts import each other's types only.
      writeFileSync(path.join(dir, 'e.ts'), "import type { F } from './f.js';\nexport type E = { f?: F };\n");
      writeFileSync(path.join(dir, 'f.ts'), "import type { E } from './e.js';\nexport type F = { e?: E };\n");
      expect(importCycles(dir)).toEqual([
        ['b.ts', 'scratch/a.ts', 'scratch/index.ts'],
        ['e.ts', 'f.ts'],
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
