import type { Command } from 'commander';
import { presentInterview } from '../../adapters/http/presenters/interviews.ts';
import type { ListedInterview } from '../../core/interviews/use-cases/list-interviews.ts';
import type { CliContext } from '../program.ts';
import { oneLine, terminalJson } from '../terminal-text.ts';

const minute = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')}Z`;

/** booked, cancelled, held or no-show */
const statusOf = (interview: ListedInterview) => interview.status.replace('_', '-');

function line(interview: ListedInterview): string {
  return oneLine(
    [
      minute(interview.startsAt),
      interview.kind.padEnd(9),
      statusOf(interview).padEnd(9),
      `application ${interview.applicationId}`,
      `${interview.applicantName} with ${interview.reviewerName}`,
      `(interview ${interview.id})`,
    ].join('  '),
  );
}

/** `applications interviews`: every kind's interviews, or the upcoming ones, for the operator (decision 0107). */
export function registerInterviewCommands(program: Command, context: CliContext): void {
  const applications =
    program.commands.find((command) => command.name() === 'applications') ?? program.command('applications');
  applications
    .command('interviews')
    .description(
      'List interviews of every kind of application: start (UTC), kind, status or outcome, application, applicant and reviewer; the latest first',
    )
    .option('--upcoming', 'only booked interviews not started yet, the soonest first')
    .option('--json', 'print JSON, as the API responds to staff, with each applicant')
    .action((options: { upcoming?: boolean; json?: boolean }) =>
      context.withSystem(async (system) => {
        const interviews = await system.core.interviews.list.execute({ upcoming: options.upcoming });
        if (options.json)
          return context.out(
            terminalJson(
              interviews.map((interview) => ({
                ...presentInterview(interview, 'staff'),
                applicantId: interview.applicantId,
                applicantName: interview.applicantName,
              })),
            ),
          );
        if (interviews.length === 0)
          return context.out(options.upcoming ? 'No upcoming interviews' : 'No interviews yet');
        for (const interview of interviews) context.out(line(interview));
        context.out(`${interviews.length} interview${interviews.length === 1 ? '' : 's'}.`);
      }),
    );
}
