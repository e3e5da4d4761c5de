import { InvalidArgumentError, type Command } from 'commander';
import type { CreatorReport } from '../../core/creators/use-cases/creator-report.ts';
import type { CreatorListing } from '../../core/creators/model/creator-listing.ts';
import { formatUsd } from '../../core/shared/money.ts';
import { csvLines } from '../../adapters/export/csv.ts';
import { CREATOR_REPORT_COLUMNS, creatorReportRecords } from '../../adapters/export/creator-report-export.ts';
import { presentCreator, presentCreatorReport } from '../../adapters/http/presenters/creators.ts';
import type { CliContext } from '../program.ts';
import { oneLine, terminalJson, terminalText } from '../terminal-text.ts';

function wholePercent(text: string): number {
  if (!/^\d{1,3}$/.test(text.trim())) throw new InvalidArgumentError('Give the share as a whole percent, 0 to 100.');
  return Number(text);
}

function listLine(creator: CreatorListing): string {
  return oneLine(
    [
      creator.code.padEnd(24),
      `${creator.sharePercent}%`.padStart(4),
      (creator.disabledAt ? 'disabled' : 'active').padEnd(8),
      creator.discordId.padEnd(20),
      creator.name,
    ].join('  '),
  );
}

function reportLines(report: CreatorReport): string[] {
  const lines = [`Creator codes, ${report.month.label} (completed purchases by completion time, UTC)`];
  for (const row of report.rows)
    lines.push(
      oneLine(
        [
          row.creator.code.padEnd(24),
          `${row.sales} sales`.padStart(10),
          `taken ${formatUsd(row.takenCents)}`.padStart(16),
          `share ${row.creator.sharePercent}% ${formatUsd(row.shareCents)}`.padStart(20),
          row.refunds > 0 ? `refunded ${row.refunds} (${formatUsd(row.refundedCents)}, not counted)` : '',
        ]
          .join('  ')
          .trimEnd(),
      ),
    );
  const { totals } = report;
  lines.push(
    `Total: ${totals.sales} sales, taken ${formatUsd(totals.takenCents)}, share owed ${formatUsd(totals.shareCents)}` +
      (totals.refunds > 0 ? `; ${totals.refunds} refunded (${formatUsd(totals.refundedCents)}) not counted` : ''),
  );
  return lines;
}

export function registerCreatorCommands(program: Command, context: CliContext): void {
  const creators = program
    .command('creators')
    .description('Creator codes: register creators, disable codes, the monthly report of what each code brought in');

  creators
    .command('add <discordId> <code>')
    .description('Make a player (who has signed in once) a creator with a code buyers name at checkout (any case)')
    .requiredOption('--share <percent>', 'whole percent of the money taken owed to the creator, 0 to 100', wholePercent)
    .action((discordId: string, code: string, options: { share: number }) =>
      context.withSystem(async (system) => {
        const creator = await system.core.creators.register.execute({ discordId, code, sharePercent: options.share });
        context.out(
          `${oneLine(creator.code)} is a creator code of ${discordId}, with a ${creator.sharePercent}% share.`,
        );
      }),
    );

  creators
    .command('list')
    .description('List creators by code')
    .option('--json', 'print JSON')
    .action((options: { json?: boolean }) =>
      context.withSystem(async (system) => {
        const list = await system.core.creators.list.execute();
        if (options.json) return context.out(terminalJson(list.map(presentCreator)));
        if (list.length === 0) return context.out('No creators yet.');
        for (const creator of list) context.out(listLine(creator));
      }),
    );

  creators
    .command('disable <code>')
    .description('Refuse the code at checkout from now on; its past sales stay in the reports')
    .action((code: string) =>
      context.withSystem(async (system) => {
        const creator = await system.core.creators.disable.execute({ code });
        context.out(`${oneLine(creator.code)} is disabled (since ${creator.disabledAt?.toISOString() ?? '-'}).`);
      }),
    );

  creators
    .command('report')
    .description("A month's sales, money taken and share owed per creator; refunded and disputed purchases apart")
    .option('--month <YYYY-MM>', 'the month, UTC (default: this month)')
    .option('--csv', 'print CSV with a header row')
    .action((options: { month?: string; csv?: boolean }) =>
      context.withSystem(async (system) => {
        const report = await system.core.creators.report.execute({ month: options.month });
        if (!options.csv) {
          if (report.rows.length === 0) return context.out('No creators yet.');
          for (const line of reportLines(report)) context.out(line);
          return;
        }
        const records = creatorReportRecords(presentCreatorReport(report), terminalText);
        for (const line of csvLines(CREATOR_REPORT_COLUMNS, records)) context.out(line);
      }),
    );
}
