import { z } from 'zod';

/** The rules are core's: the admin screen's form and the request body are checked by the same schema. */
export {
  WEBHOOK_DESCRIPTION_MAX_LENGTH,
  WEBHOOK_URL_MAX_LENGTH,
  webhookEndpointSchema,
  type WebhookEndpointInput,
} from '../../../core/webhooks/model/webhook-endpoint.ts';
export {
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_TEST_EVENT,
  type WebhookEventType,
  type WebhookMessageType,
} from '../../../core/webhooks/model/webhook-events.ts';
export type { WebhookMessageStatus } from '../../../core/webhooks/model/webhook-message.ts';

import type { WebhookEventType, WebhookMessageType } from '../../../core/webhooks/model/webhook-events.ts';
import type { WebhookMessageStatus } from '../../../core/webhooks/model/webhook-message.ts';

/** GET /api/webhooks/:id/messages?limit= */
export const webhookMessagesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).optional(),
});

/** An endpoint as the API responds: never its secret. */
export interface WebhookEndpointDto {
  id: string;
  url: string;
  description: string;
  events: WebhookEventType[];
  createdBy: string;
  createdAt: string;
  /** how its newest message went, or null before its first */
  last: { status: WebhookMessageStatus; at: string; lastError: string | null } | null;
}

export interface WebhookEndpointsResponse {
  endpoints: WebhookEndpointDto[];
}

/** POST /api/webhooks (201): the secret, this once; it is never answered again. */
export interface CreatedWebhookEndpointResponse {
  endpoint: WebhookEndpointDto;
  secret: string;
}

export interface WebhookAttemptDto {
  number: number;
  at: string;
  statusCode: number | null;
  /** the first 500 characters of the endpoint's answer */
  responseBody: string | null;
  durationMs: number;
  error: string | null;
}

export interface WebhookMessageDto {
  id: string;
  endpointId: string;
  type: WebhookMessageType;
  status: WebhookMessageStatus;
  /** the JSON body as it was signed and sent */
  body: string;
  attempts: number;
  nextAttemptAt: string;
  lastError: string | null;
  resendOf: string | null;
  createdAt: string;
  deliveredAt: string | null;
  tries: WebhookAttemptDto[];
}

export interface WebhookMessagesResponse {
  messages: WebhookMessageDto[];
}

/** POST /api/webhooks/:id/test and POST /api/webhooks/messages/:id/resend (202): the message queued */
export interface QueuedWebhookMessageResponse {
  message: WebhookMessageDto;
}
