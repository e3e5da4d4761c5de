import type { RecentPurchaseItem } from '../data/recent-purchases-sample.ts';

export const RECENT_VISIBLE = 6;
export const RECENT_ROTATE_MS = 8000;

/** What the panel shows, newest first, and the index of the entry that comes in next. */
export interface RotationState {
  visible: RecentPurchaseItem[];
  next: number;
}

export function initialRotation(items: readonly RecentPurchaseItem[]): RotationState {
  return { visible: items.slice(0, RECENT_VISIBLE), next: Math.min(RECENT_VISIBLE, items.length) };
}

/** docs/product.md#home-and-landing: the next entry comes in at the top and the oldest leaves; once all are used, back to the first six. */
export function rotate(state: RotationState, items: readonly RecentPurchaseItem[]): RotationState {
  if (items.length <= RECENT_VISIBLE) return state;
  if (state.next >= items.length) return initialRotation(items);
  return { visible: [items[state.next], ...state.visible].slice(0, RECENT_VISIBLE), next: state.next + 1 };
}
