import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importCycles } from './import-cycles.js';
import { knownFileCycles } from './module-layers.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('import cycles between the files of src/server', () => {
  it('has none but the known ones (eslint/module-layers.js knownFileCycles, to shrink)', () => {
    // A new cycle, or a file joining a known one, fails here: break it (ARCHITECTURE.md, "Module order").
    // A file leaving a known cycle fails too: then shorten knownFileCycles.
    expect(importCycles(path.join(root, 'src', 'server'))).toEqual(knownFileCycles);
  });

  it('finds a cycle between two files, through an index, and not through a type-only import', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cycles-'));
    try {
      mkdirSync(path.join(dir, 'scratch'));
      writeFileSync(path.join(dir, 'scratch', 'index.ts'), "export { a } from './a.js';\n");
      writeFileSync(path.join(dir, 'scratch', 'a.ts'), "import { b } from '../b.js';\nexport const a = () => b;\n");
      writeFileSync(path.join(dir, 'b.ts'), "import { a } from './scratch/index.js';\nexport const b = () => a;\n");
      writeFileSync(path.join(dir, 'c.ts'), "import type { b } from './b.js';\nexport const c = 1;\nexport type B = typeof b;\n");
      writeFileSync(path.join(dir, 'd.ts'), "import { c } from './c.js';\nexport const d = c;\n");
      expect(importCycles(dir)).toEqual([['b.ts', 'scratch/a.ts', 'scratch/index.ts']]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
