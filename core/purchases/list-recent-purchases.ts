import { centsToDollars } from '../shared/money.ts';
import type { Clock } from '../shared/ports.ts';
import type { PurchaseRepository } from './ports.ts';

export interface RecentPurchase {
  /** first name and the initial of the last, never the whole name */
  name: string;
  item: string;
  /** dollars */
  amount: number;
  time: string;
}

/** 'jean_baptiste' -> 'Jean B.'; a one-word name keeps only its initial ('Gatorking' -> 'G.'). */
export function anonymise(name: string): string {
  const parts = name.split(/[\s._\-]+/).map((part) => part.replace(/[^\p{L}]/gu, '')).filter(Boolean);
  if (parts.length === 0) return 'A player';
  const first = parts[0];
  if (parts.length === 1) return `${first[0].toUpperCase()}.`;
  return `${first[0].toUpperCase()}${first.slice(1, 12).toLowerCase()} ${parts[parts.length - 1][0].toUpperCase()}.`;
}

export function relativeTime(then: Date, now: Date): string {
  const seconds = Math.max(0, Math.floor((now.getTime() - then.getTime()) / 1000));
  const units: [number, string][] = [
    [86_400, 'day'],
    [3_600, 'hour'],
    [60, 'minute'],
  ];
  for (const [size, unit] of units) {
    const count = Math.floor(seconds / size);
    if (count >= 1) return `${count} ${unit}${count === 1 ? '' : 's'} ago`;
  }
  return 'just now';
}

/** The public ticker of completed purchases, anonymised. */
export class ListRecentPurchases {
  constructor(
    private readonly purchases: PurchaseRepository,
    private readonly clock: Clock,
  ) {}

  async execute(input: { limit?: number } = {}): Promise<RecentPurchase[]> {
    const now = this.clock.now();
    const rows = await this.purchases.recentCompleted(Math.min(Math.max(input.limit ?? 15, 1), 50));
    return rows.map((row) => ({
      name: anonymise(row.buyerDiscord ?? ''),
      item: row.productName,
      amount: centsToDollars(row.priceCents),
      time: relativeTime(row.completedAt ?? row.createdAt, now),
    }));
  }
}
