import { describe, expect, it } from 'vitest';
import { pageFiles } from './routes';

describe('page routes', () => {
  it('names, for every page, the very file its loader imports (the server links that chunk)', async () => {
    expect(pageFiles.size).toBeGreaterThan(30);
    for (const { file, preload } of pageFiles.values()) {
      const loaded = await preload();
      const named: unknown = await import(/* @vite-ignore */ `./${file}`);
      expect(loaded, file).toBe(named);
    }
  }, 60_000);
});
