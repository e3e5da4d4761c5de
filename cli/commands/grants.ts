import type { Command } from 'commander';
import { presentGrant } from '../../adapters/http/presenters/grants.ts';
import type { System } from '../../adapters/compose.ts';
import type { Grant, GrantWithTimeline } from '../../core/grants/model/grant.ts';
import { displayName } from '../../core/users/model/user.ts';
import { CliFailure, EXIT_CODES } from '../failure.ts';
import type { CliContext } from '../program.ts';
import { oneLine, terminalJson } from '../terminal-text.ts';
import { terminalActor } from './users.ts';

const at = (date: Date) => date.toISOString().slice(0, 16).replace('T', ' ');

function line(grant: Grant): string {
  const item = grant.optionId ? `${grant.productId}:${grant.optionId}` : grant.productId;
  const runs = grant.kind === 'command' ? (grant.command ?? '') : `event ${grant.event ?? ''}`;
  const where = grant.server ? ` on ${grant.server}` : '';
  const row = oneLine(
    [
      grant.id,
      at(grant.createdAt),
      grant.status.padEnd(12),
      grant.action.padEnd(8),
      item,
      `Discord ${grant.discordId}`,
      `${runs}${where}`,
    ].join('  '),
  );
  return grant.result ? `${row}\n    ${oneLine(grant.result)}` : row;
}

function timeline(grant: GrantWithTimeline): string[] {
  return grant.timeline.map((event) =>
    oneLine(
      `    ${at(event.at)}  ${event.kind}${event.server ? ` on ${event.server}` : ''}${event.actor ? ` by ${event.actor}` : ''}${event.message ? `: ${event.message}` : ''}`,
    ),
  );
}

/** the terminal's name in a grant's timeline: the admin named by --as, or "the terminal" */
export async function actorName(system: System, as: string | undefined): Promise<string> {
  const { actor } = await terminalActor(system, as);
  return actor ? `${displayName(actor)} (terminal)` : 'the terminal';
}

export function registerGrantCommands(program: Command, context: CliContext): void {
  const grants = program
    .command('grants')
    .description('What purchases give in the game: the grants the game server runs, their timelines, and hand-work');

  grants
    .command('list')
    .description('List grants, newest first')
    .option('--pending', 'only grants not run yet (waiting, out with a game server, or held)')
    .option('--failed', 'only grants the game server reported failed')
    .option('--player <id>', "only this player's (their account id)")
    .option('--limit <n>', 'at most this many (1 to 500)', '100')
    .option('--json', 'print JSON')
    .action((options: { pending?: boolean; failed?: boolean; player?: string; limit: string; json?: boolean }) =>
      context.withSystem(async (system) => {
        if (options.pending && options.failed)
          throw new CliFailure('Give --pending or --failed, not both.', EXIT_CODES.usage);
        const limit = Number(options.limit);
        if (!Number.isInteger(limit) || limit < 1 || limit > 500)
          throw new CliFailure('--limit must be a whole number from 1 to 500.', EXIT_CODES.usage);
        const filter = options.pending ? 'pending' : options.failed ? 'failed' : undefined;
        const rows = await system.core.grants.list.execute({
          ...(filter ? { filter } : {}),
          ...(options.player ? { userId: options.player } : {}),
          limit,
        });
        if (options.json) return context.out(terminalJson(rows.map(presentGrant)));
        if (rows.length === 0)
          return context.out(filter ? `No ${filter === 'pending' ? 'pending' : 'failed'} grants.` : 'No grants yet.');
        for (const row of rows) context.out(line(row));
        context.out(`${rows.length} ${rows.length === 1 ? 'grant' : 'grants'}`);
      }),
    );

  grants
    .command('show <id>')
    .description('One grant and its timeline')
    .option('--json', 'print JSON')
    .action((id: string, options: { json?: boolean }) =>
      context.withSystem(async (system) => {
        const grant = await system.core.grants.find.execute(id);
        if (options.json) return context.out(terminalJson(presentGrant(grant)));
        context.out(line(grant));
        for (const row of timeline(grant)) context.out(row);
      }),
    );

  grants
    .command('resend <id>')
    .description('Send a grant again, as a new grant the game server runs once more')
    .option('--as <discordId>', 'the admin doing it, for the timeline')
    .action((id: string, options: { as?: string }) =>
      context.withSystem(async (system) => {
        const again = await system.core.grants.resend.execute({
          grantId: id,
          actor: await actorName(system, options.as),
        });
        context.out(line(again));
        context.out(`Grant ${id} sent again as ${again.id}: the game server runs it when it next asks.`);
      }),
    );

  grants
    .command('cancel <id>')
    .description('Cancel a grant not run yet (or one that failed): it never runs')
    .option('--reason <text>', 'why, for the timeline')
    .option('--as <discordId>', 'the admin doing it, for the timeline')
    .action((id: string, options: { reason?: string; as?: string }) =>
      context.withSystem(async (system) => {
        const cancelled = await system.core.grants.cancel.execute({
          grantId: id,
          ...(options.reason ? { reason: options.reason } : {}),
          actor: await actorName(system, options.as),
        });
        context.out(line(cancelled));
        context.out(`Grant ${id} cancelled.`);
      }),
    );

  grants
    .command('done <id>')
    .description('Mark a grant not run (or one that failed) as done by hand, with what was done')
    .requiredOption('--note <text>', 'what was done by hand')
    .option('--as <discordId>', 'the admin doing it, for the timeline')
    .action((id: string, options: { note: string; as?: string }) =>
      context.withSystem(async (system) => {
        const done = await system.core.grants.markDone.execute({
          grantId: id,
          note: options.note,
          actor: await actorName(system, options.as),
        });
        context.out(line(done));
        context.out(`Grant ${id} marked done by hand.`);
      }),
    );
}
