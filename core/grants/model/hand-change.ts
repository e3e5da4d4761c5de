import { GrantNotChangeableError, GrantNotFoundError } from '../errors.ts';
import type { GrantChange, GrantQueue } from '../ports.ts';
import type { Grant } from './grant.ts';

/**
 * A staff change to one grant (cancel it, mark it done by hand): moved when it is in one of `from`, else refused
 * with why (no such grant, or the status it is in). `what` names the change in the refusal.
 */
export async function changeByHand(queue: GrantQueue, change: GrantChange, what: string): Promise<Grant> {
  const moved = await queue.change(change);
  if (moved) return moved;
  const grant = await queue.findById(change.id);
  if (!grant) throw new GrantNotFoundError([change.id]);
  throw new GrantNotChangeableError(grant.status, what);
}
