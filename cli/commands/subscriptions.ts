import { Option, type Command } from 'commander';
import type { MembershipView } from '../../core/memberships/model/membership-views.ts';
import { MEMBERSHIP_STATUSES, type MembershipStatus } from '../../core/memberships/model/membership.ts';
import { RenewalsNotRunHereError } from '../../core/memberships/errors.ts';
import { formatUsd } from '../../core/shared/money.ts';
import { displayName, type User } from '../../core/users/model/user.ts';
import type { System } from '../../adapters/compose.ts';
import { CliFailure, EXIT_CODES, reportedFailure } from '../failure.ts';
import type { CliContext } from '../program.ts';
import { oneLine, terminalJson } from '../terminal-text.ts';

interface Row {
  id: string;
  player: string;
  discordId: string;
  tier: string;
  tierName: string;
  status: MembershipStatus;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: string;
  nextCharge: { date: string; amount: number; tier: string } | null;
}

async function rowsOf(system: System, views: MembershipView[]): Promise<Row[]> {
  const users = new Map<string, User>();
  for (const view of views) {
    const userId = view.membership.userId;
    if (!users.has(userId)) users.set(userId, await system.core.users.get.execute(userId));
  }
  return views.map((view) => {
    const user = users.get(view.membership.userId) as User;
    return {
      id: view.membership.id,
      player: displayName(user),
      discordId: user.discordId,
      tier: view.membership.tierId,
      tierName: view.tierName,
      status: view.membership.status,
      cancelAtPeriodEnd: view.membership.cancelAtPeriodEnd,
      currentPeriodEnd: view.membership.currentPeriodEnd.toISOString(),
      nextCharge: view.nextCharge
        ? {
            date: view.nextCharge.at.toISOString(),
            amount: view.nextCharge.amountCents / 100,
            tier: view.nextCharge.tierId,
          }
        : null,
    };
  });
}

function line(row: Row): string {
  const status = row.status === 'active' && row.cancelAtPeriodEnd ? 'canceling' : row.status;
  return oneLine(
    [
      row.id,
      row.player.padEnd(20),
      row.discordId.padEnd(20),
      row.tierName.padEnd(18),
      status.padEnd(10),
      row.currentPeriodEnd.slice(0, 16).replace('T', ' '),
    ].join('  '),
  );
}

function parseInstant(text: string): Date {
  const date = new Date(text);
  if (!/^\d{4}-\d{2}-\d{2}/.test(text) || Number.isNaN(date.getTime()))
    throw new CliFailure(
      `--now must be an ISO date and time, such as 2026-12-25T00:00:00Z (got '${text}').`,
      EXIT_CODES.usage,
    );
  return date;
}

