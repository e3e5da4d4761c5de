import { describe, expect, it } from 'vitest';
import { discountText, formatMoney, formatPrice, formatRelativeTime } from './format.ts';

describe('formatPrice', () => {
  it('leaves the cents off whole dollars and keeps them otherwise', () => {
    expect(formatPrice(60)).toBe('$60');
    expect(formatPrice(19.99)).toBe('$19.99');
    expect(formatPrice(19.5)).toBe('$19.50');
    expect(formatPrice(1250)).toBe('$1,250');
  });
});

describe('formatMoney', () => {
  it('always shows the cents (revenue to 2 decimals)', () => {
    expect(formatMoney(60)).toBe('$60.00');
    expect(formatMoney(19.99)).toBe('$19.99');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(1234.5)).toBe('$1,234.50');
  });
});

describe('formatRelativeTime', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();

  it('says how long ago in the largest whole unit', () => {
    expect(formatRelativeTime(ago(0), now)).toBe('just now');
    expect(formatRelativeTime(ago(59), now)).toBe('just now');
    expect(formatRelativeTime(ago(60), now)).toBe('1 minute ago');
    expect(formatRelativeTime(ago(2 * 60 + 30), now)).toBe('2 minutes ago');
    expect(formatRelativeTime(ago(3 * 3_600), now)).toBe('3 hours ago');
    expect(formatRelativeTime(ago(86_400), now)).toBe('1 day ago');
    expect(formatRelativeTime(new Date(0), new Date(3 * 3_600_000))).toBe('3 hours ago');
  });

  it('treats a moment slightly ahead of the clock as just now', () => {
    expect(formatRelativeTime(ago(-5), now)).toBe('just now');
  });
});

describe('the hand-written patterns', () => {
  const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
  const wholeUsd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
  const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'always' });
  const amounts = [
    0, 0.01, 0.1, 5, 9.99, 19.99, 60, 999.99, 1000, 1234.5, 12_345.67, 1_000_000, 2_500_000.05, -5, -1234.5,
  ];

  it('write every whole-cent amount as en-US Intl does', () => {
    for (const dollars of amounts) {
      expect(formatMoney(dollars), String(dollars)).toBe(usd.format(dollars));
      expect(formatPrice(dollars), String(dollars)).toBe(
        Number.isInteger(dollars) ? wholeUsd.format(dollars) : usd.format(dollars),
      );
    }
  });

  it('write every span as en-US Intl does', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    const cases: [number, Intl.RelativeTimeFormatUnit][] = [
      [1, 'minute'],
      [59, 'minute'],
      [1, 'hour'],
      [23, 'hour'],
      [1, 'day'],
      [2, 'day'],
      [1500, 'day'],
    ];
    const seconds = { minute: 60, hour: 3_600, day: 86_400 } as Record<string, number>;
    for (const [count, unit] of cases) {
      const then = new Date(now.getTime() - count * seconds[unit] * 1000);
      expect(formatRelativeTime(then, now)).toBe(relative.format(-count, unit));
    }
  });
});

describe('discountText', () => {
  it('says what came off the list price and why, or nothing when nothing did', () => {
    const purchase = { listPrice: 80, discount: 26, couponCode: 'GANG10', saleName: 'Gang week' };
    expect(discountText(purchase)).toBe('$26.00 off the list price of $80.00: Gang week sale, coupon GANG10');
    expect(discountText({ ...purchase, discount: 5, saleName: null })).toBe(
      '$5.00 off the list price of $80.00: coupon GANG10',
    );
    expect(discountText({ ...purchase, discount: 0 })).toBeNull();
  });
});
