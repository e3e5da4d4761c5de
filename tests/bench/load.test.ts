import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseLoader, cpuTicks, parseWrk, wrkInstalled as wrkOnPath } from '../../bench/load.ts';

const wrkInstalled = wrkOnPath();

/** A server that counts what it answers: every fourth request a 500, the rest 200; each must carry x-bench. */
let server: Server;
let url = '';
const seen = { answered: 0, failed: 0, withoutHeader: 0 };
beforeAll(async () => {
  server = createServer((req, res) => {
    seen.answered++;
    if (req.headers['x-bench'] !== 'yes') seen.withoutHeader++;
    if (seen.answered % 4 === 0) {
      seen.failed++;
      res.writeHead(500).end('{"error":"no"}');
    } else res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

describe('the bench load generators', () => {
  const loaders = wrkInstalled ? (['autocannon', 'wrk'] as const) : (['autocannon'] as const);

  for (const name of loaders) {
    it(`${name}: counts what the server answered, its failures, and the cores each side used`, async () => {
      const loader = chooseLoader(name);
      const before = { ...seen };
      const measured = await loader.load(url, {
        connections: 4,
        seconds: 1,
        headers: { 'x-bench': 'yes' },
        serverPid: process.pid,
      });
      const answered = seen.answered - before.answered;
      const failed = seen.failed - before.failed;
      expect(answered).toBeGreaterThan(100);
      expect(seen.withoutHeader).toBe(0);
      // requests per second over one second: what the server answered, give or take those in flight at the end
      expect(measured.rps).toBeGreaterThan(answered * 0.8);
      expect(measured.rps).toBeLessThan(answered * 1.2);
      expect(measured.non2xx).toBeGreaterThan(failed * 0.8);
      expect(measured.non2xx).toBeLessThanOrEqual(failed);
      expect(measured.errors).toBe(0);
      expect(measured.p50).toBeLessThanOrEqual(measured.p99);
      // this process answered (and, for autocannon, loaded): it used some of a core, never more than the machine has
      expect(measured.serverCores).toBeGreaterThan(0);
      expect(measured.serverCores).toBeLessThan(4);
      expect(measured.loaderCores).toBeGreaterThan(0);
    });
  }

  it("counts a server's workers with the server, never with the load generator", async () => {
    // this process answers and (autocannon) loads; a busy child of it stands for a cluster worker of the server
    const child = busyChild();
    await expect.poll(() => ticksOf(child, { ownOnly: true })).toBeGreaterThan(0);
    const childBefore = ticksOf(child, { ownOnly: true });
    const began = performance.now();
    const measured = await chooseLoader('autocannon').load(url, {
      connections: 2,
      seconds: 1,
      headers: { 'x-bench': 'yes' },
      serverPid: process.pid,
    });
    // the cores the child used meanwhile, however much of the machine the other tests left it
    const childCores = (ticksOf(child, { ownOnly: true }) - childBefore) / 100 / ((performance.now() - began) / 1000);
    child.kill();
    expect(childCores).toBeGreaterThan(0.05);
    expect((measured.serverCores ?? 0) - (measured.loaderCores ?? 0)).toBeGreaterThan(childCores * 0.7);
  });

  it('wrk only when asked for and installed; any other name is refused', () => {
    expect(chooseLoader(undefined).name).toBe('autocannon');
    expect(() => chooseLoader('ab')).toThrow('BENCH_LOADER is wrk or autocannon, not "ab".');
    if (wrkInstalled) expect(chooseLoader('wrk').name).toBe('wrk');
    else expect(() => chooseLoader('wrk')).toThrow('wrk is not installed');
  });
});

describe("wrk's report", () => {
  const report = (p50: string, p99: string, extra = '') => `Running 4s test @ http://127.0.0.1:4000/json
  1 threads and 50 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     1.27ms  512.00us  20.01ms   91.23%
    Req/Sec    39.10k     2.21k   42.33k    80.00%
  Latency Distribution
     50%    ${p50}
     75%    1.40ms
     90%    1.71ms
     99%    ${p99}
  156400 requests in 4.00s, 28.50MB read
${extra}Requests/sec:  39083.06
Transfer/sec:      7.12MB
`;

  it('gives requests per second and the latencies in milliseconds, whatever unit wrk printed', () => {
    expect(parseWrk(report('812.00us', '2.50ms'))).toEqual({ rps: 39083.06, p50: 0.8, p99: 2.5, non2xx: 0, errors: 0 });
    expect(parseWrk(report('1.19ms', '1.20s')).p99).toBe(1200);
  });

  it('adds up the failed answers and the socket errors', () => {
    const measured = parseWrk(
      report(
        '1.19ms',
        '2.50ms',
        '  Socket errors: connect 1, read 2, write 0, timeout 4\n  Non-2xx or 3xx responses: 37\n',
      ),
    );
    expect(measured).toMatchObject({ non2xx: 37, errors: 7 });
  });

  it('refuses a report it does not understand rather than reading zeros', () => {
    expect(() => parseWrk('unable to connect to 127.0.0.1:1 Connection refused')).toThrow('not understood');
  });
});

describe('the CPU time of a server', () => {
  it("counts its worker processes' time with its own", async () => {
    // a server of its own that sleeps while its one worker keeps a core busy, as a cluster's primary under load
    // (this test process is no such server: the children it holds come and go with the other test files)
    const server = busyServer();
    try {
      await expect.poll(() => workerOf(server), { timeout: 10_000 }).toBeDefined();
      const workerPid = workerOf(server) as number;
      const workerTicks = () => ticksOf({ pid: workerPid }, { ownOnly: true });
      await expect.poll(workerTicks).toBeGreaterThan(0);
      const before = { server: ticksOf(server), worker: workerTicks() };
      // read again once the worker has used more than 5 clock ticks of 10 ms
      await expect.poll(workerTicks).toBeGreaterThan(before.worker + 5);
      const after = { server: ticksOf(server), worker: workerTicks() };
      // the server slept; what it counts is its worker's time
      expect(after.server - before.server).toBeGreaterThanOrEqual(after.worker - before.worker - 2);
    } finally {
      server.kill();
    }
  });
});

describe('the CPU time of a server whose worker ends', () => {
  it('keeps the time of a worker that ended between two readings', async () => {
    // a server whose one worker keeps a core busy for 600 ms and ends, waited for by the server
    const busy = 'const end = Date.now() + 600; while (Date.now() < end);';
    const server = spawn(process.execPath, [
      '-e',
      `require('node:child_process').spawn(process.execPath, ['-e', ${JSON.stringify(busy)}]).on('exit', () => setTimeout(() => process.exit(), 5_000));`,
    ]);
    try {
      await expect.poll(() => workerOf(server), { timeout: 10_000 }).toBeDefined();
      await expect.poll(() => ticksOf(server)).toBeGreaterThan(5);
      const whileWorking = ticksOf(server);
      await expect.poll(() => workerOf(server), { timeout: 10_000 }).toBeUndefined();
      // the worker's time stays counted once it has ended
      expect(ticksOf(server)).toBeGreaterThanOrEqual(whileWorking);
      expect(whileWorking).toBeGreaterThan(5);
    } finally {
      server.kill();
    }
  });
});

/** a process that keeps a core busy until killed (at most 10 s) */
function busyChild(): ChildProcess {
  return spawn(process.execPath, ['-e', 'const end = Date.now() + 10_000; while (Date.now() < end);']);
}

/** a process whose one child keeps a core busy until the parent ends (at most 10 s) */
function busyServer(): ChildProcess {
  const busy = 'const end = Date.now() + 10_000; while (Date.now() < end);';
  return spawn(process.execPath, [
    '-e',
    `const worker = require('node:child_process').spawn(process.execPath, ['-e', ${JSON.stringify(busy)}]);
     const end = () => { worker.kill(); process.exit(); };
     process.on('SIGTERM', end);
     setTimeout(end, 10_000);`,
  ]);
}

/** the pid of the process's first child, once it has one */
function workerOf(server: ChildProcess): number | undefined {
  try {
    const children = readFileSync(`/proc/${server.pid}/task/${server.pid}/children`, 'utf8').trim();
    return children ? Number(children.split(' ')[0]) : undefined;
  } catch {
    return undefined;
  }
}

function ticksOf(process: { pid?: number }, options: { ownOnly?: boolean } = {}): number {
  const ticks = process.pid === undefined ? undefined : cpuTicks(process.pid, options);
  if (ticks === undefined) throw new Error(`no CPU time for process ${process.pid}`);
  return ticks;
}
