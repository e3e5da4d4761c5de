import type { Clock, IdGenerator } from '../shared/ports.ts';
import { DEFAULT_DELIVERY_SETTINGS, type DeliverySettings } from './model/delivery-settings.ts';
import { DeliverDue, type RoleGrantOutcomes } from './use-cases/deliver-due.ts';
import type { MembershipEffects } from '../memberships/effects.ts';
import type { DeliveryEffects } from './effects.ts';
import { FindDeliveries } from './use-cases/find-deliveries.ts';
import { ListDeliveries } from './use-cases/list-deliveries.ts';
import { OutboxDeliveryEffects } from './model/outbox-delivery-effects.ts';
import type { FailedGrant } from './model/messages.ts';
import { PurchaseDeliveries } from './use-cases/purchase-deliveries.ts';
import { RetryDelivery } from './use-cases/retry-delivery.ts';
import { RetryFailedDeliveries } from './use-cases/retry-failed-deliveries.ts';
import type { DeliveryOutbox, DiscordGateway, Entitlements } from './ports.ts';
import { ReconcileRoles } from './use-cases/reconcile-roles.ts';
import { RoleMapping } from './model/role-mapping.ts';

/** What delivery through Discord needs from outside. */
export interface DeliveryPorts {
  outbox: DeliveryOutbox;
  discord: DiscordGateway;
  entitlements: Entitlements;
  roles: RoleMapping;
  settings?: Partial<DeliverySettings>;
  /** told when there is something to send now (the worker wakes up) */
  onQueued?: () => void;
}

export function createDeliveryModule(
  p: DeliveryPorts,
  shared: { clock: Clock; ids: IdGenerator; grantOutcomes?: RoleGrantOutcomes },
) {
  const settings = { ...DEFAULT_DELIVERY_SETTINGS, ...p.settings };
  const onQueued = p.onQueued ?? (() => {});
  const capabilities = p.discord.capabilities;
  const outbox = new OutboxDeliveryEffects({
    outbox: p.outbox,
    capabilities,
    roles: p.roles,
    entitlements: p.entitlements,
    ids: shared.ids,
    clock: shared.clock,
    onRecorded: onQueued,
  });
  const effects: DeliveryEffects & MembershipEffects = outbox;
  return {
    effects,
    /** the staff channel, told of a grant the game server reported failed */
    alerts: { grantFailed: (grant: FailedGrant, message: string) => outbox.grantFailed(grant, message) },
    /** direct messages worded by another module (interviews), through the same outbox */
    messages: {
      send: (drafts: Parameters<OutboxDeliveryEffects['messageMembers']>[0]) => outbox.messageMembers(drafts),
    },
    delivery: {
      capabilities,
      deliverDue: new DeliverDue({
        outbox: p.outbox,
        discord: p.discord,
        clock: shared.clock,
        settings,
        outcomes: shared.grantOutcomes,
      }),
      list: new ListDeliveries(p.outbox),
      find: new FindDeliveries(p.outbox),
      forPurchases: new PurchaseDeliveries(p.outbox),
      retry: new RetryDelivery(p.outbox, shared.clock, onQueued),
      retryFailed: new RetryFailedDeliveries(p.outbox, shared.clock, onQueued),
      reconcileRoles: new ReconcileRoles(p.entitlements, p.discord, p.roles),
    },
  };
}

export { RoleMapping };
