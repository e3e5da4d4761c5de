import { InvalidInputError } from '../../shared/errors.ts';
import type { Clock } from '../../shared/ports.ts';
import { type Grant, GRANT_NOTE_RULE, grantNoteSchema } from '../model/grant.ts';
import { changeByHand } from '../model/hand-change.ts';
import type { GrantQueue } from '../ports.ts';

/** Staff gave it by hand: a grant not run (or failed) is marked done with their note, and is never offered again. */
export class MarkGrantDone {
  constructor(
    private readonly queue: GrantQueue,
    private readonly clock: Clock,
  ) {}

  execute(input: { grantId: string; note: string; actor: string }): Promise<Grant> {
    const note = grantNoteSchema.safeParse(input.note);
    if (!note.success)
      throw new InvalidInputError('GRANT_NOTE_REQUIRED', GRANT_NOTE_RULE, [
        { path: 'note', message: 'Between 3 and 500 characters' },
      ]);
    const event = {
      kind: 'done_by_hand' as const,
      at: this.clock.now(),
      server: null,
      message: note.data,
      actor: input.actor,
    };
    return changeByHand(
      this.queue,
      { id: input.grantId, from: ['queued', 'failed', 'held'], to: 'done_by_hand', result: note.data, event },
      'marked done',
    );
  }
}
