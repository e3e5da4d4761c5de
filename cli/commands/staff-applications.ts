import { Argument, Option, type Command } from 'commander';
import { StaffApplicationNotFoundError } from '../../core/staff-applications/show-staff-application.ts';
import { STAFF_STATUSES, type StaffApplicationView, type StaffReviewStatus, type StaffStatus } from '../../core/staff-applications/staff-application.ts';
import { presentStaffApplication, presentStaffApplicationPage } from '../../adapters/http/presenters/staff-applications.ts';
import type { CliContext } from '../program.ts';
import { checkedId, historyLines, positiveInt, reviewerFor } from './applications.ts';
import { indented, oneLine, terminalJson } from '../terminal-text.ts';

const REVIEW_STATUSES: StaffReviewStatus[] = ['under_review', 'approved', 'denied'];

function listLine(a: StaffApplicationView): string {
  const who = a.currentStaff ? 'current staff' : 'new applicant';
  return oneLine(`${a.id}  ${a.status.padEnd(12)} ${a.position.padEnd(9)} ${a.createdAt.toISOString().slice(0, 16).replace('T', ' ')}  ${a.realName} / ${a.discordUsername} (age ${a.age}, ${who})`);
}

/** Labels are 15 characters wide; a long answer's further lines start under its first. */
function detailLines(a: StaffApplicationView): string[] {
  const long = (text: string | null) => indented(text ?? '-', 15);
  return [
    `Staff application ${a.id}`,
    `Status:        ${a.status}`,
    `Position:      ${oneLine(a.position)}`,
    `Applicant:     ${oneLine(`${a.realName}, ${a.discordUsername} (Discord ${a.discordId}), ${a.email}`)}${a.currentStaff ? ', current staff' : ''}`,
    `Age:           ${a.age}, timezone ${oneLine(a.timezone)}`,
    `Availability:  ${long(a.availability)}`,
    `Applied:       ${a.createdAt.toISOString()}`,
    `Reviewed:      ${a.reviewedAt ? `${a.reviewedAt.toISOString()} by ${oneLine(a.reviewedBy)}` : 'not yet'}`,
    `Review notes:  ${long(a.reviewNotes)}`,
    `Experience:    ${long(a.experience)}`,
    `Why staff:     ${long(a.whyStaff)}`,
    `Scenarios:     ${long(a.scenarios)}`,
    `Languages:     ${long(a.languages)}`,
    `Communities:   ${long(a.previousCommunities)}`,
    `References:    ${long(a.references)}`,
    `Additional:    ${long(a.additionalInfo)}`,
  ];
}

export function registerStaffApplicationCommands(program: Command, context: CliContext): void {
  const staff = program.command('staff-applications').description('Staff applications');
  const staffId = (id: string) => checkedId(id, (bad) => new StaffApplicationNotFoundError(bad));

  staff
    .command('list')
    .description('List staff applications, newest first')
    .addOption(new Option('--status <status>', 'only one status').choices(STAFF_STATUSES))
    .option('--page <n>', 'page number', positiveInt('--page'), 1)
    .option('--page-size <n>', 'applications per page (up to 100)', positiveInt('--page-size'), 50)
    .option('--json', 'print JSON, as the API answers')
    .action((options: { status?: StaffStatus; page: number; pageSize: number; json?: boolean }) =>
      context.withSystem(async (system) => {
        const page = await system.core.staffApplications.list.execute({ status: options.status, page: options.page, pageSize: options.pageSize });
        if (options.json) return context.out(terminalJson(presentStaffApplicationPage(page)));
        if (page.items.length === 0) context.out('No staff applications found');
        for (const application of page.items) context.out(listLine(application));
        const c = page.counts;
        context.out(`Page ${page.page}, ${page.items.length} of ${page.total} shown. Pending ${c.pending}, under review ${c.under_review}, approved ${c.approved}, denied ${c.denied}.`);
      }),
    );

  staff
    .command('show <id>')
    .description('Show one staff application and its review history')
    .option('--json', 'print JSON')
    .action((id: string, options: { json?: boolean }) =>
      context.withSystem(async (system) => {
        const application = await system.core.staffApplications.show.execute({ id: staffId(id) });
        const history = await system.core.audit.list.execute({ kind: 'staff', applicationId: application.id });
        if (options.json) return context.out(terminalJson({ ...presentStaffApplication(application), history }));
        for (const line of [...detailLines(application), ...historyLines(history)]) context.out(line);
      }),
    );

  staff
    .command('review')
    .description('Move a staff application: pending -> under_review -> approved | denied (admins only)')
    .argument('<id>')
    .addArgument(new Argument('<status>').choices(REVIEW_STATUSES))
    .option('--notes <text>', 'optional notes, kept as written')
    .requiredOption('--as <discordId>', 'the reviewer')
    .action((id: string, status: StaffReviewStatus, options: { notes?: string; as: string }) =>
      context.withSystem(async (system) => {
        const reviewer = await reviewerFor(system, options.as);
        const reviewed = await system.core.staffApplications.review.execute({ id: staffId(id), status, notes: options.notes, reviewer, channel: 'cli' });
        context.out(`Staff application ${reviewed.id} is now ${reviewed.status.replace('_', ' ')} (by ${oneLine(reviewed.reviewedBy)}).`);
      }),
    );
}
