import { Option, type Command } from 'commander';
import { WHITELIST_STATUSES, type WhitelistApplication, type WhitelistDecision, type WhitelistStatus } from '../../core/applications/application.ts';
import { ApplicationNotFoundError } from '../../core/applications/show-application.ts';
import type { AuditEntry } from '../../core/audit/audit-entry.ts';
import { presentApplication, presentApplicationPage } from '../../adapters/http/presenters/applications.ts';
import type { System } from '../../adapters/compose.ts';
import { CliFailure, EXIT_CODES } from '../failure.ts';
import type { CliContext } from '../program.ts';
import { indented, oneLine, terminalJson } from '../terminal-text.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function checkedId(id: string, notFound: (id: string) => Error): string {
  if (!UUID.test(id)) throw notFound(id);
  return id.toLowerCase();
}

export function positiveInt(name: string) {
  return (value: string) => {
    const number = Number(value);
    if (!Number.isInteger(number) || number < 1) throw new CliFailure(`${name} must be a whole number of 1 or more.`, EXIT_CODES.usage);
    return number;
  };
}

/** The reviewer named by --as, loaded from the users table; the core checks their role. */
export async function reviewerFor(system: System, discordId: string | undefined) {
  if (!discordId) throw new CliFailure("Name the reviewer with --as <discordId>.", EXIT_CODES.usage);
  return system.core.users.findByDiscordId.execute(discordId);
}

export function historyLines(entries: AuditEntry[]): string[] {
  if (entries.length === 0) return ['History: no decisions yet'];
  return [
    'History:',
    ...entries.map((e) => oneLine(`  ${e.createdAt.toISOString()}  ${e.fromStatus} -> ${e.toStatus}  by ${e.reviewerName} (${e.reviewerDiscordId}) via ${e.channel}${e.notes ? `: ${e.notes}` : ''}`)),
  ];
}

function listLine(a: WhitelistApplication): string {
  return oneLine(`${a.id}  ${a.status.padEnd(9)} ${a.createdAt.toISOString().slice(0, 16).replace('T', ' ')}  ${a.discordUsername} (age ${a.age}, ${a.timezone})`);
}

/** Labels are 15 characters wide; a long answer's further lines start under its first. */
function detailLines(a: WhitelistApplication): string[] {
  const long = (text: string | null) => indented(text ?? '-', 15);
  return [
    `Whitelist application ${a.id}`,
    `Status:        ${a.status}`,
    `Applicant:     ${oneLine(`${a.discordUsername} (Discord ${a.discordId}), ${a.email}`)}`,
    `Age:           ${a.age} (18+ confirmed: ${a.isEighteenPlus ? 'yes' : 'no'})`,
    `Timezone:      ${oneLine(a.timezone)}, ${a.hoursPerWeek} hours a week`,
    `Applied:       ${a.createdAt.toISOString()}`,
    `Reviewed:      ${a.reviewedAt ? `${a.reviewedAt.toISOString()} by ${oneLine(a.reviewedBy)}` : 'not yet'}`,
    `Review notes:  ${long(a.reviewNotes)}`,
    `Experience:    ${long(a.rpExperience)}`,
    `Communities:   ${long(a.previousCommunities)}`,
    `Background:    ${long(a.characterBackground)}`,
    `Goals:         ${long(a.characterGoals)}`,
    `Scenario:      ${long(a.roleplayScenario)}`,
    `Why join:      ${long(a.whyJoinServer)}`,
    `Agreements:    rules ${a.rulesUnderstood ? 'yes' : 'no'}, no metagaming ${a.noMetagaming ? 'yes' : 'no'}, respectful ${a.respectfulBehavior ? 'yes' : 'no'}`,
  ];
}

export function registerApplicationCommands(program: Command, context: CliContext): void {
  const applications = program.command('applications').description('Whitelist applications');
  const whitelistId = (id: string) => checkedId(id, (bad) => new ApplicationNotFoundError(bad));

  applications
    .command('list')
    .description('List whitelist applications, newest first')
    .addOption(new Option('--status <status>', 'only one status').choices(WHITELIST_STATUSES))
    .option('--page <n>', 'page number', positiveInt('--page'), 1)
    .option('--page-size <n>', 'applications per page (up to 100)', positiveInt('--page-size'), 50)
    .option('--json', 'print JSON, as the API answers')
    .action((options: { status?: WhitelistStatus; page: number; pageSize: number; json?: boolean }) =>
      context.withSystem(async (system) => {
        const page = await system.core.applications.list.execute({ status: options.status, page: options.page, pageSize: options.pageSize });
        if (options.json) return context.out(terminalJson(presentApplicationPage(page)));
        if (page.items.length === 0) context.out('No applications yet');
        for (const application of page.items) context.out(listLine(application));
        context.out(`Page ${page.page}, ${page.items.length} of ${page.total} shown. Pending ${page.counts.pending}, approved ${page.counts.approved}, rejected ${page.counts.rejected}.`);
      }),
    );

  applications
    .command('show <id>')
    .description('Show one whitelist application and its review history')
    .option('--json', 'print JSON')
    .action((id: string, options: { json?: boolean }) =>
      context.withSystem(async (system) => {
        const application = await system.core.applications.show.execute({ id: whitelistId(id) });
        const history = await system.core.audit.list.execute({ kind: 'whitelist', applicationId: application.id });
        if (options.json) return context.out(terminalJson({ ...presentApplication(application), history }));
        for (const line of [...detailLines(application), ...historyLines(history)]) context.out(line);
      }),
    );

  for (const [name, decision] of [['approve', 'approved'], ['reject', 'rejected']] as const satisfies [string, WhitelistDecision][]) {
    applications
      .command(`${name} <id>`)
      .description(`${name === 'approve' ? 'Approve' : 'Reject'} a pending whitelist application (notes of 10+ characters)`)
      .requiredOption('--notes <text>', 'why: at least 10 characters')
      .requiredOption('--as <discordId>', 'the reviewer (staff or admin)')
      .action((id: string, options: { notes: string; as: string }) =>
        context.withSystem(async (system) => {
          const reviewer = await reviewerFor(system, options.as);
          const reviewed = await system.core.applications.review.execute({
            id: whitelistId(id),
            decision,
            notes: options.notes,
            notesRequired: true,
            reviewer,
            channel: 'cli',
          });
          context.out(`Application ${reviewed.id} ${reviewed.status} by ${oneLine(reviewed.reviewedBy)}.`);
        }),
      );
  }
}
