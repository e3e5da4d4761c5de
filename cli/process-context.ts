import pino from 'pino';
import { composeSystem } from '../adapters/compose.ts';
import { loadConfig } from '../adapters/config.ts';
import { createLogger, type Logger } from '../adapters/logger.ts';
import { EXIT_CODES } from './failure.ts';
import type { CliContext } from './program.ts';
import { requireCurrentSchema } from './schema.ts';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export interface SystemContextOptions {
  /** the environment the configuration is read from */
  env: Record<string, string | undefined>;
  out(line: string): void;
  err(line: string): void;
  logger?: Logger;
}

/** Each command opens the system its environment configures, with an up-to-date schema, and closes it after. */
export function systemContext(options: SystemContextOptions): CliContext {
  const { env } = options;
  const level = env.LOG_LEVEL && LOG_LEVELS.includes(env.LOG_LEVEL) ? env.LOG_LEVEL : 'warn';
  // stdout carries the command's output (often JSON or CSV): log lines go to stderr
  const logger = options.logger ?? createLogger(level, pino.destination({ dest: 2, sync: true }));
  return {
    out: options.out,
    err: options.err,
    logger,
    config: () => loadConfig(env),
    withSystem: async (work, { schemaAsIs = false } = {}) => {
      const system = await composeSystem(loadConfig(env), { migrate: false, logger });
      try {
        if (!schemaAsIs) await requireCurrentSchema(system.database, logger);
        return await system.database.withContext(() => work(system));
      } finally {
        await system.close();
      }
    },
  };
}

/** The terminal's context: process.env, stdout and stderr. */
export function defaultContext(): CliContext {
  return systemContext({ env: process.env, out: stdoutWriter(), err: stderrWriter() });
}

/**
 * Lines for stdout. When the reader goes away (`| head`), the rest of the output is dropped quietly and the
 * command still finishes and closes the database; the exit code stays its own.
 */
function stdoutWriter(): (line: string) => void {
  let open = true;
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    open = false;
    if (error.code === 'EPIPE') return;
    process.stderr.write(`Error: could not write the output (${error.code ?? error.message})\n`);
    process.exitCode = EXIT_CODES.failure;
  });
  return (line) => {
    if (open) process.stdout.write(`${line}\n`);
  };
}

function stderrWriter(): (line: string) => void {
  let open = true;
  process.stderr.on('error', () => {
    open = false; // nowhere left to say so
  });
  return (line) => {
    if (open) process.stderr.write(`${line}\n`);
  };
}
