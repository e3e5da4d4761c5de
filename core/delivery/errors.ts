import { ConflictError, DomainError, NotFoundError } from '../shared/errors.ts';
import type { DeliveryStatus } from './model/delivery.ts';

/** How an attempt went wrong, as the Discord adapter reports it. */
export class DeliveryAttemptError extends Error {
  override name = 'DeliveryAttemptError';
  constructor(
    message: string,
    /** false for a 4xx other than 429: trying again cannot help */
    readonly retryable: boolean,
    /** how long Discord asked us to wait, when it did */
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

export class DeliveryNotFoundError extends NotFoundError {
  constructor(id: string) {
    super('DELIVERY_NOT_FOUND', `No delivery matches '${id}'.`);
  }
}

export class DeliveryNotRetryableError extends ConflictError {
  constructor(status: DeliveryStatus) {
    const why =
      status === 'not_configured'
        ? 'it was recorded while Discord delivery was not configured; once it is, run `roles reconcile` to hand out the roles'
        : `it is ${status.replace('_', ' ')}`;
    super('DELIVERY_NOT_RETRYABLE', `Only failed deliveries can be retried: ${why}.`);
  }
}

export class DiscordNotConfiguredError extends DomainError {
  constructor() {
    super(
      'DISCORD_NOT_CONFIGURED',
      'unavailable',
      'Discord delivery is not configured: set DISCORD_BOT_TOKEN and DISCORD_GUILD_ID.',
    );
  }
}
