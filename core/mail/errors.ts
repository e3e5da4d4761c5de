import { ConflictError, NotFoundError } from '../shared/errors.ts';
import type { EmailStatus } from './model/email.ts';

/** How a try to send went wrong, as the sender reports it. */
export class MailAttemptError extends Error {
  override name = 'MailAttemptError';
  constructor(
    message: string,
    /** false when the mail server refused the message for good (a 5xx answer): trying again cannot help */
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

export class EmailNotFoundError extends NotFoundError {
  constructor(id: string) {
    super('EMAIL_NOT_FOUND', `No email matches '${id}'.`);
  }
}

export class EmailNotRetryableError extends ConflictError {
  constructor(status: EmailStatus) {
    super('EMAIL_NOT_RETRYABLE', `Only failed emails can be retried: it is ${status}.`);
  }
}
