import { DomainError, NotFoundError } from '../shared/errors.ts';

export class UserNotFoundError extends NotFoundError {
  constructor(what: string) {
    super('USER_NOT_FOUND', `No user ${what}.`);
  }
}

/** A banned user's session reaches only their ban appeal; the message tells them where to turn. */
export class UserBannedError extends DomainError {
  constructor(reason: string | null) {
    super(
      'BANNED',
      'forbidden',
      `This account is banned${reason ? `: ${reason}` : ''}. You can appeal the ban at /appeal.`,
    );
  }
}
