import type { Clock } from '../../shared/ports.ts';
import type { Grant } from '../model/grant.ts';
import { changeByHand } from '../model/hand-change.ts';
import type { GrantQueue } from '../ports.ts';

/** A grant not run (or failed) will never run: staff cancel it, with why. */
export class CancelGrant {
  constructor(
    private readonly queue: GrantQueue,
    private readonly clock: Clock,
  ) {}

  execute(input: { grantId: string; reason?: string; actor: string }): Promise<Grant> {
    const message = input.reason?.trim() || 'Cancelled by staff.';
    const event = { kind: 'cancelled' as const, at: this.clock.now(), server: null, message, actor: input.actor };
    return changeByHand(
      this.queue,
      { id: input.grantId, from: ['queued', 'failed', 'held'], to: 'cancelled', result: message, event },
      'cancelled',
    );
  }
}
