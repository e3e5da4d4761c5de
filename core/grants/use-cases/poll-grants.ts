import type { Clock } from '../../shared/ports.ts';
import { GRANT_LEASE_SECONDS, GRANTS_PER_POLL, type Grant } from '../model/grant.ts';
import type { GrantQueue } from '../ports.ts';

/**
 * A game server asks for what to run: the grants due for the players it has online now, and those that need nobody
 * online. Each is offered to it alone until its lease runs out; `more` says another ask would find more.
 */
export class PollGrants {
  constructor(
    private readonly queue: GrantQueue,
    private readonly clock: Clock,
    private readonly leaseSeconds = GRANT_LEASE_SECONDS,
  ) {}

  async execute(input: {
    server: string;
    online: readonly string[];
  }): Promise<{ grants: Grant[]; more: boolean; leaseSeconds: number }> {
    const now = this.clock.now();
    const claimed = await this.queue.claim({
      server: input.server,
      online: [...new Set(input.online)],
      now,
      leaseUntil: new Date(now.getTime() + this.leaseSeconds * 1000),
      limit: GRANTS_PER_POLL,
    });
    return { ...claimed, leaseSeconds: this.leaseSeconds };
  }
}
