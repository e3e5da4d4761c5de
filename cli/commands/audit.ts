import { type Command, Option } from 'commander';
import type { AuditRange } from '../../core/audit/use-cases/export-audit-log.ts';
import { auditExportJson, auditExportRecord, AUDIT_EXPORT_COLUMNS } from '../../adapters/export/audit-export.ts';
import { csvRow } from '../../adapters/export/csv.ts';
import { CliFailure, EXIT_CODES } from '../failure.ts';
import type { CliContext } from '../program.ts';
import { oneLine, terminalJson, terminalText } from '../terminal-text.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A YYYY-MM-DD day (UTC) as the time it starts; anything else is a usage error naming the option. */
function dayStart(option: string, value: string | undefined): Date | null {
  if (value === undefined) return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const day = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
  if (!day || day.toISOString().slice(0, 10) !== value)
    throw new CliFailure(`${option} takes a date as YYYY-MM-DD (UTC), such as 2026-11-29.`, EXIT_CODES.usage);
  return day;
}

/** --from's day through --to's day, both whole (UTC) */
function rangeOf(options: { from?: string; to?: string }): AuditRange {
  const from = dayStart('--from', options.from);
  const toDay = dayStart('--to', options.to);
  if (from && toDay && from > toDay)
    throw new CliFailure(`--from ${options.from} comes after --to ${options.to}.`, EXIT_CODES.usage);
  return { from, to: toDay ? new Date(toDay.getTime() + DAY_MS) : null };
}

/** `audit verify` and `audit export`: the hash chain over the account-action log and the review audit log */
export function registerAuditCommands(program: Command, context: CliContext): void {
  const audit = program
    .command('audit')
    .description('The logs of staff decisions (account actions, application reviews) and the hash chain over them');

  audit
    .command('verify')
    .description('Walk the hash chain from its first row; exit 1 naming the first row that does not match')
    .option('--json', 'print JSON')
    .action((options: { json?: boolean }) =>
      context.withSystem(async (system) => {
        const report = await system.core.auditChain.verify.execute();
        if (options.json) context.out(terminalJson(report));
        if (report.intact) {
          if (!options.json)
            context.out(
              report.head
                ? `OK: the audit chain holds over ${report.count} rows; its last hash (row ${report.head.position}) is ${report.head.hash}.`
                : 'OK: the audit chain is empty (no staff decision recorded yet).',
            );
          return;
        }
        const { broken } = report;
        if (!options.json)
          context.out(
            oneLine(
              `BROKEN at row ${broken.position}: ${broken.log} ${broken.id}, written ${broken.createdAt.toISOString()}: ${broken.problem}.`,
            ),
          );
        throw new CliFailure(
          `The audit chain is broken at row ${broken.position} (${broken.log} ${broken.id}); the ${report.checked} rows before it hold.`,
          EXIT_CODES.failure,
        );
      }),
    );

  audit
    .command('export')
    .description('Print the rows created in a range of days, with their hashes, as CSV or JSON (to keep off the site)')
    .addOption(new Option('--csv', 'CSV with a header row, safe for a spreadsheet').conflicts('json'))
    .addOption(new Option('--json', 'JSON: each row with its fields exactly as hashed').conflicts('csv'))
    .option('--from <YYYY-MM-DD>', 'the first day, UTC (default: the first row)')
    .option('--to <YYYY-MM-DD>', 'the last day, UTC, whole (default: the last row)')
    .action((options: { csv?: boolean; json?: boolean; from?: string; to?: string }) => {
      if (!options.csv && !options.json) throw new CliFailure('Choose --csv or --json.', EXIT_CODES.usage);
      const range = rangeOf(options);
      return context.withSystem(async (system) => {
        const entries = system.core.auditChain.export.execute(range);
        if (options.csv) {
          context.out(csvRow(AUDIT_EXPORT_COLUMNS));
          for await (const entry of entries) {
            const record = auditExportRecord(entry, terminalText);
            context.out(csvRow(AUDIT_EXPORT_COLUMNS.map((column) => record[column])));
          }
          return;
        }
        // one row a line, written as it is read
        let first = true;
        context.out('[');
        for await (const entry of entries) {
          context.out(`${first ? '  ' : ', '}${terminalJson(auditExportJson(entry)).replace(/\n\s*/g, ' ')}`);
          first = false;
        }
        context.out(']');
      });
    });
}
