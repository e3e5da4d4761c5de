import { randomUUID } from 'node:crypto';
import type { Delivery } from '../../core/delivery/model/delivery.ts';

/** A staff-channel notice, pending now, as the outbox stores one; overrides set the rest. */
export function delivery(overrides: Partial<Delivery> = {}): Delivery {
  const now = new Date();
  const id = randomUUID();
  return {
    id,
    kind: 'notify_staff',
    status: 'pending',
    userId: null,
    discordId: null,
    roleId: null,
    content: 'New purchase',
    purchaseId: null,
    applicationId: null,
    dedupeKey: `test:${id}`,
    attempts: 0,
    nextAttemptAt: now,
    lastError: null,
    createdAt: now,
    updatedAt: now,
    deliveredAt: null,
    ...overrides,
  };
}
