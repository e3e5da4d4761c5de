import { DomainError, NotFoundError } from '../shared/errors.ts';

export class UserNotFoundError extends NotFoundError {
  constructor(what: string) {
    super('USER_NOT_FOUND', `No user ${what}.`);
  }
}

/** Banned users are refused sign-in and purchases; the message tells them where to turn. */
export class UserBannedError extends DomainError {
  constructor(reason: string | null) {
    super(
      'USER_BANNED',
      'forbidden',
      `This account is banned${reason ? `: ${reason}` : ''}. See the ban appeal process to ask for a review.`,
    );
  }
}
