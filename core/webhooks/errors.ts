import { ConflictError, NotFoundError } from '../shared/errors.ts';

export class WebhookEndpointNotFoundError extends NotFoundError {
  constructor(id: string) {
    super('WEBHOOK_ENDPOINT_NOT_FOUND', `No webhook endpoint matches '${id}'.`);
  }
}

export class WebhookMessageNotFoundError extends NotFoundError {
  constructor(id: string) {
    super('WEBHOOK_MESSAGE_NOT_FOUND', `No webhook message matches '${id}'.`);
  }
}

export class WebhookNotResendableError extends ConflictError {
  constructor(why: string) {
    super('WEBHOOK_NOT_RESENDABLE', why);
  }
}
