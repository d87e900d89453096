// The bench's load clients: autocannon in this process, and wrk (a plain HTTP client in C) outside it.
//
// autocannon is trimmed of two costs that grow with the response's size and have nothing to do with
// the server under test, which shares this machine's two cores with it:
// - It appends every body chunk to a string (PipelinedRequestsQueue.addBody: `body += buffer`, a
//   UTF-8 decode of every byte), though the bench never reads a body. That is off.
// - Each socket read allocates a fresh 64 KB buffer. At 30,000 detail pages a second that is over a
//   gigabyte a second of memory outside V8's heap, and V8 answers "external memory pressure" with
//   back-to-back full collections: measured with --trace-gc on 2026-11-29, a Mark-Compact every
//   60 ms for seconds at a time, during which the client, not the server, was the bottleneck (the
//   server's CPU fell to 0.46-0.78 of a core while the client's rose to 0.95), and a slice read
//   0.40 of the ceiling where the slices around it read 0.70. Each connection now reads into one
//   buffer of its own (net's `onread`), as wrk does.
// BENCH_CLIENT_STOCK=1 runs autocannon as shipped, to compare.
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import autocannon from 'autocannon';

const require = createRequire(import.meta.url);

if (process.env.BENCH_CLIENT_STOCK !== '1') {
  const { default: Queue } = (await import(path.join(path.dirname(require.resolve('autocannon')), 'lib', 'pipelinedRequestsQueue.js'))) as {
    default: { prototype: { addBody(data: Buffer): void } };
  };
  Queue.prototype.addBody = function () {};

  // autocannon connects by net.connect(port, hostname); every other caller here (fetch, pg) passes an
  // options object and keeps Node's own reads.
  const connect = net.connect;
  (net as { connect: unknown }).connect = function (...args: unknown[]) {
    if (typeof args[0] !== 'number' || typeof args[1] !== 'string') return (connect as (...a: unknown[]) => net.Socket).apply(net, args);
    const buffer = Buffer.allocUnsafe(128 * 1024);
    // With onread, the socket hands each read to the callback instead of emitting it; autocannon listens for 'data'.
    const callback = (n: number, read: Uint8Array) => {
      socket.emit('data', Buffer.from(read.buffer, read.byteOffset, n));
      return true;
    };
    const socket: net.Socket = connect({ port: args[0], host: args[1], onread: { buffer, callback } });
    return socket;
  };
}

export interface Slice {
  requests: { average: number };
  throughput: { average: number };
  latency: { p50: number; p99: number };
}
export type Client = 'autocannon' | 'wrk';

export interface Load {
  url: string;
  connections: number;
  /** Seconds. */
  duration: number;
  headers?: Record<string, string>;
  client?: Client;
  /** A write (autocannon only): its method and JSON body. */
  method?: 'POST';
  body?: string;
}

/** One slice of load on a URL; a non-2xx answer or a socket error fails the run. */
export async function run({ url, connections, duration, headers = {}, client = 'autocannon', method, body }: Load): Promise<Slice> {
  if (client === 'wrk') {
    if (method) throw new Error('the wrk rows measure reads only');
    return runWrk(url, connections, duration, headers);
  }
  const write = method ? { method, body, headers: { 'content-type': 'application/json', ...headers } } : { headers };
  const r = await autocannon({ url, connections, duration, ...write });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return r;
}

const wrkPath = process.env.BENCH_WRK ?? 'wrk';
/** Whether wrk is installed (apt-get install wrk): the 'outside' rows need it. */
export const wrkFound = spawnSync(wrkPath, ['--version']).error === undefined;

/** The same slice from outside this process, by wrk (one thread). */
async function runWrk(url: string, connections: number, duration: number, headers: Record<string, string>): Promise<Slice> {
  const args = ['-t1', `-c${connections}`, `-d${Math.max(1, Math.round(duration))}s`, '--latency'];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
  const child = spawn(wrkPath, [...args, url]);
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  await new Promise((resolve) => child.on('close', resolve));
  const number = (pattern: RegExp) => Number(pattern.exec(out)?.[1] ?? NaN);
  const ms = (line: RegExp) => {
    const [, value, unit] = line.exec(out) ?? [];
    return Number(value) * ({ us: 0.001, ms: 1, s: 1000 }[unit as 'us' | 'ms' | 's'] ?? NaN);
  };
  const size = (line: RegExp) => {
    const [, value, unit] = line.exec(out) ?? [];
    return Number(value) * ({ B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 }[unit as 'B'] ?? NaN);
  };
  if (/Non-2xx|Socket errors/.test(out) || Number.isNaN(number(/Requests\/sec:\s+([\d.]+)/))) throw new Error(`${url} (wrk): ${out}`);
  return {
    requests: { average: number(/Requests\/sec:\s+([\d.]+)/) },
    throughput: { average: size(/Transfer\/sec:\s+([\d.]+)(B|KB|MB|GB)/) },
    latency: { p50: ms(/^\s+50%\s+([\d.]+)(us|ms|s)$/m), p99: ms(/^\s+99%\s+([\d.]+)(us|ms|s)$/m) },
  };
}
