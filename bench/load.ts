import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

/** What one load of one route measured. */
export interface Measured {
  rps: number;
  /** milliseconds */
  p50: number;
  p99: number;
  non2xx: number;
  /** the answers that were not 2xx, by status code (autocannon only): what went wrong when non2xx is not 0 */
  statuses?: Record<string, number>;
  errors: number;
  /** cores the server used while loaded (its workers included), and the load generator; undefined where unknown */
  serverCores?: number;
  loaderCores?: number;
}

export interface LoadOptions {
  connections: number;
  seconds: number;
  headers: Record<string, string>;
  /** the server's process id, for its share of the cores */
  serverPid?: number;
}

/**
 * A load generator: autocannon, or wrk (Debian's package `wrk`, written in C) with `BENCH_LOADER=wrk`. autocannon
 * reads every answer in JavaScript on the same two cores as the server, so on a route whose answers are long or
 * carry many headers it can be the limit rather than the server: the bench prints the cores each used. wrk reads
 * the same answers with a third of a core, leaving the server the limit on every route, so its latencies are those
 * of a saturated server; the goals were set with autocannon, which stays the default.
 */
export interface Loader {
  name: 'wrk' | 'autocannon';
  load(url: string, options: LoadOptions): Promise<Measured>;
}

export function chooseLoader(wanted = process.env.BENCH_LOADER ?? 'autocannon'): Loader {
  if (wanted === 'autocannon') return autocannonLoader;
  if (wanted !== 'wrk') throw new Error(`BENCH_LOADER is wrk or autocannon, not "${wanted}".`);
  if (!wrkInstalled()) throw new Error('BENCH_LOADER=wrk: wrk is not installed (apt-get install wrk).');
  return wrkLoader;
}

export function wrkInstalled(): boolean {
  return spawnSync('wrk', ['-v'], { stdio: 'ignore' }).error === undefined;
}

const autocannonLoader: Loader = {
  name: 'autocannon',
  async load(url, { connections, seconds, headers, serverPid }) {
    const cores = coresOf({ serverPid, loaderPid: process.pid });
    const result = await autocannon({ url, connections, duration: seconds, headers });
    return { ...autocannonFigures(result), ...cores() };
  },
};

/** The figures of an autocannon run. */
export function autocannonFigures(result: autocannon.Result): Measured {
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    statuses: Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {})
        .filter(([code]) => !code.startsWith('2'))
        .map(([code, stats]) => [code, stats.count ?? 0]),
    ),
    errors: result.errors + result.timeouts,
  };
}

/** ", 9274 non-2xx (503: 9274)": the statuses where they are known; nothing when every answer was 2xx */
export function non2xxText(measured: Pick<Measured, 'non2xx' | 'statuses'>): string {
  if (!measured.non2xx) return '';
  const codes = Object.entries(measured.statuses ?? {}).map(([code, count]) => `${code}: ${count}`);
  return `, ${measured.non2xx} non-2xx${codes.length > 0 ? ` (${codes.join(', ')})` : ''}`;
}

const wrkLoader: Loader = {
  name: 'wrk',
  async load(url, { connections, seconds, headers, serverPid }) {
    const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency', '--timeout', '10s'];
    for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
    const child = spawn('wrk', [...args, url], { stdio: ['ignore', 'pipe', 'pipe'] });
    const cores = coresOf({ serverPid, loaderPid: child.pid });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    // read just before wrk prints its figures and exits
    let used: ReturnType<typeof cores> = {};
    const reading = setTimeout(
      () => {
        used = cores();
      },
      seconds * 1000 - 100,
    );
    const code = await new Promise<number | null>((done) => child.once('close', done));
    clearTimeout(reading);
    if (code !== 0) throw new Error(`wrk ${url} exited (${code}):\n${output}`);
    return { ...parseWrk(output), ...used };
  },
};

/** The figures of wrk's report (`--latency`). */
export function parseWrk(output: string): Omit<Measured, 'serverCores' | 'loaderCores'> {
  const rps = /Requests\/sec:\s+([\d.]+)/.exec(output);
  const p50 = /^\s+50%\s+([\d.]+)(us|ms|s)\s*$/m.exec(output);
  const p99 = /^\s+99%\s+([\d.]+)(us|ms|s)\s*$/m.exec(output);
  if (!rps || !p50 || !p99) throw new Error(`wrk's report was not understood:\n${output}`);
  const ms = (match: RegExpExecArray) =>
    Number(match[1]) * { us: 0.001, ms: 1, s: 1000 }[match[2] as 'us' | 'ms' | 's'];
  const non2xx = /Non-2xx or 3xx responses:\s+(\d+)/.exec(output);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  return {
    rps: Number(rps[1]),
    p50: Math.round(ms(p50) * 10) / 10,
    p99: Math.round(ms(p99) * 10) / 10,
    non2xx: non2xx ? Number(non2xx[1]) : 0,
    errors: socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0,
  };
}

/**
 * CPU time of a process, in clock ticks, with that of its children (a cluster's workers) unless `ownOnly` (the bench
 * process, which loads with autocannon, is also the parent of the servers); undefined where /proc does not say. The
 * children counted are the live ones and those that ended and were waited for (cutime and cstime), so the count never
 * goes back when a child ends between two readings.
 */
export function cpuTicks(pid: number, { ownOnly = false } = {}): number | undefined {
  try {
    // after the command name in parentheses: utime and stime are fields 14 and 15, cutime and cstime 16 and 17
    const fields = (readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1] ?? '').split(' ');
    let ticks = Number(fields[11]) + Number(fields[12]);
    if (ownOnly) return ticks;
    ticks += Number(fields[13]) + Number(fields[14]);
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
    for (const child of children ? children.split(' ') : []) ticks += cpuTicks(Number(child)) ?? 0;
    return ticks;
  } catch {
    return undefined;
  }
}

/** clock ticks per second (USER_HZ), 100 on Linux */
const TICKS_PER_SECOND = 100;

/**
 * Starts counting the CPU of the server (with its workers) and of the load generator (its own process alone); the
 * function returns the cores each used since.
 */
function coresOf(pids: {
  serverPid?: number;
  loaderPid?: number;
}): () => { serverCores?: number; loaderCores?: number } {
  const began = performance.now();
  const { serverPid, loaderPid } = pids;
  const server = () => (serverPid === undefined ? undefined : cpuTicks(serverPid));
  const loader = () => (loaderPid === undefined ? undefined : cpuTicks(loaderPid, { ownOnly: true }));
  const before = { server: server(), loader: loader() };
  return () => {
    const seconds = (performance.now() - began) / 1000;
    const share = (start: number | undefined, now: number | undefined) =>
      start === undefined || now === undefined ? undefined : (now - start) / TICKS_PER_SECOND / seconds;
    return { serverCores: share(before.server, server()), loaderCores: share(before.loader, loader()) };
  };
}
