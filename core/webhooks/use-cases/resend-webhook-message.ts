import type { Clock, IdGenerator } from '../../shared/ports.ts';
import { WebhookMessageNotFoundError, WebhookNotResendableError } from '../errors.ts';
import { pendingMessage, type WebhookMessage } from '../model/webhook-message.ts';
import type { WebhookEndpoints, WebhookOutbox } from '../ports.ts';

/**
 * Sends a delivered or failed message again as a fresh one: a new id (the `webhook-id` a receiver drops repeats by)
 * and a fresh count of tries, with the same body; the first stays as it was.
 */
export class ResendWebhookMessage {
  constructor(
    private readonly deps: {
      endpoints: WebhookEndpoints;
      outbox: WebhookOutbox;
      ids: IdGenerator;
      clock: Clock;
      onQueued: () => void;
    },
  ) {}

  async execute(input: { messageId: string }): Promise<WebhookMessage> {
    const original = await this.deps.outbox.findById(input.messageId);
    if (!original) throw new WebhookMessageNotFoundError(input.messageId);
    if (original.status !== 'delivered' && original.status !== 'failed')
      throw new WebhookNotResendableError(
        `Only delivered or failed messages can be sent again: it is ${original.status}.`,
      );
    if (!(await this.deps.endpoints.findById(original.endpointId)))
      throw new WebhookNotResendableError('Its endpoint was removed.');
    const now = this.deps.clock.now();
    const id = this.deps.ids.next();
    const { endpointId, type, body } = original;
    const message = pendingMessage(
      { id, endpointId, type, body, dedupeKey: `resend:${id}`, resendOf: original.id },
      now,
    );
    await this.deps.outbox.add([message]);
    this.deps.onQueued();
    return message;
  }
}
