import { setTimeout as sleep } from 'node:timers/promises';
import { Option, type Command } from 'commander';
import type { Delivery } from '../../core/delivery/model/delivery.ts';
import type { RoleReconcileReport } from '../../core/delivery/use-cases/reconcile-roles.ts';
import { presentDelivery } from '../../adapters/http/presenters/deliveries.ts';
import type { System } from '../../adapters/compose.ts';
import { CliFailure, EXIT_CODES, reportedFailure } from '../failure.ts';
import type { CliContext } from '../program.ts';
import { oneLine, terminalJson } from '../terminal-text.ts';

const WHAT: Record<Delivery['kind'], string> = {
  grant_role: 'grant role',
  remove_role: 'remove role',
  message_user: 'message',
  notify_staff: 'staff channel',
};

function line(delivery: Delivery): string {
  const target =
    delivery.kind === 'notify_staff'
      ? ''
      : `${delivery.discordId ?? '?'}${delivery.roleId ? ` role ${delivery.roleId}` : ''}`;
  const cause = delivery.purchaseId
    ? `purchase ${delivery.purchaseId}`
    : delivery.applicationId
      ? `application ${delivery.applicationId}`
      : '';
  const row = oneLine(
    [
      delivery.id,
      delivery.createdAt.toISOString().slice(0, 16).replace('T', ' '),
      delivery.status.padEnd(14),
      WHAT[delivery.kind].padEnd(13),
      `tries ${delivery.attempts}`.padEnd(8),
      target,
      cause,
    ]
      .filter(Boolean)
      .join('  '),
  );
  return delivery.lastError ? `${row}\n    last error: ${oneLine(delivery.lastError)}` : row;
}

/**
 * Sends the retried deliveries now: runs the outbox here (no server needs to be running), and waits a little
 * while a running server's worker holds some of them. Answers them as they then stand.
 */
async function deliverNow(system: System, ids: string[]): Promise<Delivery[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    await system.core.delivery.deliverDue.execute();
    const rows = await system.core.delivery.find.execute(ids);
    const busy = rows.some(
      (row) => row.status === 'sending' || (row.status === 'pending' && row.nextAttemptAt.getTime() <= Date.now()),
    );
    if (!busy || Date.now() > deadline) return rows;
    await sleep(200);
  }
}

export function registerDeliveryCommands(program: Command, context: CliContext): void {
  const delivery = program
    .command('delivery')
    .description('Discord deliveries (roles, messages, staff notices): list and retry');

  delivery
    .command('list')
    .description('List deliveries, newest first')
    .option('--failed', 'only deliveries that gave up')
    .addOption(
      new Option('--status <status>', 'only deliveries in this status')
        .choices(['pending', 'sending', 'delivered', 'failed', 'not_configured'])
        .conflicts('failed'),
    )
    .option('--json', 'print JSON')
    .action((options: { failed?: boolean; status?: Delivery['status']; json?: boolean }) =>
      context.withSystem(async (system) => {
        const rows = await system.core.delivery.list.execute({ status: options.failed ? 'failed' : options.status });
        if (options.json) return context.out(terminalJson(rows.map(presentDelivery)));
        if (rows.length === 0) {
          const status = options.failed ? 'failed' : options.status;
          return context.out(
            status === 'failed'
              ? 'No failed deliveries.'
              : status
                ? `No deliveries with status ${status}.`
                : 'No deliveries yet.',
          );
        }
        for (const row of rows) context.out(line(row));
        context.out(`${rows.length} ${options.failed ? 'failed ' : ''}deliveries`);
      }),
    );

  delivery
    .command('retry [id]')
    .description('Queue a failed delivery again (or every failed one) and send it now')
    .option('--all-failed', 'retry every failed delivery')
    .action((id: string | undefined, options: { allFailed?: boolean }) =>
      context.withSystem(async (system) => {
        if (Boolean(id) === Boolean(options.allFailed))
          throw new CliFailure('Give a delivery id or --all-failed (not both).', EXIT_CODES.usage);
        const ids = id
          ? [(await system.core.delivery.retry.execute(id)).id]
          : await system.core.delivery.retryFailed.execute();
        if (ids.length === 0) return context.out('No failed deliveries.');
        for (const row of await deliverNow(system, ids)) context.out(line(row));
        context.out(`${ids.length} ${ids.length === 1 ? 'delivery' : 'deliveries'} queued again`);
      }),
    );

  const roles = program.command('roles').description('Discord roles the store hands out');
  roles
    .command('reconcile')
    .description(
      "Compare each member's Discord roles with what they bought and were approved for, and fix the differences",
    )
    .option('--dry-run', 'print the differences and change nothing')
    .option('--json', 'print JSON')
    .action((options: { dryRun?: boolean; json?: boolean }) =>
      context.withSystem(async (system) => {
        const report = await system.core.delivery.reconcileRoles.execute({ dryRun: Boolean(options.dryRun) });
        if (options.json) return context.out(terminalJson(report));
        printReport(report, context);
        const failed = report.differences.filter((d) => d.outcome && d.outcome !== 'applied').length;
        if (failed > 0)
          throw new CliFailure(
            `${failed} ${failed === 1 ? 'change' : 'changes'} could not be applied.`,
            EXIT_CODES.failure,
          );
      }),
    );
}

function printReport(report: RoleReconcileReport, context: CliContext): void {
  for (const d of report.differences) {
    const sign = d.action === 'grant' ? '+' : '-';
    const outcome = !d.outcome
      ? ''
      : d.outcome === 'applied'
        ? '  (done)'
        : `  (failed: ${reportedFailure(d.outcome.error)})`;
    context.out(
      oneLine(
        `${sign} ${d.displayName} (${d.discordId}) ${d.action === 'grant' ? 'missing' : 'extra'} role ${d.roleId}${outcome}`,
      ),
    );
  }
  for (const member of report.notInGuild)
    context.out(oneLine(`? ${member.displayName} (${member.discordId}) is not in the Discord server`));
  const summary = `${report.membersChecked} members checked, ${report.differences.length} ${report.differences.length === 1 ? 'difference' : 'differences'}`;
  context.out(report.dryRun ? `${summary} (dry run: nothing changed)` : `${summary}, fixed`);
}
