import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const dockerfile = readFileSync(new URL('../Dockerfile', import.meta.url), 'utf8');
const main = readFileSync(new URL('../src/server/main.ts', import.meta.url), 'utf8');
const runtimeStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));

describe('the Docker image', () => {
  it("carries every build output the server loads (the web app and the public pages' renderer)", () => {
    const loaded = [...new Set([...main.matchAll(/'\.\.\/\.\.\/(dist\/[\w-]+)/g)].map((m) => m[1]!))];
    expect(loaded).toEqual(expect.arrayContaining(['dist/web', 'dist/ssr']));
    for (const folder of loaded) expect(runtimeStage, folder).toContain(`COPY --from=build /app/${folder} ./${folder}`);
  });
});
