import { spawn } from 'node:child_process';
import type { System } from '../../adapters/compose.ts';
import { createLogger } from '../../adapters/logger.ts';
import { systemContext } from '../../cli/process-context.ts';
import { runCli as runProgram, type CliContext } from '../../cli/program.ts';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs `npm run cli -- ...` as a player of the terminal would, as its own process. A variable given as
 * undefined is removed from the child's environment.
 */
export function runCli(args: string[], env: Record<string, string | undefined> = {}): Promise<CliResult> {
  const childEnv: Record<string, string | undefined> = { ...process.env, LOG_LEVEL: 'silent', ...env };
  for (const [name, value] of Object.entries(childEnv)) if (value === undefined) delete childEnv[name];
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['scripts/cli.mjs', ...args], {
      env: childEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', fail);
    child.on('close', (code) => done({ code: code ?? 1, stdout, stderr }));
  });
}

async function collect(
  args: string[],
  host: (out: (line: string) => void, err: (line: string) => void) => CliContext,
): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const context = host(
    (line) => (stdout += `${line}\n`),
    (line) => (stderr += `${line}\n`),
  );
  const code = await runProgram(args, context);
  return { code, stdout, stderr };
}

/**
 * The same program in this process, without a process's start-up: each command opens and closes the system
 * its environment configures (only `env`, not this process's), as the terminal's CLI does.
 */
export function runCliInProcess(args: string[], env: Record<string, string | undefined> = {}): Promise<CliResult> {
  return collect(args, (out, err) =>
    systemContext({ env: { LOG_LEVEL: 'silent', ...env }, out, err, logger: createLogger('silent') }),
  );
}

/** The program on a system this test already holds open (its schema up to date): the fastest way to run a command. */
export function runCliOn(system: System, args: string[]): Promise<CliResult> {
  return collect(args, (out, err) => ({
    out,
    err,
    logger: createLogger('silent'),
    config: () => system.config,
    withSystem: (work) => system.database.withContext(() => work(system)),
  }));
}
