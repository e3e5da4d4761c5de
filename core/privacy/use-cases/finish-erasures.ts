import type { PrivacyDeps } from '../model/deps.ts';

/**
 * Completes the erasures whose Discord role removals have all been sent (or given up): the Discord id they carried is
 * replaced by the account's opaque id. Run after each delivery pass that settled something, and before a listing.
 */
export class FinishErasures {
  constructor(private readonly deps: Pick<PrivacyDeps, 'requests' | 'eraser' | 'clock' | 'transactions'>) {}

  async execute(): Promise<{ completed: number }> {
    const { deps } = this;
    let completed = 0;
    for (const request of await deps.requests.withStatus('removing_roles')) {
      const done = await deps.transactions.run(async () => {
        if (!(await deps.eraser.releaseDiscordId(request.userId))) return false;
        await deps.requests.update(request.id, { status: 'completed', completedAt: deps.clock.now() });
        return true;
      });
      if (done) completed += 1;
    }
    return { completed };
  }
}
