/**
 * How the site writes money and times: the API sends dollars as numbers and times as ISO strings. Written by hand in
 * en-US's patterns rather than with Intl's formatters: making one costs more on a phone than the whole page's first
 * render (format.test.ts holds them to Intl's output).
 */

/** 1234567 → '1,234,567' */
const grouped = (whole: number) => String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** Dollars in en-US currency style, to the cent ('$1,234.50', '-$5.00'); amounts are whole cents. */
function usd(dollars: number, withCents: boolean): string {
  const sign = dollars < 0 ? '-' : '';
  const cents = Math.round(Math.abs(dollars) * 100);
  if (!withCents) return `${sign}$${grouped(Math.round(cents / 100))}`;
  return `${sign}$${grouped(Math.floor(cents / 100))}.${String(cents % 100).padStart(2, '0')}`;
}

/** A price as the store cards show it: whole dollars without cents ('$60'), otherwise with them ('$19.99'). */
export function formatPrice(dollars: number): string {
  return usd(dollars, !Number.isInteger(dollars));
}

/** An amount as the purchase dashboard shows it, always to the cent ('$60.00'). */
export function formatMoney(dollars: number): string {
  return usd(dollars, true);
}

const UNITS: [seconds: number, unit: string][] = [
  [86_400, 'day'],
  [3_600, 'hour'],
  [60, 'minute'],
];

/** How long ago a moment was, in its largest whole unit ('2 minutes ago', '3 hours ago'); under a minute is 'just now'. */
export function formatRelativeTime(then: string | Date, now: Date = new Date()): string {
  const seconds = Math.max(0, Math.floor((now.getTime() - new Date(then).getTime()) / 1000));
  for (const [size, unit] of UNITS) {
    const count = Math.floor(seconds / size);
    if (count >= 1) return `${grouped(count)} ${unit}${count === 1 ? '' : 's'} ago`;
  }
  return 'just now';
}

/**
 * What lowered a purchase's price, in words ('$20.00 off the list price of $80.00: Gang week sale, coupon GANG20');
 * null when nothing did.
 */
export function discountText(purchase: {
  discount: number;
  listPrice: number;
  couponCode: string | null;
  saleName: string | null;
}): string | null {
  if (purchase.discount <= 0) return null;
  const why = [purchase.saleName && `${purchase.saleName} sale`, purchase.couponCode && `coupon ${purchase.couponCode}`]
    .filter(Boolean)
    .join(', ');
  return `${usd(purchase.discount, true)} off the list price of ${usd(purchase.listPrice, true)}${why ? `: ${why}` : ''}`;
}
