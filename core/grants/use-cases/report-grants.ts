import type { Clock, TransactionRunner } from '../../shared/ports.ts';
import { GrantNotFoundError } from '../errors.ts';
import type { Grant, GrantStatus } from '../model/grant.ts';
import type { GrantAlerts, GrantQueue } from '../ports.ts';

export interface GrantReport {
  grantId: string;
  ok: boolean;
  message: string | null;
}

/** Told of each grant a report settles (ran or failed), in the report's transaction. */
export interface GrantOutcomes {
  settled(grant: Grant): Promise<void>;
}

/**
 * A game server reports what it ran: each grant still out becomes ran or failed (staff are told of a failure), and a
 * refund's steps held for them are released. A report for a grant already settled changes nothing and answers its
 * status, so the same report twice gets the same answer. One unknown id refuses the whole report, unchanged.
 */
export class ReportGrants {
  constructor(
    private readonly deps: {
      queue: GrantQueue;
      alerts: GrantAlerts;
      transactions: TransactionRunner;
      clock: Clock;
      outcomes?: GrantOutcomes;
    },
  ) {}

  async execute(input: {
    server: string;
    reports: readonly GrantReport[];
  }): Promise<{ grantId: string; status: GrantStatus }[]> {
    const { queue, alerts, transactions, clock } = this.deps;
    return transactions.run(async () => {
      // the last word on each grant counts
      const outcomes = new Map(input.reports.map((report) => [report.grantId, report]));
      const ids = [...outcomes.keys()];
      const status = new Map((await queue.lock(ids)).map((grant) => [grant.id, grant.status]));
      const unknown = ids.filter((id) => !status.has(id));
      if (unknown.length > 0) throw new GrantNotFoundError(unknown);
      const now = clock.now();
      const settled = await queue.settle({
        server: input.server,
        now,
        outcomes: [...outcomes.values()]
          .filter((report) => status.get(report.grantId) === 'offered')
          .map((report) => ({ id: report.grantId, ok: report.ok, message: report.message })),
      });
      for (const grant of settled) {
        status.set(grant.id, grant.status);
        if (grant.status === 'failed') await alerts.grantFailed(grant, grant.result ?? 'no message');
        await this.deps.outcomes?.settled(grant);
      }
      const purchases = new Set(settled.map((grant) => grant.purchaseId).filter((id): id is string => id !== null));
      for (const purchaseId of purchases) await queue.releaseHeld(purchaseId, now);
      return ids.map((id) => ({ grantId: id, status: status.get(id) as GrantStatus }));
    });
  }
}
