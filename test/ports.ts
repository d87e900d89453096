// A port for a server process a test spawns. It is told its port (PORT, PUBLIC_URL) before it
// starts, so the port is chosen here and bound there a moment later. Ports the kernel hands out on
// its own (port 0 listeners, and the local end of every outgoing connection: a browser, a database
// pool) come from the ephemeral range, 32768-60999 on Linux; a port chosen from that range can be
// taken in the gap, and the server then exits at start (most likely what CI saw once). Below it, only
// another test that chose the same port could take it: random, then checked free by binding it.
import { createServer } from 'node:net';

const LOWEST = 20_000;
const HIGHEST = 32_000;

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A free port below the kernel's ephemeral range, for a spawned server to bind. */
export async function serverPort(): Promise<number> {
  for (let tries = 0; tries < 50; tries++) {
    const port = LOWEST + Math.floor(Math.random() * (HIGHEST - LOWEST));
    if (await canListen(port)) return port;
  }
  throw new Error(`No free port between ${LOWEST} and ${HIGHEST}`);
}
