import type { Command } from 'commander';
import type { System } from '../../adapters/compose.ts';
import type { CliContext } from '../program.ts';
import { oneLine, terminalJson } from '../terminal-text.ts';
import { shownName, terminalActor } from './users.ts';

interface ChangeOptions {
  reason: string;
  reference?: string;
  as?: string;
}

/** Amounts are whole tokens; anything else reaches the core as NaN and is refused there with a clear message. */
function amountOf(value: string): number {
  return /^\s*-?\d+\s*$/.test(value) ? Number(value) : Number.NaN;
}

async function change(
  system: System,
  kind: 'credit' | 'debit',
  discordId: string,
  amount: string,
  options: ChangeOptions,
) {
  const user = await system.core.users.findByDiscordId.execute(discordId);
  const { result } = await system.core.players.adjustTokens.execute(
    {
      userId: user.id,
      direction: kind,
      amount: amountOf(amount),
      reason: options.reason,
      reference: options.reference,
    },
    await terminalActor(system, options.as),
  );
  const verb = kind === 'credit' ? 'Credited' : 'Debited';
  const prefix = result.duplicate
    ? `Reference ${options.reference} was used before; nothing changed. `
    : `${verb} ${amountOf(amount)} tokens. `;
  return `${prefix}${shownName(user)} (${user.discordId}) has ${result.balance} tokens (entry ${result.entryId}).`;
}

export function registerTokenCommands(program: Command, context: CliContext): void {
  const tokens = program.command('tokens').description('Token balances and their ledger');
  for (const kind of ['credit', 'debit'] as const) {
    tokens
      .command(`${kind} <discordId> <amount>`)
      .description(
        kind === 'credit' ? 'Add tokens, with a ledger entry' : 'Take tokens, with a ledger entry (never below zero)',
      )
      .requiredOption('--reason <text>', 'why, recorded in the ledger')
      .option('--reference <id>', 'a purchase id or similar; the same reference is applied once')
      .option('--as <discordId>', 'the admin making the change, recorded in the ledger and the account-action log')
      .action((discordId: string, amount: string, options: ChangeOptions) =>
        context.withSystem(async (system) => context.out(await change(system, kind, discordId, amount, options))),
      );
  }

  tokens
    .command('history <discordId>')
    .description("A user's ledger, newest first")
    .option('--limit <n>', 'how many entries', '50')
    .option('--json', 'print JSON')
    .action((discordId: string, options: { limit: string; json?: boolean }) =>
      context.withSystem(async (system) => {
        const user = await system.core.users.findByDiscordId.execute(discordId);
        const entries = await system.core.tokens.history.execute({
          userId: user.id,
          limit: Number(options.limit) || 50,
        });
        if (options.json) {
          return context.out(terminalJson(entries.map((e) => ({ ...e, createdAt: e.createdAt.toISOString() }))));
        }
        context.out(
          `${shownName(user)} (${user.discordId}): ${user.tokens} tokens, ${user.boughtTokens} of them bought`,
        );
        if (entries.length === 0) return context.out('No token changes yet.');
        for (const e of entries) {
          const delta = e.delta > 0 ? `+${e.delta}` : String(e.delta);
          context.out(
            oneLine(
              `${e.createdAt.toISOString()}  ${delta.padStart(8)}  = ${String(e.balanceAfter).padStart(7)}  ${e.reason}${e.reference ? `  [${e.reference}]` : ''}`,
            ),
          );
        }
      }),
    );
}
