import { InvalidInputError } from '../../shared/errors.ts';
import type { Clock, IdGenerator } from '../../shared/ports.ts';
import { type WebhookEndpoint, type WebhookEndpointInput, webhookEndpointSchema } from '../model/webhook-endpoint.ts';
import { newWebhookSecret } from '../model/webhook-secret.ts';
import type { WebhookEndpoints, WebhookSecretBox, WebhookTargets } from '../ports.ts';

/**
 * Registers an endpoint: its address checked against where endpoints may point (WEBHOOK_TARGETS), its secret made
 * here and answered this once; only its sealed form is stored.
 */
export class AddWebhookEndpoint {
  constructor(
    private readonly deps: {
      endpoints: WebhookEndpoints;
      targets: WebhookTargets;
      secrets: WebhookSecretBox;
      ids: IdGenerator;
      clock: Clock;
    },
  ) {}

  async execute(input: {
    endpoint: WebhookEndpointInput;
    by: string;
  }): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
    const parsed = webhookEndpointSchema.safeParse(input.endpoint);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((issue) => ({
        path: issue.path.map(String).join('.'),
        message: issue.message,
      }));
      throw new InvalidInputError(
        'WEBHOOK_ENDPOINT_INVALID',
        [...new Set(issues.map((i) => i.message))].join(' '),
        issues,
      );
    }
    const refusal = await this.deps.targets.refusal(parsed.data.url);
    if (refusal) throw new InvalidInputError('WEBHOOK_URL_REFUSED', refusal, [{ path: 'url', message: refusal }]);
    const secret = newWebhookSecret();
    const endpoint: WebhookEndpoint = {
      id: this.deps.ids.next(),
      ...parsed.data,
      sealedSecret: this.deps.secrets.seal(secret),
      createdBy: input.by,
      createdAt: this.deps.clock.now(),
    };
    await this.deps.endpoints.add(endpoint);
    return { endpoint, secret };
  }
}
