import type { WebhookEndpoint } from './model/webhook-endpoint.ts';
import type { WebhookEventType } from './model/webhook-events.ts';
import type {
  WebhookAttempt,
  WebhookMessage,
  WebhookMessageWithAttempts,
  WebhookOutcome,
} from './model/webhook-message.ts';

/** The registered endpoints. Reads answer from memory where the adapter can (every purchase asks `subscribedTo`). */
export interface WebhookEndpoints {
  /** the endpoints that hear this event, oldest first; none registered must cost nothing on a purchase's path */
  subscribedTo(type: WebhookEventType): Promise<WebhookEndpoint[]>;
  /** every registered endpoint, oldest first */
  list(): Promise<WebhookEndpoint[]>;
  findById(id: string): Promise<WebhookEndpoint | null>;
  add(endpoint: WebhookEndpoint): Promise<void>;
  /** answers false when no such endpoint was registered */
  remove(id: string, by: string, at: Date): Promise<boolean>;
}

/** The outbox of messages to the endpoints. Writes join the caller's transaction. */
export interface WebhookOutbox {
  /** a message whose dedupeKey exists already is skipped */
  add(messages: WebhookMessage[]): Promise<void>;
  /** claims up to `limit` due messages (pending and due, or sending with a lapsed lease) for this worker */
  claimDue(now: Date, limit: number, leaseUntil: Date): Promise<WebhookMessage[]>;
  /** records a try on a message this worker claimed, with its answer (nothing, once its lease passed to another) */
  settle(id: string, outcome: WebhookOutcome, attempt: WebhookAttempt): Promise<void>;
  findById(id: string): Promise<WebhookMessage | null>;
  /** an endpoint's messages, newest first, each with its tries (oldest first) */
  listForEndpoint(endpointId: string, limit: number): Promise<WebhookMessageWithAttempts[]>;
  /** the newest message's status per endpoint that has one */
  lastResults(): Promise<Map<string, { status: WebhookMessage['status']; at: Date; lastError: string | null }>>;
  /** a removed endpoint's messages still waiting fail, with `reason` */
  failWaiting(endpointId: string, reason: string, at: Date): Promise<void>;
}

/** One signed request to an endpoint, as the Standard Webhooks specification sends it. */
export interface WebhookRequest {
  url: string;
  /** the `webhook-id` header */
  id: string;
  /** the `webhook-timestamp` header */
  at: Date;
  body: string;
  /** the endpoint's secret (`whsec_...`), to sign with; never written anywhere */
  secret: string;
}

/** What an endpoint answered to one request, or why it did not. */
export type WebhookAnswer =
  | { statusCode: number; body: string; durationMs: number }
  | { error: string; durationMs: number };

/** Sends a request and answers what came back; never throws for the endpoint's own failures (errors are answers). */
export interface WebhookSender {
  send(request: WebhookRequest): Promise<WebhookAnswer>;
}

/** Where endpoints may point (WEBHOOK_TARGETS): answers why an address is refused, or null when it is allowed. */
export interface WebhookTargets {
  refusal(url: string): Promise<string | null>;
}

/** Seals a secret for storage and opens it to sign with (the second factors' box). */
export interface WebhookSecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}
