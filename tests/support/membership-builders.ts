import { randomUUID } from 'node:crypto';
import type { Membership } from '../../core/memberships/model/membership.ts';

const MONTH_MS = 30 * 86_400_000;

/** A stored demo Swamp Blood membership, active, in the first month that starts at `start`. */
export function storedMembership(userId: string, start: Date, overrides: Partial<Membership> = {}): Membership {
  return {
    id: randomUUID(),
    userId,
    tierId: 'swamp-blood',
    status: 'active',
    cancelAtPeriodEnd: false,
    pendingTierId: null,
    gateway: 'demo',
    subscriptionId: `sub_${randomUUID()}`,
    paymentRef: null,
    anchor: start,
    currentPeriodStart: start,
    currentPeriodEnd: new Date(start.getTime() + MONTH_MS),
    graceUntil: null,
    startedAt: start,
    endedAt: null,
    endReason: null,
    createdAt: start,
    updatedAt: start,
    ...overrides,
  };
}
