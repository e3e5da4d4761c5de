import { ConflictError, NotFoundError } from '../shared/errors.ts';
import type { GrantStatus } from './model/grant.ts';

export class GrantNotFoundError extends NotFoundError {
  constructor(ids: readonly string[]) {
    super(
      'GRANT_NOT_FOUND',
      ids.length === 1 ? `No grant ${ids[0]}.` : `No grants ${ids.join(', ')}; nothing was recorded.`,
    );
  }
}

const STATUS_WORDS: Record<GrantStatus, string> = {
  queued: 'is waiting to run',
  offered: 'is out with a game server',
  held: 'waits for the grants still out with a game server',
  ran: 'ran already',
  failed: 'failed',
  cancelled: 'was cancelled',
  done_by_hand: 'was done by hand',
};

export class GrantNotChangeableError extends ConflictError {
  constructor(
    readonly status: GrantStatus,
    what: string,
  ) {
    super('GRANT_NOT_CHANGEABLE', `This grant ${STATUS_WORDS[status]}, so it cannot be ${what}.`);
  }
}
