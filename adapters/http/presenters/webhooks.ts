import type { WebhookEndpoint } from '../../../core/webhooks/model/webhook-endpoint.ts';
import type { WebhookAttempt, WebhookMessage } from '../../../core/webhooks/model/webhook-message.ts';
import type { WebhookEndpointSummary } from '../../../core/webhooks/use-cases/list-webhook-endpoints.ts';
import type { WebhookAttemptDto, WebhookEndpointDto, WebhookMessageDto } from '../contract/webhooks.ts';

/** an endpoint without its sealed secret */
export function presentWebhookEndpoint(
  endpoint: WebhookEndpoint,
  last: WebhookEndpointSummary['last'] = null,
): WebhookEndpointDto {
  return {
    id: endpoint.id,
    url: endpoint.url,
    description: endpoint.description,
    events: [...endpoint.events],
    createdBy: endpoint.createdBy,
    createdAt: endpoint.createdAt.toISOString(),
    last: last ? { status: last.status, at: last.at.toISOString(), lastError: last.lastError } : null,
  };
}

function presentAttempt(attempt: WebhookAttempt): WebhookAttemptDto {
  return {
    number: attempt.number,
    at: attempt.at.toISOString(),
    statusCode: attempt.statusCode,
    responseBody: attempt.responseBody,
    durationMs: attempt.durationMs,
    error: attempt.error,
  };
}

export function presentWebhookMessage(message: WebhookMessage & { tries?: WebhookAttempt[] }): WebhookMessageDto {
  return {
    id: message.id,
    endpointId: message.endpointId,
    type: message.type,
    status: message.status,
    body: message.body,
    attempts: message.attempts,
    nextAttemptAt: message.nextAttemptAt.toISOString(),
    lastError: message.lastError,
    resendOf: message.resendOf,
    createdAt: message.createdAt.toISOString(),
    deliveredAt: message.deliveredAt?.toISOString() ?? null,
    tries: (message.tries ?? []).map(presentAttempt),
  };
}
