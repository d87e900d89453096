// How a server process is started: `npm start`, the bench and the tests that start a real server
// (e2e, the admin CLI's, two processes) run this command, and the Dockerfile's CMD writes the same
// (scripts/deploy.test.ts keeps the two equal).
//
// --no-memory-reducer: V8's memory reducer gives memory back when a busy process turns quiet, with
// one full collection that compacts and frees pages while requests keep coming. Measured on two
// cores (npm run bench, PostgreSQL): after a minute of heavy reads, the first seconds of a lighter
// load saw about ten checkouts at 60-150 ms, create-order's p99 90-110 ms against 27-30 ms with the
// reducer off. A server keeps the memory of its busiest minute for the next one instead. V8 reads
// the flag at start only: set later (v8.setFlagsFromString) it changed nothing, measured.
export const serverNodeArgs = ['--no-memory-reducer', '--import', 'tsx'];
export const serverEntry = 'src/server/main.ts';
