import { GIFT_SUBSCRIPTION_PREFIX } from '../../purchases/model/gift.ts';
import type { PaymentGatewayName } from '../../purchases/model/purchase.ts';

/** A player's Priority Pass: one tier, billed every month on the day it started (DESIGN-DECISIONS section 10). */
export const MEMBERSHIP_STATUSES = ['active', 'past_due', 'ended'] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

/** what reversing a month does to its membership; the store's refund asks it, so the store names it */
export { MONTH_REVERSAL_EFFECTS, type MonthReversalEffect } from '../../purchases/ports.ts';

/** How long benefits stay after a renewal payment fails, while the provider retries. */
export const GRACE_DAYS = 3;

export interface Membership {
  id: string;
  userId: string;
  /** the tier whose benefits hold now (a catalogue whitelist tier id) */
  tierId: string;
  status: MembershipStatus;
  /** benefits end at currentPeriodEnd and nothing more is charged */
  cancelAtPeriodEnd: boolean;
  /** a downgrade waiting for the next renewal */
  pendingTierId: string | null;
  gateway: PaymentGatewayName;
  /** the provider's subscription (demo: sub_demo_...) */
  subscriptionId: string;
  /** demo: the paid intent whose card renewals are charged to; Stripe keeps the card itself (null) */
  paymentRef: string | null;
  /** the first month's start: every later period starts on its day of the month */
  anchor: Date;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  /** past due: benefits last until then */
  graceUntil: Date | null;
  startedAt: Date;
  endedAt: Date | null;
  /** why it ended, in words for the player and the admin */
  endReason: string | null;
  /** when the newest subscription event applied happened at the provider; an older one is ignored */
  providerEventAt?: Date | null;
  /** when the scheduler last asked the provider about the subscription */
  providerCheckedAt?: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * A gifted pass: paid once by another player for a fixed number of months, with no subscription at any provider
 * (its subscription id names the gift's purchase). It never renews and is never charged; it ends after its months.
 */
export function isGifted(membership: Pick<Membership, 'subscriptionId'>): boolean {
  return membership.subscriptionId.startsWith(GIFT_SUBSCRIPTION_PREFIX);
}

/** Whether the membership gives its benefits now: active, or past due within its grace. */
export function isLive(membership: Pick<Membership, 'status'>): boolean {
  return membership.status === 'active' || membership.status === 'past_due';
}

/** `anchor` plus `months`, on the anchor's day, or the month's last day when that month is shorter (as Stripe bills). */
export function addMonths(anchor: Date, months: number): Date {
  const target = new Date(anchor.getTime());
  const day = anchor.getUTCDate();
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target;
}

/** The end of the billing period that starts at `periodStart`: the next monthly date after it. */
export function periodEndAfter(anchor: Date, periodStart: Date): Date {
  for (let months = 1; months < 1200; months++) {
    const end = addMonths(anchor, months);
    if (end.getTime() > periodStart.getTime() + 86_400_000) return end;
  }
  throw new Error('billing period out of range');
}

const HOUR = 3_600_000;

/**
 * `amountCents` for the part of the period still to run at `now`, counted in whole hours (an hour begun counts), and
 * rounded to the cent: what a dialog shows stays the charge for the rest of that hour.
 */
export function prorate(amountCents: number, period: { start: Date; end: Date }, now: Date): number {
  const length = Math.round((period.end.getTime() - period.start.getTime()) / HOUR);
  const left = Math.max(0, Math.min(length, Math.ceil((period.end.getTime() - now.getTime()) / HOUR)));
  return length > 0 ? Math.round((amountCents * left) / length) : 0;
}

/**
 * The least a provider's invoice may pay for an upgrade the site charged `chargeCents` for (to a tier of
 * `monthlyCents` a month, in the month `period`): the provider prorates to the second from when it is asked, where
 * the site counts the hours left and rounds an hour begun up, so the provider's charge may be up to an hour's share
 * lower, and a cent lower on each of its two rounded lines (the old tier's credit, the new tier's charge).
 */
export function upgradeFloor(chargeCents: number, monthlyCents: number, period: { start: Date; end: Date }): number {
  const hours = Math.round((period.end.getTime() - period.start.getTime()) / HOUR);
  const hourShare = hours > 0 ? Math.ceil(monthlyCents / hours) : 0;
  return Math.max(0, chargeCents - hourShare - 2);
}

/** "Nov 24, 2026": the day a month of membership starts, as the ledger and the messages name it */
export { billingDay } from '../../shared/dates.ts';
