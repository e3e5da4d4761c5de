import { GIVING_ACTIONS, type Grant } from './grant.ts';

/**
 * Where a purchase's things stand in the game, as its player reads it: waiting for them to join, delivered on a date,
 * or failed (staff were told). Null where the purchase gives nothing in the game, or nothing any more (refunded).
 */
export type InGameDelivery =
  | { state: 'waiting' }
  | { state: 'delivered'; at: Date }
  | { state: 'failed'; message: string }
  | null;

/** A grant sent again stands for the one it replaces: only the last of each line of resends counts. */
export function inGameDelivery(grants: readonly Grant[]): InGameDelivery {
  const replaced = new Set(grants.map((grant) => grant.resendOf).filter(Boolean));
  const current = grants.filter((grant) => GIVING_ACTIONS.includes(grant.action) && !replaced.has(grant.id));
  const live = current.filter((grant) => grant.status !== 'cancelled');
  if (live.length === 0) return null;
  const failed = live.find((grant) => grant.status === 'failed');
  if (failed) return { state: 'failed', message: failed.result ?? 'The game server could not deliver it.' };
  if (live.some((grant) => grant.status === 'queued' || grant.status === 'offered' || grant.status === 'held'))
    return { state: 'waiting' };
  const at = Math.max(...live.map((grant) => (grant.ranAt ?? grant.updatedAt).getTime()));
  return { state: 'delivered', at: new Date(at) };
}
