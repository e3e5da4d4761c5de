import type { Command } from 'commander';
import type { System } from '../../adapters/compose.ts';
import { presentPersonalData, presentPrivacyRequest } from '../../adapters/http/presenters/privacy.ts';
import { ErasureHeldError } from '../../core/privacy/errors.ts';
import { daysLeft, type PrivacyRequest } from '../../core/privacy/model/privacy-request.ts';
import type { User } from '../../core/users/model/user.ts';
import { CliFailure, EXIT_CODES } from '../failure.ts';
import type { CliContext } from '../program.ts';
import { oneLine, terminalJson } from '../terminal-text.ts';

const ACCOUNT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const USER_ARGUMENT = "the player's Discord id, or their account id (an erased account keeps only that)";

/** the privacy module, present wherever the system has its database (always, in the terminal) */
function privacyOf(system: System) {
  const { privacy } = system.core;
  if (!privacy) throw new CliFailure('Privacy requests need the database.', EXIT_CODES.failure);
  return privacy;
}

/** the account named by its id or its Discord id */
function findUser(system: System, who: string): Promise<User> {
  return ACCOUNT_ID.test(who) ? system.core.users.get.execute(who) : system.core.users.findByDiscordId.execute(who);
}

const day = (date: Date) => date.toISOString().slice(0, 10);

function requestLine(request: PrivacyRequest, now: Date): string {
  const left = daysLeft(request, now);
  const deadline =
    request.status === 'completed'
      ? `done ${day(request.completedAt ?? request.createdAt)}`
      : `due ${day(request.dueAt)} (${left < 0 ? `OVERDUE by ${-left} days` : `${left} days left`})`;
  const line = [
    request.id,
    day(request.createdAt),
    request.kind.padEnd(7),
    request.status.padEnd(14),
    request.channel.padEnd(3),
    `account ${request.userId}`,
    deadline,
  ].join('  ');
  return request.heldBy ? `${oneLine(line)}\n    held: ${oneLine(request.heldBy)}` : oneLine(line);
}

/** `users export`, `users erase` and `privacy requests`: a player's rights over their data (decision 0105). */
export function registerPrivacyCommands(program: Command, context: CliContext): void {
  const users = program.commands.find((command) => command.name() === 'users') ?? program.command('users');

  users
    .command('export <user>')
    .description(`Print everything the site holds about a player, as the account page's download (${USER_ARGUMENT})`)
    .action((who: string) =>
      context.withSystem(async (system) => {
        const user = await findUser(system, who);
        const data = await privacyOf(system).exportData.execute({ userId: user.id, channel: 'cli' });
        context.out(terminalJson(presentPersonalData(data)));
      }),
    );

  users
    .command('erase <user>')
    .description(
      `Erase a player's account: a live Priority Pass ends first, personal fields are erased, sessions end, Discord roles are removed; amounts, dates and products stay (${USER_ARGUMENT})`,
    )
    .action((who: string) =>
      context.withSystem(async (system) => {
        const user = await findUser(system, who);
        const outcome = await privacyOf(system).erase.execute({ userId: user.id, channel: 'cli' });
        if (!outcome.erased) throw new ErasureHeldError(outcome.holds);
        const rows = Object.entries(outcome.rows).map(([table, count]) => `${table} ${count}`);
        if (rows.length === 0)
          return context.out(
            `Account ${user.id} is erased; request ${outcome.request.id} completes once its Discord role removals are sent.`,
          );
        if (outcome.membershipEnded) context.out(`Ended the ${outcome.membershipEnded} Priority Pass first.`);
        context.out(`Erased account ${user.id}: ${rows.join(', ')}.`);
        context.out(
          outcome.request.status === 'completed'
            ? `Request ${outcome.request.id} completed.`
            : `Request ${outcome.request.id}: ${outcome.rolesRemoved} Discord role removals queued; it completes once they are sent.`,
        );
      }),
    );

  program
    .command('privacy')
    .description("Players' requests about their data")
    .command('requests')
    .description('The requests still to be done, the earliest 30-day deadline first, with what holds each')
    .option('--all', 'every request, completed ones too, newest first')
    .option('--json', 'print JSON')
    .action((options: { all?: boolean; json?: boolean }) =>
      context.withSystem(async (system) => {
        const privacy = privacyOf(system);
        // erasures whose role removals have gone out since are completed first
        await privacy.finishErasures.execute();
        const requests = await privacy.list.execute({ all: options.all });
        if (options.json) return context.out(terminalJson(requests.map(presentPrivacyRequest)));
        if (requests.length === 0)
          return context.out(options.all ? 'No privacy requests yet.' : 'No privacy requests to do.');
        const now = system.clock.now();
        for (const request of requests) context.out(requestLine(request, now));
      }),
    );
}
