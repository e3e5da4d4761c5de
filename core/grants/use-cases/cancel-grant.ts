import type { Clock } from '../../shared/ports.ts';
import { GrantNotChangeableError, GrantNotFoundError } from '../errors.ts';
import type { Grant } from '../model/grant.ts';
import type { GrantQueue } from '../ports.ts';

/** A grant not run (or failed) will never run: staff cancel it, with why. */
export class CancelGrant {
  constructor(
    private readonly queue: GrantQueue,
    private readonly clock: Clock,
  ) {}

  async execute(input: { grantId: string; reason?: string; actor: string }): Promise<Grant> {
    const grant = await this.queue.findById(input.grantId);
    if (!grant) throw new GrantNotFoundError([input.grantId]);
    const now = this.clock.now();
    const message = input.reason?.trim() || 'Cancelled by staff.';
    const moved = await this.queue.change({
      id: grant.id,
      from: ['queued', 'failed', 'held'],
      to: 'cancelled',
      result: message,
      event: { kind: 'cancelled', at: now, server: null, message, actor: input.actor },
    });
    if (!moved)
      throw new GrantNotChangeableError((await this.queue.findById(grant.id))?.status ?? grant.status, 'cancelled');
    return moved;
  }
}
