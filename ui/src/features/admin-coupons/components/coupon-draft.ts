import type { ProductTypeDto } from '@contract/catalogue.ts';
import type { CreateCouponRequest } from '@contract/promotions.ts';

/** The coupon form as typed: every field a string or a choice, as the CLI's `coupons create` options. */
export interface CouponDraft {
  code: string;
  kind: 'percent' | 'amount';
  value: string;
  types: ProductTypeDto[];
  productIds: string[];
  maxUses: string;
  perPlayer: string;
  starts: string;
  expires: string;
  months: string;
  forever: boolean;
}

export const EMPTY_DRAFT: CouponDraft = {
  code: '',
  kind: 'percent',
  value: '',
  types: [],
  productIds: [],
  maxUses: '',
  perPlayer: '',
  starts: '',
  expires: '',
  months: '1',
  forever: false,
};

const count = (value: string) => (value.trim() === '' ? null : Number(value.trim()));
const wholeIn = (value: string, max: number) =>
  /^\d+$/.test(value.trim()) && Number(value) >= 1 && Number(value) <= max;
const limitWords = (what: string) => `${what} is a whole number from 1 to 1,000,000, or empty for no limit.`;

/**
 * What the form can tell is wrong before asking the server, in the words the server uses, keyed by the field that
 * shows it; the server checks every rule again.
 */
export function draftProblems(draft: CouponDraft): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!draft.code.trim()) problems.code = 'Give the coupon a code.';
  const value = draft.value.trim();
  if (draft.kind === 'percent' && !wholeIn(value, 100))
    problems.value = value ? 'A percent is a whole number from 1 to 100.' : 'Give the percent off, 1 to 100.';
  if (draft.kind === 'amount' && !(Number(value) > 0))
    problems.value = value ? 'An amount off is in dollars, like 5 or 2.50.' : 'Give the dollars off, like 5 or 2.50.';
  if (draft.maxUses.trim() && !wholeIn(draft.maxUses, 1_000_000)) problems.maxUses = limitWords('Uses in all');
  if (draft.perPlayer.trim() && !wholeIn(draft.perPlayer, 1_000_000))
    problems.perPlayer = limitWords('Uses per player');
  if (!draft.forever && !wholeIn(draft.months, 120))
    problems.months = 'Priority Pass months is a whole number from 1 to 120, or tick Every month.';
  if (draft.starts && draft.expires && draft.expires < draft.starts)
    problems.expiresAt = 'A coupon expires after it starts.';
  return problems;
}

/** The request for POST /api/coupons; dates are whole days in the admin's own time zone. */
export function requestOf(draft: CouponDraft): CreateCouponRequest {
  const value = Number(draft.value.trim());
  return {
    code: draft.code,
    ...(draft.kind === 'percent' ? { percentOff: value } : { amountOff: value }),
    productTypes: draft.types,
    productIds: draft.productIds,
    maxUses: count(draft.maxUses),
    perPlayer: count(draft.perPlayer),
    // the start of the first day and the end of the last
    startsAt: draft.starts ? new Date(`${draft.starts}T00:00:00`).toISOString() : null,
    expiresAt: draft.expires ? new Date(`${draft.expires}T23:59:59`).toISOString() : null,
    months: draft.forever ? 'forever' : (count(draft.months) ?? 1),
  };
}
