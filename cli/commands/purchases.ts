import { Option, type Command } from 'commander';
import type { Purchase } from '../../core/purchases/model/purchase.ts';
import type { RefundEffects } from '../../core/purchases/use-cases/preview-refund.ts';
import { BUYER_PURCHASE_STATUSES, buyerView, type BuyerPurchaseStatus } from '../../core/purchases/model/buyer-view.ts';
import { formatUsd } from '../../core/shared/money.ts';
import { presentPurchase, presentPurchaseList } from '../../adapters/http/presenters/purchases.ts';
import { csvLines } from '../../adapters/export/csv.ts';
import { PURCHASE_EXPORT_COLUMNS, purchaseExportRecord } from '../../adapters/export/purchase-export.ts';
import type { CliContext } from '../program.ts';
import { oneLine, terminalJson, terminalText } from '../terminal-text.ts';

/**
 * The export's rows. Text is cleaned for the terminal before it is written as CSV, so what the spreadsheet
 * guard looks at is what gets printed: a control character cannot hide a leading '=' from it.
 */
const csvRecord = (purchase: Purchase) => purchaseExportRecord(presentPurchase(purchase), terminalText);

function line(purchase: Purchase): string {
  return oneLine(
    [
      purchase.id,
      purchase.createdAt.toISOString().slice(0, 16).replace('T', ' '),
      buyerView(purchase, new Date()).status.padEnd(16),
      formatUsd(purchase.amountPaidCents ?? purchase.priceCents).padStart(8),
      (purchase.gateway ?? 'demo').padEnd(6),
      purchase.productName.padEnd(32),
      `${purchase.buyerDiscord ?? purchase.buyerEmail ?? ''}${purchase.gift ? ` (gift for ${purchase.gift.name})` : ''}`,
    ].join('  '),
  );
}

/** what a refund did besides the money and the tokens, in the words of the admin's confirmation */
function refundEffectLines(terms: RefundEffects): string[] {
  const lines: string[] = [];
  if (terms.membership === 'ends')
    lines.push('It was the month being served: the Priority Pass has ended and is not charged again.');
  if (terms.membership === 'goes_on') lines.push('That month had been served: the Priority Pass goes on.');
  if (terms.role?.removed) lines.push(`The Discord role ${terms.role.roleId} is being removed.`);
  else if (terms.role)
    lines.push(
      `The Discord role ${terms.role.roleId} stays: the buyer still holds it through another purchase, their Priority Pass or their whitelist approval.`,
    );
  return lines;
}

interface ListOptions {
  status?: BuyerPurchaseStatus | 'unmatched';
  json?: boolean;
  csv?: boolean;
  unpaid?: boolean;
}

export function registerPurchaseCommands(program: Command, context: CliContext): void {
  const purchases = program
    .command('purchases')
    .description('Store purchases: list, show, refund, reconcile with the payment provider');

  purchases
    .command('list')
    .description('List purchases, newest first, with the totals of the dashboard')
    .addOption(
      new Option(
        '--status <status>',
        "only purchases in this status; 'unmatched': payment events that named a purchase they did not pay",
      ).choices([...BUYER_PURCHASE_STATUSES, 'unmatched']),
    )
    .addOption(new Option('--json', 'print JSON (prices in dollars, as the API)').conflicts('csv'))
    .option('--csv', 'print CSV with a header row')
    .option(
      '--unpaid',
      'also checkouts closed or left unpaid with no payment attempt (no purchases: left out otherwise)',
    )
    .action((options: ListOptions) =>
      context.withSystem(async (system) => {
        if (options.status === 'unmatched') {
          const events = await system.core.purchases.unmatched.execute({ limit: 1000 });
          if (options.json) return context.out(terminalJson(events));
          if (events.length === 0) return context.out('No unmatched payment events.');
          for (const event of events)
            context.out(
              oneLine(
                [
                  event.receivedAt.toISOString().slice(0, 16).replace('T', ' '),
                  event.type.padEnd(24),
                  event.id,
                  `names ${event.namedPurchaseId ?? '-'}`,
                  event.reason,
                ].join('  '),
              ),
            );
          return context.out(`${events.length} unmatched payment events: nothing was changed by them.`);
        }
        const { purchases: rows, summary } = await system.core.purchases.list.execute({
          status: options.status,
          unpaid: options.unpaid,
        });
        if (options.json)
          return context.out(terminalJson(presentPurchaseList(rows, summary, null, new Map(), new Date(), true)));
        if (options.csv) {
          for (const csvLine of csvLines(PURCHASE_EXPORT_COLUMNS, rows.map(csvRecord))) context.out(csvLine);
          return;
        }
        if (rows.length === 0)
          return context.out(
            options.status ? `No ${options.status.replace('_', ' ')} purchases.` : 'No purchases yet.',
          );
        for (const row of rows) context.out(line(row));
        context.out(
          `${summary.count} purchases, revenue ${formatUsd(summary.revenueCents)}, ${summary.completed} completed, ${summary.pending} pending`,
        );
      }),
    );

  purchases
    .command('show <id>')
    .description('Show one purchase by its id or its payment intent id')
    .option('--json', 'print JSON')
    .action((id: string, options: { json?: boolean }) =>
      context.withSystem(async (system) => {
        const purchase = presentPurchase(await system.core.purchases.show.execute({ reference: id }));
        if (options.json) return context.out(terminalJson(purchase));
        // the gift's parts are printed as giftTo and giftMonths
        for (const [key, value] of Object.entries(purchase))
          if (key !== 'gift') context.out(`${key.padEnd(16)} ${oneLine(String(value ?? '-'))}`);
      }),
    );

  purchases
    .command('refund <id>')
    .description('Refund a completed purchase through the payment provider and remove its tokens')
    .requiredOption('--reason <text>', 'why (recorded with the purchase)')
    .action((id: string, options: { reason: string }) =>
      context.withSystem(async (system) => {
        // read by the rules the refund follows, before it changes what the buyer holds
        const found = await system.core.purchases.show.execute({ reference: id });
        const terms = await system.core.purchases.refundTerms.execute(found);
        const refunded = await system.core.purchases.refund.execute({ id: found.id, reason: options.reason });
        context.out(
          `Refunded ${refunded.id}: ${oneLine(refunded.productName)}, ${formatUsd(refunded.priceCents)}. Status: ${refunded.status}.`,
        );
        for (const effect of refundEffectLines(terms)) context.out(effect);
      }),
    );

  purchases
    .command('reconcile')
    .description(
      'Ask the payment provider about every purchase pending for over a minute; complete paid ones, fail those unpaid after 15 minutes (the server does this every minute, 100 at a time)',
    )
    .option('--json', 'print JSON')
    .action((options: { json?: boolean }) =>
      context.withSystem(async (system) => {
        const report = await system.core.purchases.reconcile.execute({ all: true });
        if (options.json) return context.out(terminalJson(report));
        for (const id of report.completed) context.out(`completed ${id}`);
        for (const id of report.failed) context.out(`failed    ${id}`);
        for (const id of report.unchanged) context.out(`pending   ${id}`);
        for (const error of report.errors) context.out(`error     ${error.id}: ${oneLine(error.message)}`);
        context.out(
          `${report.completed.length} completed, ${report.failed.length} failed, ${report.unchanged.length} still pending, ${report.errors.length} errors`,
        );
      }),
    );
}
