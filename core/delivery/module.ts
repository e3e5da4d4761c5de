import { DomainError } from '../shared/errors.ts';
import type { Clock, IdGenerator } from '../shared/ports.ts';
import { DeliverDue, DEFAULT_DELIVERY_SETTINGS, type DeliverySettings } from './deliver-due.ts';
import { noDeliveryEffects, type DeliveryEffects } from './effects.ts';
import { OutboxDeliveryEffects } from './outbox-delivery-effects.ts';
import { ListDeliveries } from './list-deliveries.ts';
import { PurchaseDeliveries } from './purchase-deliveries.ts';
import { RetryDeliveries } from './retry-deliveries.ts';
import type { DeliveryOutbox, DiscordGateway, Entitlements } from './ports.ts';
import { ReconcileRoles } from './reconcile-roles.ts';
import { RoleMapping } from './role-mapping.ts';

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

export function createDeliveryModule(ports: DeliveryPorts | undefined, shared: { clock: Clock; ids: IdGenerator }) {
  const p = ports ?? unconfigured();
  const settings = { ...DEFAULT_DELIVERY_SETTINGS, ...p.settings };
  const onQueued = p.onQueued ?? (() => {});
  const capabilities = ports?.discord.capabilities ?? { bot: false, staffChannel: false };
  const effects: DeliveryEffects = ports
    ? new OutboxDeliveryEffects(p.outbox, capabilities, p.roles, p.entitlements, shared.ids, shared.clock, onQueued)
    : noDeliveryEffects;
  return {
    effects,
    delivery: {
      capabilities,
      deliverDue: new DeliverDue(p.outbox, p.discord, shared.clock, settings),
      list: new ListDeliveries(p.outbox),
      forPurchases: new PurchaseDeliveries(p.outbox),
      retry: new RetryDeliveries(p.outbox, shared.clock, onQueued),
      reconcileRoles: new ReconcileRoles(p.entitlements, p.discord, p.roles),
    },
  };
}

/** Without storage every call fails clearly instead of pretending to work. */
function unconfigured(): DeliveryPorts {
  const fail = () => Promise.reject(new DomainError('DELIVERY_UNCONFIGURED', 'unavailable', 'Delivery storage is not configured.'));
  const port = new Proxy({}, { get: () => fail });
  return { outbox: port, discord: port, entitlements: port, roles: new RoleMapping() } as DeliveryPorts;
}

export { RoleMapping };
