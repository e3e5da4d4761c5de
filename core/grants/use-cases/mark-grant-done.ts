import { InvalidInputError } from '../../shared/errors.ts';
import type { Clock } from '../../shared/ports.ts';
import { GrantNotChangeableError, GrantNotFoundError } from '../errors.ts';
import type { Grant } from '../model/grant.ts';
import type { GrantQueue } from '../ports.ts';

/** Staff gave it by hand: a grant not run (or failed) is marked done with their note, and is never offered again. */
export class MarkGrantDone {
  constructor(
    private readonly queue: GrantQueue,
    private readonly clock: Clock,
  ) {}

  async execute(input: { grantId: string; note: string; actor: string }): Promise<Grant> {
    const note = input.note.trim();
    if (note.length < 3 || note.length > 500)
      throw new InvalidInputError('GRANT_NOTE_REQUIRED', 'Say what was done by hand, in 3 to 500 characters.', [
        { path: 'note', message: 'Between 3 and 500 characters' },
      ]);
    const grant = await this.queue.findById(input.grantId);
    if (!grant) throw new GrantNotFoundError([input.grantId]);
    const now = this.clock.now();
    const moved = await this.queue.change({
      id: grant.id,
      from: ['queued', 'failed', 'held'],
      to: 'done_by_hand',
      result: note,
      event: { kind: 'done_by_hand', at: now, server: null, message: note, actor: input.actor },
    });
    if (!moved)
      throw new GrantNotChangeableError((await this.queue.findById(grant.id))?.status ?? grant.status, 'marked done');
    return moved;
  }
}
