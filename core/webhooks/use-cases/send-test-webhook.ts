import type { Clock, IdGenerator } from '../../shared/ports.ts';
import { WebhookEndpointNotFoundError } from '../errors.ts';
import { WEBHOOK_TEST_EVENT, type WebhookBody } from '../model/webhook-events.ts';
import { pendingMessage, type WebhookMessage } from '../model/webhook-message.ts';
import type { WebhookEndpoints, WebhookOutbox } from '../ports.ts';

/** Queues a `webhook.test` message to one endpoint, whatever it hears; the worker sends it at once. */
export class SendTestWebhook {
  constructor(
    private readonly deps: {
      endpoints: WebhookEndpoints;
      outbox: WebhookOutbox;
      ids: IdGenerator;
      clock: Clock;
      onQueued: () => void;
    },
  ) {}

  async execute(input: { endpointId: string; by: string }): Promise<WebhookMessage> {
    const endpoint = await this.deps.endpoints.findById(input.endpointId);
    if (!endpoint) throw new WebhookEndpointNotFoundError(input.endpointId);
    const now = this.deps.clock.now();
    const id = this.deps.ids.next();
    const body: WebhookBody<typeof WEBHOOK_TEST_EVENT> = {
      type: WEBHOOK_TEST_EVENT,
      timestamp: now.toISOString(),
      data: { endpointId: endpoint.id, message: `A test sent by ${input.by}.` },
    };
    const message = pendingMessage(
      {
        id,
        endpointId: endpoint.id,
        type: WEBHOOK_TEST_EVENT,
        body: JSON.stringify(body),
        dedupeKey: `${WEBHOOK_TEST_EVENT}:${id}`,
        resendOf: null,
      },
      now,
    );
    await this.deps.outbox.add([message]);
    this.deps.onQueued();
    return message;
  }
}
