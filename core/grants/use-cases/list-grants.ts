import type { GrantStatus, GrantWithTimeline } from '../model/grant.ts';
import type { GrantQueue } from '../ports.ts';

/** pending: not run yet (queued, out with a game server, held); failed: reported failed */
export type GrantFilter = 'pending' | 'failed';

const STATUSES: Record<GrantFilter, readonly GrantStatus[]> = {
  pending: ['queued', 'offered', 'held'],
  failed: ['failed'],
};

/** The grants, newest first: all, those not run yet, or those that failed; of one player or of everyone. */
export class ListGrants {
  constructor(private readonly queue: GrantQueue) {}

  execute(input: { filter?: GrantFilter; userId?: string; limit?: number }): Promise<GrantWithTimeline[]> {
    return this.queue.list({
      ...(input.filter ? { statuses: STATUSES[input.filter] } : {}),
      ...(input.userId ? { userId: input.userId } : {}),
      limit: Math.min(Math.max(input.limit ?? 100, 1), 500),
    });
  }
}
