import type { AccountActionLog } from '../audit/model/account-action.ts';
import type { Clock, IdGenerator, TransactionRunner } from '../shared/ports.ts';
import type { UserRepository } from '../users/ports.ts';
import type { QueueActions, QueueAdmissions, QueueBoard } from './ports.ts';
import { ActOnQueue } from './use-cases/act-on-queue.ts';
import { ListQueues } from './use-cases/list-queues.ts';
import { ReceiveQueueReport } from './use-cases/receive-queue-report.ts';
import { ShowQueuePlace } from './use-cases/show-queue-place.ts';
import { ShowQueueSummary } from './use-cases/show-queue-summary.ts';
import { ShowQueueWaits } from './use-cases/show-queue-waits.ts';

export interface QueuePorts {
  board: QueueBoard;
  admissions: QueueAdmissions;
  actions: QueueActions;
}

/** The game server's connection queue as its resource reports it: players see their place, staff move them. */
export function createQueueModule(
  p: QueuePorts,
  shared: {
    users: UserRepository;
    log: AccountActionLog;
    tiers: () => readonly string[];
    tierName: (tierId: string) => string;
    clock: Clock;
    ids: IdGenerator;
    transactions: TransactionRunner;
  },
) {
  const { clock } = shared;
  return {
    receiveReport: new ReceiveQueueReport({ ...p, clock }),
    showPlace: new ShowQueuePlace({ board: p.board, admissions: p.admissions, clock }),
    summary: new ShowQueueSummary({ board: p.board, clock }),
    list: new ListQueues({ board: p.board, clock, tierName: shared.tierName }),
    act: new ActOnQueue({
      board: p.board,
      actions: p.actions,
      users: shared.users,
      audit: { log: shared.log, transactions: shared.transactions, ids: shared.ids, clock },
    }),
    waits: new ShowQueueWaits({
      admissions: p.admissions,
      clock,
      tiers: shared.tiers,
      tierName: shared.tierName,
    }),
  };
}
