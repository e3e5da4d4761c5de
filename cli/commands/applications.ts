import { Argument, Option, type Command } from 'commander';
import type { ApplicationKind, ApplicationView } from '../../core/applications/model/application.ts';
import { ApplicationNotFoundError } from '../../core/applications/errors.ts';
import type { ApplicationUseCases } from '../../core/applications/module.ts';
import type { AuditEntry } from '../../core/applications/model/audit-entry.ts';
import { VOTE_CHOICES, type VoteChoice, type VoteSummary, voteOf } from '../../core/applications/model/votes.ts';
import { presentApplication, presentApplicationPage } from '../../adapters/http/presenters/applications.ts';
import type { System } from '../../adapters/compose.ts';
import { CliFailure, EXIT_CODES } from '../failure.ts';
import type { CliContext } from '../program.ts';
import { oneLine, terminalJson } from '../terminal-text.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function checkedId(id: string, notFound: (id: string) => Error): string {
  if (!UUID.test(id)) throw notFound(id);
  return id.toLowerCase();
}

export function positiveInt(name: string) {
  return (value: string) => {
    const number = Number(value);
    if (!Number.isInteger(number) || number < 1)
      throw new CliFailure(`${name} must be a whole number of 1 or more.`, EXIT_CODES.usage);
    return number;
  };
}

/** The reviewer named by --as, loaded from the users table; the core checks their role. */
export async function reviewerFor(system: System, discordId: string | undefined) {
  if (!discordId) throw new CliFailure('Name the reviewer with --as <discordId>.', EXIT_CODES.usage);
  return system.core.users.findByDiscordId.execute(discordId);
}

export function historyLines(entries: AuditEntry[]): string[] {
  if (entries.length === 0) return ['History: no decisions yet'];
  return [
    'History:',
    ...entries.map((e) =>
      oneLine(
        `  ${e.createdAt.toISOString()}  ${e.fromStatus} -> ${e.toStatus}  by ${e.reviewerName} (${e.reviewerDiscordId}) via ${e.channel}${e.notes ? `: ${e.notes}` : ''}`,
      ),
    ),
  ];
}

/** What a vote did, in a line: the decision it took, or where the votes stand. */
export function voteLine(
  kind: Pick<ApplicationKind, 'label'>,
  application: { id: string; status: string; votes?: VoteSummary },
  decided: boolean,
  choice: VoteChoice,
): string {
  const votes = application.votes;
  const count = votes?.count;
  const standing =
    votes && count
      ? `${count.approve} of ${votes.quorum} approvals, ${count.deny} of ${votes.quorum} denials, ${count.abstain} abstaining`
      : '';
  const label = kind.label.charAt(0).toUpperCase() + kind.label.slice(1);
  if (decided) return `${label} ${application.id} ${application.status.replace('_', ' ')}: ${standing}.`;
  return `Vote recorded on ${kind.label} ${application.id}: ${choice}. Still ${application.status.replace('_', ' ')}: ${standing}.`;
}

/** A command that decides: either one fixed status (approve, reject) or the status as an argument (review). */
export interface DecisionCommand<A, S extends string> {
  name: string;
  description: string;
  status: S | { choices: readonly S[] };
  notes: { required: boolean; description: string; minimumTen: boolean };
  reviewerDescription: string;
  done(application: ApplicationView<A, S>): string;
}

/** How the terminal shows and decides one kind of application. */
export interface ApplicationCommands<A, S extends string> {
  kind: ApplicationKind<A, S>;
  command: string;
  /** 'whitelist applications' */
  plural: string;
  useCases(system: System): ApplicationUseCases<A, S>;
  empty: string;
  listLine(application: ApplicationView<A, S>): string;
  totals(counts: Record<S, number>): string;
  detailLines(application: ApplicationView<A, S>): string[];
  decisions: DecisionCommand<A, S>[];
}

