import { DEFAULT_DELIVERY_SETTINGS, type DeliverySettings } from '../delivery/model/delivery-settings.ts';
import type { Clock, IdGenerator, TransactionRunner } from '../shared/ports.ts';
import { WebhookEventsRecorder } from './model/webhook-events-recorder.ts';
import type { WebhookEndpoints, WebhookOutbox, WebhookSecretBox, WebhookSender, WebhookTargets } from './ports.ts';
import { AddWebhookEndpoint } from './use-cases/add-webhook-endpoint.ts';
import { ListWebhookEndpoints } from './use-cases/list-webhook-endpoints.ts';
import { ListWebhookMessages } from './use-cases/list-webhook-messages.ts';
import { RemoveWebhookEndpoint } from './use-cases/remove-webhook-endpoint.ts';
import { ResendWebhookMessage } from './use-cases/resend-webhook-message.ts';
import { SendDueWebhooks, type WebhookSettings } from './use-cases/send-due-webhooks.ts';
import { SendTestWebhook } from './use-cases/send-test-webhook.ts';

/** requests a pass sends at once */
const CONCURRENCY = 4;
/** the longest a request may take, with room: a claimed message stays with its worker at least this */
const LEASE_ROOM_MS = 30_000;

/** What outbound webhooks need from outside. */
export interface WebhookPorts {
  endpoints: WebhookEndpoints;
  outbox: WebhookOutbox;
  sender: WebhookSender;
  targets: WebhookTargets;
  secrets: WebhookSecretBox;
  /** tries (WEBHOOK_MAX_ATTEMPTS) and waits as the Discord deliveries take them */
  settings?: Partial<DeliverySettings>;
  /** the longest one request may take (WEBHOOK_TIMEOUT_MS): a worker keeps its claim past a whole pass of them */
  timeoutMs?: number;
  /** told when there is something to send now (the worker wakes up) */
  onQueued?: () => void;
}

export function createWebhookModule(
  p: WebhookPorts,
  shared: {
    discordIdOf: (userId: string) => Promise<string | null>;
    clock: Clock;
    ids: IdGenerator;
    transactions: TransactionRunner;
  },
) {
  const base = { ...DEFAULT_DELIVERY_SETTINGS, ...p.settings };
  const timeoutMs = p.timeoutMs ?? 10_000;
  const settings: WebhookSettings = {
    ...base,
    concurrency: CONCURRENCY,
    leaseMs: Math.max(base.leaseMs, timeoutMs * Math.ceil(base.batchSize / CONCURRENCY) + LEASE_ROOM_MS),
  };
  const onQueued = p.onQueued ?? (() => {});
  const { clock, ids, transactions } = shared;
  const recorder = new WebhookEventsRecorder({
    endpoints: p.endpoints,
    outbox: p.outbox,
    discordIdOf: shared.discordIdOf,
    ids,
    clock,
    onRecorded: onQueued,
  });
  const stores = { endpoints: p.endpoints, outbox: p.outbox };
  return {
    /** the purchase, membership and application effects' part */
    effects: recorder,
    /** the events recorded where they happen: bans, and grants settled */
    happenings: recorder,
    webhooks: {
      add: new AddWebhookEndpoint({ endpoints: p.endpoints, targets: p.targets, secrets: p.secrets, ids, clock }),
      list: new ListWebhookEndpoints(stores),
      remove: new RemoveWebhookEndpoint({ ...stores, transactions, clock }),
      test: new SendTestWebhook({ ...stores, ids, clock, onQueued }),
      messages: new ListWebhookMessages(stores),
      resend: new ResendWebhookMessage({ ...stores, ids, clock, onQueued }),
      sendDue: new SendDueWebhooks({ ...stores, sender: p.sender, secrets: p.secrets, clock, settings }),
    },
  };
}
