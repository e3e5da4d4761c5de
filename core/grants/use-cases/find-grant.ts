import { GrantNotFoundError } from '../errors.ts';
import type { GrantWithTimeline } from '../model/grant.ts';
import type { GrantQueue } from '../ports.ts';

/** One grant with its timeline. */
export class FindGrant {
  constructor(private readonly queue: GrantQueue) {}

  async execute(id: string): Promise<GrantWithTimeline> {
    const grant = await this.queue.findById(id);
    if (!grant) throw new GrantNotFoundError([id]);
    return grant;
  }
}
