import { spawn, type ChildProcess } from 'node:child_process';

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** everything the process printed */
  output(): string;
  /** resolves with the exit code once the process has ended */
  exited: Promise<number | null>;
}

/**
 * `npm start -- --api-only` as its own process, as an operator starts one: the server bundle (the global setup builds
 * it when it is stale), or the sources through tsx when there is none.
 */
export function startServerProcess(
  env: Record<string, string>,
  options: { startTimeoutMs?: number } = {},
): Promise<ServerProcess> {
  const startTimeoutMs = options.startTimeoutMs ?? 30_000;
  const child = spawn(process.execPath, ['scripts/start.mjs', '--api-only'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      RATE_LIMIT_WRITES_PER_MINUTE: '10000',
      RATE_LIMIT_SIGNIN_PER_MINUTE: '10000',
      // staff act without a second factor here, as on the test servers (test-system.ts)
      STAFF_2FA: 'none',
      // one process, unless a test asks for workers (on Postgres the default is one per core)
      WEB_CONCURRENCY: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return new Promise((done, fail) => {
    const timer = setTimeout(
      () => fail(new Error(`The server process did not start within ${startTimeoutMs / 1000} s:\n${output}`)),
      startTimeoutMs,
    );
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /Site ready on (http:\/\/\S+)/.exec(output);
      if (ready) {
        clearTimeout(timer);
        done({ url: ready[1], child, output: () => output, exited });
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    void exited.then((code) => {
      clearTimeout(timer);
      fail(new Error(`The server process exited (${code}) before it was ready:\n${output}`));
    });
  });
}
