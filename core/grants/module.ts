import type { Clock, IdGenerator, TransactionRunner } from '../shared/ports.ts';
import { type GrantEffects, QueuedGrantEffects } from './model/grant-effects.ts';
import { GrantPlan } from './model/grant-plan.ts';
import type { GrantAlerts, GrantHolders, GrantQueue } from './ports.ts';
import { CancelGrant } from './use-cases/cancel-grant.ts';
import { FindGrant } from './use-cases/find-grant.ts';
import { ListGrants } from './use-cases/list-grants.ts';
import { MarkGrantDone } from './use-cases/mark-grant-done.ts';
import { PollGrants } from './use-cases/poll-grants.ts';
import { type GrantOutcomes, ReportGrants } from './use-cases/report-grants.ts';
import { ResendGrant } from './use-cases/resend-grant.ts';
import { ShowGrants } from './use-cases/show-grants.ts';

/** What the grants the game server runs need from outside. */
export interface GrantPorts {
  queue: GrantQueue;
  /** the owner's grants per product; none: nothing is queued */
  plan?: GrantPlan;
  /** how long a game server holds an offered grant (GRANT_LEASE_SECONDS unless given) */
  leaseSeconds?: number;
}

export function createGrantModule(
  p: GrantPorts,
  shared: {
    holders: GrantHolders;
    alerts: GrantAlerts;
    clock: Clock;
    ids: IdGenerator;
    transactions: TransactionRunner;
    /** told of each grant a game server reports ran or failed, in the report's transaction */
    outcomes?: GrantOutcomes;
  },
): { effects: GrantEffects; grants: ReturnType<typeof grantUseCases> } {
  const plan = p.plan ?? new GrantPlan();
  const effects = new QueuedGrantEffects({ queue: p.queue, plan, ...shared });
  return { effects, grants: grantUseCases(p.queue, p.leaseSeconds, shared) };
}

function grantUseCases(
  queue: GrantQueue,
  leaseSeconds: number | undefined,
  shared: {
    alerts: GrantAlerts;
    clock: Clock;
    ids: IdGenerator;
    transactions: TransactionRunner;
    outcomes?: GrantOutcomes;
  },
) {
  const { clock, ids, transactions, alerts, outcomes } = shared;
  return {
    poll: new PollGrants(queue, clock, leaseSeconds),
    report: new ReportGrants({ queue, alerts, transactions, clock, outcomes }),
    list: new ListGrants(queue),
    find: new FindGrant(queue),
    show: new ShowGrants(queue),
    resend: new ResendGrant({ queue, transactions, ids, clock }),
    markDone: new MarkGrantDone(queue, clock),
    cancel: new CancelGrant(queue, clock),
  };
}

export { GrantPlan };
