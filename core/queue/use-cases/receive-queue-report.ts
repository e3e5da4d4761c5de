import { InvalidInputError } from '../../shared/errors.ts';
import type { Clock } from '../../shared/ports.ts';
import { ACTION_EXPIRES_MS, type QueueAction, queueReportSchema } from '../model/queue.ts';
import type { QueueActions, QueueAdmissions, QueueBoard } from '../ports.ts';

/**
 * A game server's report of its queue (decision 0110): checked whole (a bad one changes nothing and the last good
 * state stays), held as its latest state, its admissions recorded once each, the staff actions it applied marked;
 * answers the staff actions it has still to apply.
 */
export class ReceiveQueueReport {
  constructor(
    private readonly deps: { board: QueueBoard; admissions: QueueAdmissions; actions: QueueActions; clock: Clock },
  ) {}

  async execute(body: unknown): Promise<{ actions: QueueAction[] }> {
    const parsed = queueReportSchema.safeParse(body);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((issue) => ({
        path: issue.path.map(String).join('.'),
        message: issue.message,
      }));
      throw new InvalidInputError(
        'QUEUE_REPORT_INVALID',
        `The queue report was refused: ${issues
          .slice(0, 3)
          .map((issue) => `${issue.path || 'report'}: ${issue.message}`)
          .join('; ')}.`,
        issues,
      );
    }
    const report = parsed.data;
    const now = this.deps.clock.now();
    await this.deps.admissions.record(
      report.admitted.map((admission) => ({ ...admission, server: report.server, at: new Date(admission.at) })),
    );
    if (report.applied.length > 0) await this.deps.actions.applied(report.server, report.applied, now);
    await this.deps.board.put({
      server: report.server,
      slots: report.slots,
      online: report.online,
      waiting: report.waiting.map((player) => ({ ...player, since: new Date(player.since) })),
      receivedAt: now,
    });
    const actions = await this.deps.actions.pending(report.server, new Date(now.getTime() - ACTION_EXPIRES_MS));
    return { actions };
  }
}
