// npm run bench: seeds 40 courses × 8 sections × 12 lessons (DATABASE_URL, else a temporary PGlite),
// runs the server in production mode and measures, in one run, requests per second and p99 latency
// of a hello-world route on the same server (the ceiling), the course list and a course detail.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { openDatabase } from '../src/server/db/client.js';
import { seedBenchCatalog } from '../src/server/db/seed/index.js';

const duration = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const port = Number(process.env.BENCH_PORT ?? 3999);
const dataDir = mkdtempSync(path.join(tmpdir(), 'lectern-bench-'));
const databaseUrl = process.env.DATABASE_URL;

const handle = await openDatabase(databaseUrl ? { url: databaseUrl } : { dataDir: `${dataDir}/db` });
await handle.migrate();
await seedBenchCatalog(handle.db, { courses: 40, sections: 8, lessons: 12 });
await handle.close();

const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
  cwd: path.resolve(import.meta.dirname, '..'),
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});

try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      if (i > 240) throw new Error('server did not start');
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  const detailSlug = 'bench-course-1';
  const targets = [
    { name: 'hello world (ceiling)', path: '/healthz' },
    { name: 'GET /api/v1/courses/', path: '/api/v1/courses/' },
    { name: `GET /api/v1/courses/${detailSlug}/ (96 lessons)`, path: `/api/v1/courses/${detailSlug}/` },
  ];
  const results: { name: string; rps: number; p99: number }[] = [];
  for (const target of targets) {
    await autocannon({ url: base + target.path, connections, duration: 2 }); // warm-up
    const r = await autocannon({ url: base + target.path, connections, duration });
    if (r.non2xx > 0 || r.errors > 0) throw new Error(`${target.name}: ${r.non2xx} non-2xx, ${r.errors} errors`);
    results.push({ name: target.name, rps: r.requests.average, p99: r.latency.p99 });
  }
  const ceiling = results[0]!;
  console.log(`\n${connections} connections, ${duration} s each, ${databaseUrl ? 'PostgreSQL' : 'PGlite'}\n`);
  console.log('route'.padEnd(48), 'req/s'.padStart(9), 'p99 ms'.padStart(8), 'ratio'.padStart(7));
  for (const r of results)
    console.log(r.name.padEnd(48), r.rps.toFixed(0).padStart(9), String(r.p99).padStart(8), (r.rps / ceiling.rps).toFixed(2).padStart(7));
  console.log('\nTargets: list ≥ 0.50 of the ceiling, detail ≥ 0.30.');
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
