import { backoffMs, type DeliverySettings } from '../../delivery/model/delivery-settings.ts';
import type { Clock } from '../../shared/ports.ts';
import { WEBHOOK_RESPONSE_RECORDED, type WebhookAttempt, type WebhookMessage } from '../model/webhook-message.ts';
import type { WebhookEndpoints, WebhookOutbox, WebhookSecretBox, WebhookSender } from '../ports.ts';

export interface WebhookPassReport {
  delivered: number;
  retrying: number;
  failed: number;
}

/** The worker's settings: the Discord deliveries' tries, waits and lease, and how many requests run at once. */
export interface WebhookSettings extends DeliverySettings {
  concurrency: number;
}

/**
 * One pass of the outbox: claims the messages due and sends them a few at once, each signed with its endpoint's
 * secret. A 2xx answer delivers it; any other answer, a network error or a timeout is a try recorded with what came
 * back, and the message waits longer after each (as the Discord deliveries do) until its last try leaves it failed.
 */
export class SendDueWebhooks {
  constructor(
    private readonly deps: {
      outbox: WebhookOutbox;
      endpoints: Pick<WebhookEndpoints, 'findById'>;
      sender: WebhookSender;
      secrets: WebhookSecretBox;
      clock: Clock;
      settings: WebhookSettings;
    },
  ) {}

  async execute(): Promise<WebhookPassReport> {
    const { outbox, clock, settings } = this.deps;
    const now = clock.now();
    const claimed = await outbox.claimDue(now, settings.batchSize, new Date(now.getTime() + settings.leaseMs));
    const report: WebhookPassReport = { delivered: 0, retrying: 0, failed: 0 };
    let next = 0;
    const lane = async () => {
      while (next < claimed.length) {
        const message = claimed[next++] as WebhookMessage;
        report[await this.attempt(message)] += 1;
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, settings.concurrency) }, lane));
    return report;
  }

  private async attempt(message: WebhookMessage): Promise<keyof WebhookPassReport> {
    const { clock, settings } = this.deps;
    const { tried, last } = await this.tryOnce(message, clock.now());
    const at = clock.now();
    if (tried.statusCode !== null && tried.statusCode >= 200 && tried.statusCode < 300) {
      await this.deps.outbox.settle(
        message.id,
        { status: 'delivered', nextAttemptAt: at, lastError: null, deliveredAt: at, updatedAt: at },
        tried,
      );
      return 'delivered';
    }
    const done = last || message.attempts >= settings.maxAttempts;
    const lastError = `Try ${message.attempts}: ${tried.error ?? `the endpoint answered ${tried.statusCode}`}`.slice(
      0,
      2000,
    );
    await this.deps.outbox.settle(
      message.id,
      {
        status: done ? 'failed' : 'pending',
        nextAttemptAt: done ? at : new Date(at.getTime() + backoffMs(message.attempts, settings)),
        lastError,
        deliveredAt: null,
        updatedAt: at,
      },
      tried,
    );
    return done ? 'failed' : 'retrying';
  }

  /** one try: its answer, and whether it must be the last (no endpoint, or no secret to sign with) */
  private async tryOnce(message: WebhookMessage, started: Date): Promise<{ tried: WebhookAttempt; last: boolean }> {
    const endpoint = await this.deps.endpoints.findById(message.endpointId);
    if (!endpoint) return { tried: this.failedTry(message, started, 'The endpoint was removed.', 0), last: true };
    let secret: string;
    try {
      secret = this.deps.secrets.open(endpoint.sealedSecret);
    } catch {
      // the session secret changed since it was sealed: no try can sign it
      const why = 'The signing secret cannot be read; add the endpoint again.';
      return { tried: this.failedTry(message, started, why, 0), last: true };
    }
    const answer = await this.deps.sender.send({
      url: endpoint.url,
      id: message.id,
      at: started,
      body: message.body,
      secret,
    });
    if (!('statusCode' in answer))
      return { tried: this.failedTry(message, started, answer.error, answer.durationMs), last: false };
    return {
      tried: {
        messageId: message.id,
        number: message.attempts,
        at: started,
        statusCode: answer.statusCode,
        responseBody: answer.body.slice(0, WEBHOOK_RESPONSE_RECORDED),
        durationMs: answer.durationMs,
        error: null,
      },
      last: false,
    };
  }

  private failedTry(message: WebhookMessage, at: Date, error: string, durationMs: number): WebhookAttempt {
    return {
      messageId: message.id,
      number: message.attempts,
      at,
      statusCode: null,
      responseBody: null,
      durationMs,
      error: error.slice(0, WEBHOOK_RESPONSE_RECORDED),
    };
  }
}
