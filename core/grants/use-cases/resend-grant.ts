import type { Clock, IdGenerator, TransactionRunner } from '../../shared/ports.ts';
import { GrantNotChangeableError, GrantNotFoundError } from '../errors.ts';
import type { Grant } from '../model/grant.ts';
import type { GrantQueue } from '../ports.ts';

/**
 * Sends a grant again, as a new grant with its own id (a resource that ran the first runs the second), queued for the
 * same player. Only a grant that is settled may be: one not run yet is still on its way.
 */
export class ResendGrant {
  constructor(
    private readonly deps: { queue: GrantQueue; transactions: TransactionRunner; ids: IdGenerator; clock: Clock },
  ) {}

  async execute(input: { grantId: string; actor: string }): Promise<Grant> {
    const { queue, transactions, ids, clock } = this.deps;
    return transactions.run(async () => {
      const [grant] = await queue.lock([input.grantId]);
      if (!grant) throw new GrantNotFoundError([input.grantId]);
      if (grant.status === 'queued' || grant.status === 'offered' || grant.status === 'held')
        throw new GrantNotChangeableError(grant.status, 'sent again');
      const now = clock.now();
      const again: Grant = {
        ...grant,
        id: ids.next(),
        status: 'queued',
        resendOf: grant.id,
        dedupeKey: `resend:${grant.id}:${now.getTime()}`,
        offers: 0,
        leaseUntil: null,
        server: null,
        ranAt: null,
        result: null,
        createdAt: now,
        updatedAt: now,
      };
      const line = { at: now, server: null, actor: input.actor };
      await queue.add(
        [again],
        [
          { ...line, grantId: again.id, kind: 'queued', message: `Sent again from ${grant.id}.` },
          { ...line, grantId: grant.id, kind: 'resent', message: `Sent again as ${again.id}.` },
        ],
      );
      return again;
    });
  }
}
