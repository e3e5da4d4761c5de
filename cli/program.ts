import { Command, CommanderError } from 'commander';
import { DomainError, type ErrorKind } from '../core/shared/errors.ts';
import { loadConfig } from '../adapters/config.ts';
import { composeSystem, type System } from '../adapters/compose.ts';
import { createLogger } from '../adapters/logger.ts';
import { registerApplicationCommands } from './commands/applications.ts';
import { registerCatalogueCommands } from './commands/catalogue.ts';
import { registerDbCommands } from './commands/db.ts';
import { registerDeliveryCommands } from './commands/delivery.ts';
import { registerPurchaseCommands } from './commands/purchases.ts';
import { registerStaffApplicationCommands } from './commands/staff-applications.ts';
import { registerTokenCommands } from './commands/tokens.ts';
import { registerUserCommands } from './commands/users.ts';

/** Exit codes a script can rely on. */
export const EXIT_CODES: Record<ErrorKind | 'usage' | 'failure', number> = {
  failure: 1,
  usage: 2,
  invalid: 3,
  not_found: 4,
  conflict: 5,
  forbidden: 6,
  unauthenticated: 6,
  unavailable: 7,
};

export class CliFailure extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}

export interface CliContext {
  /** opens the system (database included), runs the work, and always closes it */
  withSystem<T>(work: (system: System) => Promise<T>): Promise<T>;
  out(line: string): void;
}

export function createProgram(context: CliContext): Command {
  const program = new Command('bayou')
    .description('Run the store and application use cases from the terminal.')
    .exitOverride()
    .configureOutput({ writeOut: (text) => context.out(text.trimEnd()), writeErr: (text) => process.stderr.write(text) });
  registerDbCommands(program, context);
  registerCatalogueCommands(program, context);
  registerApplicationCommands(program, context);
  registerStaffApplicationCommands(program, context);
  registerUserCommands(program, context);
  registerTokenCommands(program, context);
  registerPurchaseCommands(program, context);
  registerDeliveryCommands(program, context);
  return program;
}

export function defaultContext(): CliContext {
  return {
    out: (line) => process.stdout.write(`${line}\n`),
    withSystem: async (work) => {
      const config = loadConfig();
      const system = await composeSystem(config, { migrate: false, logger: createLogger(process.env.LOG_LEVEL ?? 'warn') });
      try {
        return await system.database.withContext(() => work(system));
      } finally {
        await system.close();
      }
    },
  };
}

/** Runs the program and turns every failure into a message on stderr and an exit code. */
export async function runCli(argv: string[], context = defaultContext()): Promise<number> {
  try {
    await createProgram(context).parseAsync(argv, { from: 'user' });
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : EXIT_CODES.usage;
    if (error instanceof CliFailure) {
      process.stderr.write(`Error: ${error.message}\n`);
      return error.exitCode;
    }
    if (error instanceof DomainError) {
      process.stderr.write(`Error: ${error.message}\n`);
      return EXIT_CODES[error.kind];
    }
    process.stderr.write(`Error: ${error instanceof Error ? error.message : String(error)}\n`);
    return EXIT_CODES.failure;
  }
}
