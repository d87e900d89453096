import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { uploadLimits } from '../src/shared/uploads.js';
import { serverEntry, serverNodeArgs } from './server-command.mjs';

const dockerfile = readFileSync(new URL('../Dockerfile', import.meta.url), 'utf8');
const main = readFileSync(new URL('../src/server/main.ts', import.meta.url), 'utf8');
const caddyfile = readFileSync(new URL('../deploy/Caddyfile', import.meta.url), 'utf8');
const pdfFonts = readFileSync(new URL('../src/server/lib/pdf/fonts.ts', import.meta.url), 'utf8');
const runtimeStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));

describe('deploying (Dockerfile, deploy/Caddyfile)', () => {
  it("carries every build output the server loads (the web app and the public pages' renderer)", () => {
    const loaded = [...new Set([...main.matchAll(/'\.\.\/\.\.\/(dist\/[\w-]+)/g)].map((m) => m[1]!))];
    expect(loaded).toEqual(expect.arrayContaining(['dist/web', 'dist/ssr']));
    for (const folder of loaded) expect(runtimeStage, folder).toContain(`COPY --from=build /app/${folder} ./${folder}`);
  });

  it('starts the server with the command npm start and the bench use (scripts/server-command.mjs)', () => {
    // The server's CMD starts its line; the health check's is indented under HEALTHCHECK.
    const command = /^CMD (\[.*\])$/m.exec(runtimeStage)?.[1];
    expect(JSON.parse(command!)).toEqual(['node', ...serverNodeArgs, serverEntry]);
  });

  it("lets the proxy pass the largest upload the app accepts, so the app's own answer (413 with its message) is the one seen", () => {
    const [, size, unit] = /max_size (\d+)(MB|KB)/.exec(caddyfile)!;
    const proxyLimit = Number(size) * (unit === 'MB' ? 1024 * 1024 : 1024);
    expect(proxyLimit).toBeGreaterThan(Math.max(uploadLimits.imageBytes, uploadLimits.resourceBytes));
  });

  it('keeps the font files the PDFs are set in when it drops the rest of the @fontsource packages', () => {
    const prune = /find node_modules\/@fontsource [^\n]*-delete/.exec(dockerfile)?.[0];
    expect(prune).toBeDefined();
    // fonts.ts reads `${pkg}-${subset}-${weight}-normal.woff` for the weights it names.
    const weights = [...pdfFonts.matchAll(/(regular|bold): (\d{3})/g)].map((m) => m[2]!);
    expect(weights.sort()).toEqual(['400', '700']);
    expect(pdfFonts).toContain('-normal.woff`');
    for (const weight of weights) expect(prune).toContain(`! -name '*-${weight}-normal.woff'`);
  });
});
