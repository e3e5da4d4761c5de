import type { AccountAction } from '../../../core/audit/model/account-action.ts';
import type { PlayerPage, TimelineEntry } from '../../../core/players/model/timeline.ts';
import { TIMELINE_PER_SOURCE } from '../../../core/players/model/timeline.ts';
import type { StoreBanRecord } from '../../../core/players/ports.ts';
import { PERMISSION_LABELS, permissionStates } from '../../../core/users/model/permissions.ts';
import { displayName, type User } from '../../../core/users/model/user.ts';
import type { PlayerAccessView } from '../../../core/game/model/player-access.ts';
import type { MembershipView } from '../../../core/memberships/model/membership-views.ts';
import type { PlayerPageDto, PlayerProfileDto, PlayerSummaryDto, TimelineEntryDto } from '../contract/players.ts';
import { AGE_ANSWER_LABELS } from '../../../core/users/model/age.ts';

export function presentPlayerSummary(user: User): PlayerSummaryDto {
  return {
    id: user.id,
    name: displayName(user),
    discordUsername: user.discordUsername,
    discordId: user.discordId,
    role: user.role,
  };
}

export function presentPlayerProfile(
  user: User,
  storeBan: StoreBanRecord | null,
  access: PlayerAccessView,
  membership: MembershipView | null,
): PlayerProfileDto {
  const m = membership?.membership;
  return {
    ...presentPlayerSummary(user),
    username: user.username,
    tokens: user.tokens,
    boughtTokens: user.boughtTokens,
    isWhitelisted: access.whitelisted,
    whitelistedBy: !access.whitelisted
      ? null
      : user.role === 'staff' || user.role === 'admin'
        ? 'staff'
        : user.isWhitelisted
          ? 'application'
          : 'priority_pass',
    priority: access.priority,
    membership:
      membership && m
        ? {
            tierName: membership.tierName,
            status: m.status,
            cancelAtPeriodEnd: m.cancelAtPeriodEnd,
            nextCharge: membership.nextCharge
              ? {
                  date: membership.nextCharge.at.toISOString(),
                  amount: membership.nextCharge.amountCents / 100,
                  tierName: membership.nextCharge.tierName,
                }
              : null,
            benefitsUntil: membership.benefitsUntil?.toISOString() ?? null,
            endedAt: m.endedAt?.toISOString() ?? null,
          }
        : null,
    banned: user.bannedAt !== null,
    bannedAt: user.bannedAt?.toISOString() ?? null,
    banReason: user.banReason,
    storeBan: storeBan ? { reason: storeBan.reason, createdAt: storeBan.createdAt.toISOString() } : null,
    ageDeclaration: user.ageDeclaration
      ? {
          answer: user.ageDeclaration.answer,
          label: AGE_ANSWER_LABELS[user.ageDeclaration.answer],
          at: user.ageDeclaration.at.toISOString(),
        }
      : null,
    createdAt: user.createdAt.toISOString(),
  };
}

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const tokens = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'token' : 'tokens'}`;
const signed = (n: number) => (n > 0 ? `+${n.toLocaleString('en-US')}` : `−${Math.abs(n).toLocaleString('en-US')}`);

const ACTION_TITLES: Record<AccountAction['action'], string> = {
  credit_tokens: 'Tokens added by an admin',
  debit_tokens: 'Tokens taken by an admin',
  ban: 'Account banned',
  unban: 'Account unbanned',
  change_role: 'Role changed',
  grant_permission: 'Permission granted',
  revoke_permission: 'Permission revoked',
  reset_second_factor: 'Second factor reset',
  queue_front: 'Moved to the front of the queue',
  queue_remove: 'Removed from the queue',
};

const DELIVERY_TITLES = {
  grant_role: 'Discord role granted',
  remove_role: 'Discord role removed',
  message_user: 'Discord message',
  notify_staff: 'Staff channel notice',
} as const;

const STEP_WORDS = {
  checkout_started: 'checkout started',
  completed: 'payment completed',
  failed: 'payment declined',
  refunded: 'refunded',
  disputed: 'payment disputed',
  underpaid: 'underpaid, held for staff',
} as const;

const KIND_NAMES = { whitelist: 'Whitelist application', staff: 'Staff application', appeal: 'Ban appeal' } as const;

const blank = { status: null, detail: null, notes: null, actor: null, channel: null, purchaseId: null };

function presentEntry(entry: TimelineEntry): TimelineEntryDto {
  const base = { id: entry.id, kind: entry.kind, at: entry.at.toISOString(), ...blank };
  switch (entry.kind) {
    case 'purchase': {
      const p = entry.purchase;
      const parts = [money(p.priceCents)];
      if (p.tokensGranted > 0) parts.push(tokens(p.tokensGranted));
      if (p.failureReason && entry.status === 'failed') parts.push(p.failureReason);
      return {
        ...base,
        title: `Purchase: ${p.productName}`,
        status: entry.status,
        detail: parts.join(' · '),
        purchaseId: p.id,
      };
    }
    case 'purchase_status': {
      const { change, purchase } = entry;
      return {
        ...base,
        title: `${purchase.productName}: ${STEP_WORDS[change.status]}`,
        notes: change.reason,
        actor: change.by ? { name: change.by.name, discordId: null } : null,
        channel: change.by ? 'web' : null,
      };
    }
    case 'ledger': {
      const e = entry.entry;
      return {
        ...base,
        title: `Tokens ${signed(e.delta)}`,
        detail: `Balance ${e.balanceAfter.toLocaleString('en-US')}`,
        notes: e.reason,
      };
    }
    case 'application':
      return {
        ...base,
        title: `${KIND_NAMES[entry.applicationKind]} submitted`,
        status: entry.application.status,
      };
    case 'decision': {
      const r = entry.review;
      return {
        ...base,
        title: `${KIND_NAMES[r.kind]} reviewed`,
        status: r.toStatus,
        detail: `Was ${r.fromStatus.replace('_', ' ')}`,
        notes: r.notes,
        actor: { name: r.reviewerName, discordId: r.reviewerDiscordId },
        channel: r.channel,
      };
    }
    case 'store_ban':
      return { ...base, title: 'Banned from the store', notes: entry.ban.reason };
    case 'account_action': {
      const a = entry.action;
      return {
        ...base,
        title: a.permission
          ? `${ACTION_TITLES[a.action]}: ${PERMISSION_LABELS[a.permission]}`
          : ACTION_TITLES[a.action],
        detail: `${a.before} → ${a.after}`,
        notes: a.reason,
        actor: { name: a.actorName, discordId: a.actorDiscordId },
        channel: a.channel,
      };
    }
    case 'delivery': {
      const d = entry.delivery;
      return {
        ...base,
        title: DELIVERY_TITLES[d.kind],
        status: d.status,
        detail: d.lastError ?? (d.kind === 'message_user' ? d.content : null),
        purchaseId: null,
      };
    }
    case 'membership':
      return {
        ...base,
        ...membershipWords(entry),
        status: null,
        actor: null,
        channel: null,
        purchaseId: null,
        notes: null,
      };
  }
}

/** A Priority Pass event in words: what happened, and to which tier. */
function membershipWords(entry: Extract<TimelineEntry, { kind: 'membership' }>): {
  title: string;
  detail: string | null;
} {
  const { event, tierName } = entry;
  switch (event.kind) {
    case 'started':
      return { title: `Priority Pass started: ${tierName}`, detail: null };
    case 'renewed':
      return { title: `Priority Pass renewed: ${tierName}`, detail: null };
    case 'past_due':
      return {
        title: `Priority Pass renewal failed: ${tierName}`,
        detail: event.detail ? `Past due; benefits continue until ${shortDay(new Date(event.detail))}` : 'Past due',
      };
    case 'canceled':
      return { title: `Priority Pass canceled: ${tierName}`, detail: 'Benefits last to the end of the paid month' };
    case 'resumed':
      return { title: `Priority Pass resumed: ${tierName}`, detail: null };
    case 'tier_changed':
      return {
        title: `Priority Pass tier changed to ${tierName}`,
        detail: entry.fromTierName ? `From ${entry.fromTierName}` : null,
      };
    case 'downgrade_scheduled':
      return { title: `Priority Pass change to ${tierName} at the next renewal`, detail: null };
    case 'downgrade_dropped':
      return { title: `Priority Pass stays ${tierName}: the scheduled change was dropped`, detail: null };
    case 'ended':
      return { title: `Priority Pass ended: ${tierName}`, detail: event.detail };
  }
}

const shortDay = (date: Date) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(date);

export function presentPlayerPage(page: PlayerPage): Omit<PlayerPageDto, 'grants'> {
  return {
    player: presentPlayerProfile(page.user, page.storeBan, page.access, page.membership),
    permissions: permissionStates(page.user),
    timeline: page.timeline.map(presentEntry),
    truncated: page.truncated,
    perKind: TIMELINE_PER_SOURCE,
  };
}
