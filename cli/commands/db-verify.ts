import type { Command } from 'commander';
import { verifyDatabase } from '../../adapters/persistence/database-verify.ts';
import { CliFailure, EXIT_CODES } from '../failure.ts';
import type { CliContext } from '../program.ts';
import { oneLine, terminalJson } from '../terminal-text.ts';

/** `db verify`: the invariants an operator relies on, each breach named; exit 1 when any is broken */
export function registerDbVerifyCommand(db: Command, context: CliContext): void {
  db.command('verify')
    .description(
      'Check balances against the ledger, grants, refunds, references, deliveries and dashboard counts; exit 1 naming each breach',
    )
    .option('--json', 'print JSON ({ checks, breaches })')
    .action((options: { json?: boolean }) =>
      context.withSystem(async (system) => {
        const result = await verifyDatabase(system.database);
        if (options.json) context.out(terminalJson(result));
        else {
          for (const breach of result.breaches) context.out(oneLine(`BREACH ${breach.check}: ${breach.detail}`));
          context.out(
            result.breaches.length === 0
              ? `All ${result.checks.length} checks hold: ${result.checks.join(', ')}.`
              : `${result.breaches.length} breach(es) of ${result.checks.length} checks.`,
          );
        }
        if (result.breaches.length > 0)
          throw new CliFailure(
            `The database breaks ${new Set(result.breaches.map((breach) => breach.check)).size} invariant(s): ${[...new Set(result.breaches.map((breach) => breach.check))].join(', ')}.`,
            EXIT_CODES.failure,
          );
      }),
    );
}
