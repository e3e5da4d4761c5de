import { Command, CommanderError } from 'commander';
import type { System } from '../adapters/compose.ts';
import type { Config } from '../adapters/config.ts';
import type { Logger } from '../adapters/logger.ts';
import { appealCommands, staffCommands, whitelistCommands } from './commands/application-kinds.ts';
import { registerApiTokenCommands } from './commands/api-tokens.ts';
import { registerApplicationCommands } from './commands/applications.ts';
import { registerAuditCommands } from './commands/audit.ts';
import { registerCatalogueCommands } from './commands/catalogue.ts';
import { registerCreatorCommands } from './commands/creators.ts';
import { registerDbCommands } from './commands/db.ts';
import { registerDbBackupCommands } from './commands/db-backup.ts';
import { registerDeliveryCommands } from './commands/delivery.ts';
import { registerGrantCommands } from './commands/grants.ts';
import { registerPrivacyCommands } from './commands/privacy.ts';
import { registerInterviewCommands } from './commands/interviews.ts';
import { registerPurchaseCommands } from './commands/purchases.ts';
import { registerPromotionCommands } from './commands/promotions.ts';
import { registerSubscriptionCommands } from './commands/subscriptions.ts';
import { registerTebexCommands } from './commands/tebex.ts';
import { registerTokenCommands } from './commands/tokens.ts';
import { registerUserCommands } from './commands/users.ts';
import { registerWebhookCommands } from './commands/webhooks.ts';
import { describeFailure, EXIT_CODES } from './failure.ts';
import { defaultContext } from './process-context.ts';
import { terminalText } from './terminal-text.ts';

export interface SystemOptions {
  /** leave the schema as it stands (db migrate and db status); otherwise it must be up to date first */
  schemaAsIs?: boolean;
}

export interface CliContext {
  /** the configuration the commands run with, read without opening anything */
  config(): Config;
  /** opens the system (database included), runs the work, and always closes it */
  withSystem<T>(work: (system: System) => Promise<T>, options?: SystemOptions): Promise<T>;
  /** one line (or a few) of the command's output */
  out(line: string): void;
  /** one line for stderr */
  err(line: string): void;
  /** where the full details of a failure go (debug level), never stdout */
  logger: Logger;
}

export function createProgram(host: CliContext): Command {
  // every printer writes through here: nothing stored reaches the terminal as an escape sequence or control
  const context: CliContext = {
    config: () => host.config(),
    withSystem: (work, options) => host.withSystem(work, options),
    out: (line) => host.out(terminalText(line)),
    err: (line) => host.err(terminalText(line)),
    logger: host.logger,
  };
  const program = new Command('bayou')
    .description('Run the store and application use cases from the terminal.')
    .exitOverride()
    .configureOutput({
      writeOut: (text) => context.out(text.trimEnd()),
      writeErr: (text) => context.err(text.trimEnd()),
    });
  registerDbCommands(program, context);
  registerDbBackupCommands(program, context);
  registerCatalogueCommands(program, context);
  registerApplicationCommands(program, context, whitelistCommands);
  registerApplicationCommands(program, context, staffCommands);
  registerApplicationCommands(program, context, appealCommands);
  registerInterviewCommands(program, context);
  registerUserCommands(program, context);
  registerPrivacyCommands(program, context);
  registerTokenCommands(program, context);
  registerPurchaseCommands(program, context);
  registerPromotionCommands(program, context);
  registerDeliveryCommands(program, context);
  registerWebhookCommands(program, context);
  registerGrantCommands(program, context);
  registerSubscriptionCommands(program, context);
  registerTebexCommands(program, context);
  registerCreatorCommands(program, context);
  registerAuditCommands(program, context);
  registerApiTokenCommands(program, context);
  return program;
}

/** Runs the program and turns every failure into one line on stderr and an exit code. */
export async function runCli(argv: string[], context: CliContext = defaultContext()): Promise<number> {
  try {
    await createProgram(context).parseAsync(argv, { from: 'user' });
    return 0;
  } catch (error) {
    // commander has printed its own message
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : EXIT_CODES.usage;
    context.logger.debug({ err: error }, 'the command failed');
    const failure = describeFailure(error);
    context.err(`Error: ${failure.message}`);
    return failure.exitCode;
  }
}
