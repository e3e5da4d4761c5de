import type { WebhookMessageType } from './webhook-events.ts';

/**
 * pending: waiting for its next try; sending: claimed by a worker (its lease runs out if that worker dies);
 * delivered: the endpoint answered 2xx; failed: the last of the tries, or its endpoint was removed.
 */
export const WEBHOOK_MESSAGE_STATUSES = ['pending', 'sending', 'delivered', 'failed'] as const;
export type WebhookMessageStatus = (typeof WEBHOOK_MESSAGE_STATUSES)[number];

/** One event for one endpoint, written in the same transaction as its cause (an outbox row); its body whole. */
export interface WebhookMessage {
  /** also the `webhook-id` header: the receiver's key to drop a message it has seen */
  id: string;
  endpointId: string;
  type: WebhookMessageType;
  /** the JSON body, exactly as it is signed and sent */
  body: string;
  status: WebhookMessageStatus;
  /** the same cause never writes two messages to one endpoint */
  dedupeKey: string;
  /** the message this one sends again (a resend), else null */
  resendOf: string | null;
  attempts: number;
  nextAttemptAt: Date;
  lastError: string | null;
  createdAt: Date;
  updatedAt: Date;
  deliveredAt: Date | null;
}

/** What one try got: the endpoint's answer (its status and the start of its body), or why there was none. */
export interface WebhookAttempt {
  messageId: string;
  /** 1 for the first try */
  number: number;
  at: Date;
  statusCode: number | null;
  /** the first WEBHOOK_RESPONSE_RECORDED characters of the response's body */
  responseBody: string | null;
  durationMs: number;
  error: string | null;
}

export const WEBHOOK_RESPONSE_RECORDED = 500;

export type WebhookMessageWithAttempts = WebhookMessage & { tries: WebhookAttempt[] };

/** What a try changes on a message it claimed. */
export type WebhookOutcome = Pick<
  WebhookMessage,
  'status' | 'nextAttemptAt' | 'lastError' | 'deliveredAt' | 'updatedAt'
>;

/** A message written now, waiting for its first try. */
export function pendingMessage(
  fields: Pick<WebhookMessage, 'id' | 'endpointId' | 'type' | 'body' | 'dedupeKey' | 'resendOf'>,
  now: Date,
): WebhookMessage {
  return {
    ...fields,
    status: 'pending',
    attempts: 0,
    nextAttemptAt: now,
    lastError: null,
    createdAt: now,
    updatedAt: now,
    deliveredAt: null,
  };
}
