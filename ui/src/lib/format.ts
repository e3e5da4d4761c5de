/** How the site writes money and times: the API sends dollars as numbers and times as ISO strings. */

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const wholeUsd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'always' });

/** A price as the store cards show it: whole dollars without cents ('$60'), otherwise with them ('$19.99'). */
export function formatPrice(dollars: number): string {
  return Number.isInteger(dollars) ? wholeUsd.format(dollars) : usd.format(dollars);
}

/** An amount as the purchase dashboard shows it, always to the cent ('$60.00'). */
export function formatMoney(dollars: number): string {
  return usd.format(dollars);
}

const UNITS: [seconds: number, unit: Intl.RelativeTimeFormatUnit][] = [
  [86_400, 'day'],
  [3_600, 'hour'],
  [60, 'minute'],
];

/** How long ago a moment was, in its largest whole unit ('2 minutes ago', '3 hours ago'); under a minute is 'just now'. */
export function formatRelativeTime(then: string | Date, now: Date = new Date()): string {
  const seconds = Math.max(0, Math.floor((now.getTime() - new Date(then).getTime()) / 1000));
  for (const [size, unit] of UNITS) {
    const count = Math.floor(seconds / size);
    if (count >= 1) return relative.format(-count, unit);
  }
  return 'just now';
}
