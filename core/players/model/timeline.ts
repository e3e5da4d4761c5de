import type { AccountAction } from '../../audit/model/account-action.ts';
import type { AuditEntry } from '../../applications/model/audit-entry.ts';
import type { ApplicationKindName, ApplicationRecord } from '../../applications/model/application.ts';
import type { Delivery } from '../../delivery/model/delivery.ts';
import type { BuyerPurchaseStatus } from '../../purchases/model/buyer-view.ts';
import type { PurchaseStatusStep } from '../../purchases/ports.ts';
import type { Purchase } from '../../purchases/model/purchase.ts';
import type { TokenLedgerEntry } from '../../tokens/model/ledger-entry.ts';
import type { User } from '../../users/model/user.ts';
import type { PlayerAccessView } from '../../game/model/player-access.ts';
import type { MembershipView } from '../../memberships/model/membership-views.ts';
import type { MembershipEvent } from '../../memberships/model/membership-events.ts';
import type { StoreBanRecord } from '../ports.ts';

/** One thing that happened to a player, placed in time. */
export type TimelineEntry =
  | { kind: 'purchase'; id: string; at: Date; purchase: Purchase; status: BuyerPurchaseStatus }
  /** a later step of a purchase: completed, failed, refunded or disputed */
  | { kind: 'purchase_status'; id: string; at: Date; purchase: Purchase; change: PurchaseStatusStep }
  | { kind: 'ledger'; id: string; at: Date; entry: TokenLedgerEntry }
  | { kind: 'application'; id: string; at: Date; applicationKind: ApplicationKindName; application: ApplicationRecord }
  | { kind: 'decision'; id: string; at: Date; review: AuditEntry }
  | { kind: 'store_ban'; id: string; at: Date; ban: StoreBanRecord }
  | { kind: 'account_action'; id: string; at: Date; action: AccountAction }
  | { kind: 'delivery'; id: string; at: Date; delivery: Delivery }
  /** a Priority Pass event: started, renewed, past due, canceled, resumed, tier changed, ended */
  | { kind: 'membership'; id: string; at: Date; event: MembershipEvent; tierName: string; fromTierName: string | null };

export type TimelineKind = TimelineEntry['kind'];

/** The most recent rows read from each source; the page says when a source had more. */
export const TIMELINE_PER_SOURCE = 50;

export interface PlayerPage {
  user: User;
  storeBan: StoreBanRecord | null;
  /** who the game server lets in and in what queue order: the one rule, read as the game API reads it */
  access: PlayerAccessView;
  /** the live Priority Pass, else the latest one, or null */
  membership: MembershipView | null;
  /** newest first */
  timeline: TimelineEntry[];
  /** true when some source had more than TIMELINE_PER_SOURCE rows: the oldest are left out */
  truncated: boolean;
}

// entries at the same instant: the cause before its consequences when read newest first
const TIE_ORDER: Record<TimelineKind, number> = {
  delivery: 0,
  membership: 0,
  ledger: 1,
  account_action: 2,
  store_ban: 3,
  decision: 4,
  purchase_status: 5,
  purchase: 6,
  application: 7,
};

/** Newest first; ties keep a stable order. */
export function newestFirst(entries: TimelineEntry[]): TimelineEntry[] {
  return [...entries].sort(
    (a, b) => b.at.getTime() - a.at.getTime() || TIE_ORDER[a.kind] - TIE_ORDER[b.kind] || a.id.localeCompare(b.id),
  );
}