export function registerSubscriptionCommands(program: Command, context: CliContext): void {
  const subscriptions = program
    .command('subscriptions')
    .description('Priority Pass memberships: list, show, cancel, and run due renewals (demo gateway)');

  subscriptions
    .command('list')
    .description('List memberships, newest first: player, Discord id, tier, status, current period end')
    .addOption(new Option('--status <status>', 'only memberships in this status').choices(MEMBERSHIP_STATUSES))
    .option('--json', 'print a JSON array (discordId, tier, status, currentPeriodEnd, ...)')
    .action((options: { status?: MembershipStatus; json?: boolean }) =>
      context.withSystem(async (system) => {
        const rows = await rowsOf(system, await system.core.memberships.list.execute({ status: options.status }));
        if (options.json) return context.out(terminalJson(rows));
        if (rows.length === 0)
          return context.out(
            options.status ? `No ${options.status.replace('_', ' ')} memberships.` : 'No memberships yet.',
          );
        for (const row of rows) context.out(line(row));
      }),
    );

  subscriptions
    .command('show <id>')
    .description('One membership with each month it was billed')
    .option('--json', 'print JSON')
    .action((id: string, options: { json?: boolean }) =>
      context.withSystem(async (system) => {
        const { view, purchases } = await system.core.memberships.show.execute(id);
        const [row] = await rowsOf(system, [view]);
        const months = purchases.map((purchase) => ({
          purchaseId: purchase.id,
          reason: purchase.billing?.reason ?? null,
          tier: purchase.productId,
          amount: purchase.priceCents / 100,
          status: purchase.status,
          tokens: purchase.tokensAwarded,
          periodStart: purchase.billing?.periodStart?.toISOString() ?? null,
          periodEnd: purchase.billing?.periodEnd?.toISOString() ?? null,
        }));
        if (options.json)
          return context.out(
            terminalJson({
              ...row,
              graceUntil: view.membership.graceUntil?.toISOString() ?? null,
              endReason: view.membership.endReason,
              months,
            }),
          );
        context.out(line(row));
        context.out(
          row.nextCharge
            ? `Next charge: ${formatUsd(Math.round(row.nextCharge.amount * 100))} on ${row.nextCharge.date.slice(0, 10)} (${row.nextCharge.tier})`
            : view.membership.status === 'ended'
              ? oneLine(
                  `Ended ${view.membership.endedAt?.toISOString().slice(0, 10)}: ${view.membership.endReason ?? ''}`,
                )
              : `No further charge; benefits until ${view.benefitsUntil?.toISOString().slice(0, 10)}`,
        );
        for (const month of months)
          context.out(
            oneLine(
              `  ${month.periodStart?.slice(0, 10) ?? '(first month)'}  ${(month.reason ?? '').padEnd(8)} ${month.tier.padEnd(18)} ${formatUsd(Math.round(month.amount * 100)).padStart(8)}  ${month.status.padEnd(9)} ${month.tokens} tokens  ${month.purchaseId}`,
            ),
          );
      }),
    );

  subscriptions
    .command('cancel <id>')
    .description('Cancel at the end of the paid month (benefits last until then), or with --now at once')
    .option('--now', 'end it now: the role goes and nothing more is charged')
    .action((id: string, options: { now?: boolean }) =>
      context.withSystem(async (system) => {
        const view = await system.core.memberships.cancelAsAdmin.execute(id, { now: Boolean(options.now) });
        const [row] = await rowsOf(system, [view]);
        context.out(
          view.membership.status === 'ended'
            ? `Ended ${row.id} (${row.tierName}, ${row.player}) now.`
            : `Canceled ${row.id} (${row.tierName}, ${row.player}): benefits last until ${row.currentPeriodEnd.slice(0, 16).replace('T', ' ')} UTC, and nothing more is charged.`,
        );
      }),
    );

  subscriptions
    .command('renew-due')
    .description('Run the renewals and endings due at a time (demo gateway only), as the server does each minute')
    .requiredOption('--now <iso>', 'the time to run them for, e.g. 2026-12-25T00:00:00Z')
    .option('--json', 'print the report as JSON')
    .action((options: { now: string; json?: boolean }) =>
      context.withSystem(async (system) => {
        const now = parseInstant(options.now);
        if (system.core.memberships.gatewayMode !== 'demo') throw new RenewalsNotRunHereError();
        const report = await system.core.memberships.renewDue.execute({ now });
        if (options.json) context.out(terminalJson(report));
        else
          context.out(
            `At ${now.toISOString()}: ${report.renewed} renewed, ${report.failed} failed (grace started), ${report.ended} ended, of ${report.checked} due; ${report.errors.length} could not be brought up to date.`,
          );
        if (report.errors.length === 0) return;
        for (const error of report.errors)
          context.err(
            oneLine(`Membership ${error.membershipId} (user ${error.userId}): ${reportedFailure(error.message)}`),
          );
        throw new CliFailure(
          `${report.errors.length} membership(s) could not be brought up to date (named above); the others were. Running renew-due again takes them up where this run stopped.`,
          EXIT_CODES.failure,
        );
      }),
    );

  subscriptions
    .command('prices')
    .description(
      "Compare each tier's monthly price at Stripe with the catalogue; --sync makes the missing or wrong ones",
    )
    .option('--sync', 'make every missing or wrong price (the lookup key moves to the new one)')
    .option('--json', 'print JSON')
    .action((options: { sync?: boolean; json?: boolean }) =>
      context.withSystem(async (system) => {
        const prices = system.core.memberships.tierPrices;
        if (!prices)
          throw new CliFailure(
            'Stripe is not configured (STRIPE_SECRET_KEY): memberships renew on the demo gateway and need no prices.',
            EXIT_CODES.usage,
          );
        const states = await prices.execute({ sync: Boolean(options.sync) });
        if (options.json) return context.out(terminalJson(states));
        for (const state of states)
          context.out(
            oneLine(
              `${state.tierId.padEnd(18)} ${formatUsd(state.priceCents).padStart(8)}/month  ${state.lookupKey.padEnd(36)} ${state.problem ? `${state.problem}` : `ok (${state.priceId})`}`,
            ),
          );
        const wrong = states.filter((state) => state.problem).length;
        if (wrong > 0)
          throw new CliFailure(
            `${wrong} tier price(s) do not match the catalogue: run 'subscriptions prices --sync'.`,
            EXIT_CODES.conflict,
          );
      }),
    );
}