export function registerApplicationCommands<A, S extends string>(
  program: Command,
  context: CliContext,
  spec: ApplicationCommands<A, S>,
): void {
  const { kind } = spec;
  const group = program.command(spec.command).description(spec.plural.charAt(0).toUpperCase() + spec.plural.slice(1));
  const idOf = (id: string) => checkedId(id, (bad) => new ApplicationNotFoundError(kind, bad));

  group
    .command('list')
    .description(`List ${spec.plural}, newest first`)
    .addOption(new Option('--status <status>', 'only one status').choices(kind.statuses))
    .option('--page <n>', 'page number', positiveInt('--page'), 1)
    .option('--page-size <n>', 'applications per page (up to 100)', positiveInt('--page-size'), 50)
    .option('--json', 'print JSON, as the API responds')
    .action((options: { status?: S; page: number; pageSize: number; json?: boolean }) =>
      context.withSystem(async (system) => {
        const page = await spec
          .useCases(system)
          .list.execute({ status: options.status, page: options.page, pageSize: options.pageSize });
        if (options.json) return context.out(terminalJson(presentApplicationPage(kind, page, 'full')));
        if (page.items.length === 0) context.out(spec.empty);
        for (const application of page.items) context.out(spec.listLine(application));
        context.out(`Page ${page.page}, ${page.items.length} of ${page.total} shown. ${spec.totals(page.counts)}.`);
      }),
    );

  group
    .command('show <id>')
    .description(`Show one ${kind.label} and its review history`)
    .option('--json', 'print JSON')
    .action((id: string, options: { json?: boolean }) =>
      context.withSystem(async (system) => {
        const application = await spec.useCases(system).show.execute({ id: idOf(id) });
        const history = await system.core.audit.list.execute({ kind: kind.name, applicationId: application.id });
        if (options.json) return context.out(terminalJson({ ...presentApplication(kind, application), history }));
        for (const line of [...spec.detailLines(application), ...historyLines(history)]) context.out(line);
      }),
    );

  group
    .command('vote')
    .description(
      `Vote on an open ${kind.label}: approve, deny or abstain. It is decided once the approvals (or the denials) reach the quorum, or at once by a reviewer who may decide alone; a reviewer votes once`,
    )
    .argument('<id>')
    .addArgument(new Argument('<choice>').choices(VOTE_CHOICES))
    .option('--note <text>', 'why, for the staff (the applicant never reads it)')
    .option('--message <text>', 'a message the applicant reads, should this vote decide')
    .requiredOption('--as <discordId>', `the reviewer voting (holds '${kind.decider}')`)
    .action((id: string, choice: VoteChoice, options: { note?: string; message?: string; as: string }) =>
      context.withSystem(async (system) => {
        const reviewer = await reviewerFor(system, options.as);
        const { application, decided } = await spec.useCases(system).vote.execute({
          id: idOf(id),
          choice,
          note: options.note,
          applicantMessage: options.message,
          reviewer,
          channel: 'cli',
        });
        context.out(oneLine(voteLine(kind, application, decided, choice)));
      }),
    );

  for (const decision of spec.decisions) {
    const command = group.command(decision.name).description(decision.description).argument('<id>');
    const fixed = typeof decision.status === 'string' ? decision.status : undefined;
    if (typeof decision.status !== 'string')
      command.addArgument(new Argument('<status>').choices(decision.status.choices));
    if (decision.notes.required) command.requiredOption('--notes <text>', decision.notes.description);
    else command.option('--notes <text>', decision.notes.description);
    command
      .option('--message <text>', 'a message the applicant reads (the notes stay with staff)')
      .requiredOption('--as <discordId>', decision.reviewerDescription)
      .action((id: string, ...rest: unknown[]) => {
        const status = (fixed ?? rest.shift()) as S;
        const options = rest[0] as { notes?: string; message?: string; as: string };
        return context.withSystem(async (system) => {
          const reviewer = await reviewerFor(system, options.as);
          const reviewed = await spec.useCases(system).review.execute({
            id: idOf(id),
            status,
            notes: options.notes,
            notesRequired: decision.notes.minimumTen,
            applicantMessage: options.message,
            reviewer,
            channel: 'cli',
          });
          // an approval or a refusal short of the quorum is a vote that waits for others
          const choice = voteOf(kind, status);
          context.out(
            choice && reviewed.votes && kind.open.includes(reviewed.status)
              ? oneLine(voteLine(kind, reviewed, false, choice))
              : decision.done(reviewed),
          );
        });
      });
  }
}
